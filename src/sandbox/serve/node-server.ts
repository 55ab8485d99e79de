import type { IncomingMessage, ServerResponse } from 'node:http';
import type { SandboxServer } from '../types.js';

export interface ServerHooks {
  handle(request: Request): Promise<Response>;
  /** Called with `host:port` names the server answers as, so they are not "foreign". */
  addHosts(hosts: string[]): void;
  removeHosts(hosts: string[]): void;
}

function toRequest(
  req: IncomingMessage,
  body: Uint8Array<ArrayBuffer> | null,
  origin: string,
  signal: AbortSignal,
): Request {
  const headers = new Headers();
  // rawHeaders keeps repeated headers as separate entries; Headers joins them as fetch would.
  for (let i = 0; i + 1 < req.rawHeaders.length; i += 2) {
    const name = req.rawHeaders[i] as string;
    if (name.startsWith(':')) continue;
    headers.append(name, req.rawHeaders[i + 1] as string);
  }
  const host = req.headers.host ?? new URL(origin).host;
  return new Request(`http://${host}${req.url ?? '/'}`, {
    method: req.method ?? 'GET',
    headers,
    body: body && body.byteLength > 0 ? body : null,
    signal,
  });
}

async function readBody(req: IncomingMessage): Promise<Uint8Array<ArrayBuffer> | null> {
  if (req.method === 'GET' || req.method === 'HEAD') return null;
  const chunks: Uint8Array[] = [];
  for await (const chunk of req)
    chunks.push(typeof chunk === 'string' ? new TextEncoder().encode(chunk) : (chunk as Uint8Array));
  const size = chunks.reduce((sum, c) => sum + c.byteLength, 0);
  const out = new Uint8Array(size);
  let offset = 0;
  for (const chunk of chunks) {
    out.set(chunk, offset);
    offset += chunk.byteLength;
  }
  return out;
}

async function writeResponse(res: ServerResponse, response: Response): Promise<void> {
  const headers: Record<string, string | string[]> = {};
  response.headers.forEach((value, name) => {
    headers[name] = value;
  });
  const cookies = response.headers.getSetCookie();
  if (cookies.length > 0) headers['set-cookie'] = cookies;
  res.writeHead(response.status, headers);
  if (!response.body) {
    res.end();
    return;
  }
  const reader = response.body.getReader();
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    if (!res.write(value)) await new Promise<void>((resolve) => res.once('drain', () => resolve()));
  }
  res.end();
}

const NODE_HTTP = 'node:http';

/** A loopback HTTP server over the sandbox's handler; node:http is loaded only here. */
export async function startServer(
  hooks: ServerHooks,
  options: { port?: number; host?: string } = {},
): Promise<SandboxServer> {
  // Not a string literal, so browser bundlers leave it alone: `price-catalog/testing` bundles for
  // the browser (which never calls listen()) without an --external flag.
  const http: typeof import('node:http') = await import(
    /* webpackIgnore: true */ /* @vite-ignore */ NODE_HTTP
  );
  const host = options.host ?? '127.0.0.1';
  let origin = '';
  const server = http.createServer((req, res) => {
    const controller = new AbortController();
    res.on('close', () => {
      if (!res.writableFinished) controller.abort(new DOMException('The client went away', 'AbortError'));
    });
    void (async () => {
      try {
        const request = toRequest(req, await readBody(req), origin, controller.signal);
        const response = await hooks.handle(request);
        // A connection reset: the client sees the socket die without an answer.
        if (response.type === 'error') req.socket.destroy();
        else await writeResponse(res, response);
      } catch {
        if (!res.headersSent && !controller.signal.aborted) {
          res.writeHead(500, { 'content-type': 'text/plain' });
          res.end('sandbox server error');
        } else {
          req.socket.destroy();
        }
      }
    })();
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port ?? 0, host, () => resolve());
  });
  const address = server.address();
  const port = typeof address === 'object' && address ? address.port : (options.port ?? 0);
  const urlHost = host.includes(':') ? `[${host}]` : host;
  origin = `http://${urlHost}:${port}`;
  const names = [`${urlHost}:${port}`, `localhost:${port}`, `127.0.0.1:${port}`, `[::1]:${port}`];
  hooks.addHosts(names);
  return {
    url: origin,
    baseUrl: origin,
    authUrl: origin,
    port,
    close: () =>
      new Promise<void>((resolve, reject) => {
        hooks.removeHosts(names);
        server.close((error) => (error ? reject(error) : resolve()));
        server.closeAllConnections();
      }),
  };
}
