/**
 * An upstream test double: a node:http server on 127.0.0.1 that answers as the API (and its token
 * endpoint) by passing requests on to a sandbox, except where a test makes it misbehave: HTML,
 * wrong types, cut JSON, error pages with traces, redirects to another host, headers of its own.
 * A second server stands for "another host" and records what reaches it.
 */
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import { createSandbox, type Sandbox } from '../../src/sandbox/index.js';
import { type CatalogHandlerOptions, createCatalogHandler } from '../../src/server/index.js';

/** What the double answers for one API path instead of the sandbox: status, headers, body text. */
export interface Fault {
  status: number;
  headers?: Record<string, string>;
  body: string;
}

export interface Upstream {
  sandbox: Sandbox;
  /** `http://127.0.0.1:port/api` and `/auth`: the handler's baseUrl and authUrl. */
  baseUrl: string;
  authUrl: string;
  /** The other host: `http://127.0.0.1:port`. */
  otherHost: string;
  /** Requests that reached the other host, with their headers. */
  reachedOtherHost: { url: string; headers: IncomingMessage['headers'] }[];
  /** Requests the API double received (path under /api, with query). */
  apiRequests: string[];
  /** Misbehaves for `path` (under /api) until cleared: each request gets `fault`. */
  fail(path: string, fault: Fault | ((other: string) => Fault)): void;
  clear(path?: string): void;
  close(): Promise<void>;
}

/** A node:http server of `handle` on 127.0.0.1 and a free port; `close` ends it and its connections. */
export async function listen(
  handle: (req: IncomingMessage, res: ServerResponse) => void,
): Promise<{ server: Server; base: string; close(): Promise<void> }> {
  const server = createServer(handle);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  const port = typeof address === 'object' && address ? address.port : 0;
  const close = async () => {
    server.closeAllConnections();
    await new Promise((resolve) => server.close(resolve));
  };
  return { server, base: `http://127.0.0.1:${port}`, close };
}

async function bodyOf(req: IncomingMessage): Promise<Buffer | undefined> {
  const chunks: Buffer[] = [];
  for await (const chunk of req) chunks.push(chunk as Buffer);
  return chunks.length > 0 ? Buffer.concat(chunks) : undefined;
}

export async function upstreamDouble(): Promise<Upstream> {
  const sandbox = createSandbox();
  const faults = new Map<string, Fault | ((other: string) => Fault)>();
  const reachedOtherHost: Upstream['reachedOtherHost'] = [];
  const apiRequests: string[] = [];
  const other = await listen((req, res) => {
    reachedOtherHost.push({ url: req.url ?? '', headers: req.headers });
    // A perfectly shaped answer: still not the API's, as it comes from another host.
    const { access_token } = sandbox.issueUserToken();
    void sandbox
      .fetch(`${sandbox.baseUrl}${req.url ?? '/'}`, { headers: { authorization: `Bearer ${access_token}` } })
      .then(async (answer) => {
        res.writeHead(answer.status, { 'content-type': 'application/json' });
        res.end(await answer.text());
      });
  });
  const api = await listen((req, res) => {
    void (async () => {
      const url = req.url ?? '/';
      const [area, ...rest] = url.split('/').slice(1);
      const tail = `/${rest.join('/')}`;
      const body = await bodyOf(req);
      if (area === 'api') {
        apiRequests.push(tail);
        const fault = faults.get(tail.split('?')[0] as string);
        if (fault) {
          const { status, headers, body: text } = typeof fault === 'function' ? fault(other.base) : fault;
          res.writeHead(status, headers ?? {});
          res.end(text);
          return;
        }
      }
      const target = area === 'auth' ? sandbox.authUrl : sandbox.baseUrl;
      const headers = new Headers();
      for (const [name, value] of Object.entries(req.headers)) {
        if (typeof value === 'string' && name !== 'host' && name !== 'connection') headers.set(name, value);
      }
      const answer = await sandbox.fetch(`${target}${tail}`, {
        method: req.method,
        headers,
        body: body && req.method !== 'GET' ? new Uint8Array(body) : undefined,
        redirect: 'manual',
      });
      const out: Record<string, string> = {};
      answer.headers.forEach((value, name) => {
        if (name !== 'content-length' && name !== 'content-encoding') out[name] = value;
      });
      res.writeHead(answer.status, out);
      res.end(Buffer.from(await answer.arrayBuffer()));
    })().catch(() => res.destroy());
  });
  return {
    sandbox,
    baseUrl: `${api.base}/api`,
    authUrl: `${api.base}/auth`,
    otherHost: other.base,
    reachedOtherHost,
    apiRequests,
    fail: (path, fault) => void faults.set(path, fault),
    clear: (path) => (path === undefined ? faults.clear() : void faults.delete(path)),
    close: async () => {
      await api.close();
      await other.close();
    },
  };
}

/** A handler whose API is the double (real sockets, the platform's fetch). */
export function handlerOver(upstream: Upstream, options: Partial<CatalogHandlerOptions> = {}) {
  return createCatalogHandler({
    baseUrl: upstream.baseUrl,
    authUrl: upstream.authUrl,
    clientId: upstream.sandbox.clientId,
    clientSecret: upstream.sandbox.clientSecret,
    logLevel: 'off',
    maxRetries: 0,
    ...options,
  });
}
