/**
 * The handler from `node:http` and Express: `http.createServer(toNodeHandler(handler))` or
 * `app.use(toNodeHandler(handler))`. Types only from Node: the entry stays loadable in Workers.
 */
import type { IncomingMessage, ServerResponse } from 'node:http';
import { hasControl } from '../internal/path-text.js';
import { FETCH_METHODS } from './methods.js';
import { forwardedOrigin, peerAddress } from './proxy.js';
import { JSON_TYPE, SECURITY_HEADERS } from './security-headers.js';
import type { RequestContext } from './visitors.js';

export interface NodeHandlerOptions {
  /**
   * The site's origin as browsers see it (`https://shop.example`). Default: from the request: with
   * `trustProxy`, `X-Forwarded-Proto` and `X-Forwarded-Host`; else `http://` and the Host header
   * (checked to be a host name and port).
   */
  origin?: string | undefined;
  /**
   * Whether the `X-Forwarded-*` headers are believed: `true` behind one or more proxies you run
   * that set them (nginx, a load balancer), or the number of such proxies in front of this server
   * (the client address is then read that many hops from the right of `X-Forwarded-For`).
   * Default `false`: the socket's address and the Host header, as a request straight from the
   * internet must be read (anyone can send these headers).
   */
  trustProxy?: boolean | number | undefined;
}

/** A fetch-standard handler, as `createCatalogHandler` returns. */
export type FetchHandler = (request: Request, context?: RequestContext) => Promise<Response>;

/** `(req, res, next?)`: what node:http and Express call; `next` gets requests the handler failed to read. */
export type NodeHandler = (
  req: IncomingMessage & { originalUrl?: string },
  res: ServerResponse,
  next?: (error?: unknown) => void,
) => void;

const HOST = /^[A-Za-z0-9.-]+(?::\d{1,5})?$|^\[[0-9A-Fa-f:.]+\](?::\d{1,5})?$/;
/** The raw request target must be a path: no escape of `/`, `\` or `.`, no dot segment (control characters: hasControl). */
const BAD_TARGET = /%2f|%5c|%2e|\\|(?:^|\/)\.\.?(?:\/|\?|$)/i;
/** An unread body is read and dropped up to this much after the answer, so the client sees the answer; then the connection is closed. */
const DRAIN_BYTES = 256 * 1024;
const DRAIN_MS = 2000;
/** The body is read a chunk at a time as the handler asks: at most this much waits in the stream. */
const BODY_HIGH_WATER = 64 * 1024;

export function toNodeHandler(handler: FetchHandler, options: NodeHandlerOptions = {}): NodeHandler {
  const hops = options.trustProxy === true ? Number.POSITIVE_INFINITY : Number(options.trustProxy || 0);
  return (req, res, next) => {
    // A client that goes away mid-request must not become an uncaught 'error'.
    req.on('error', () => undefined);
    res.on('error', () => undefined);
    let failed = false;
    serve(handler, options, hops, req, res)
      .catch((error: unknown) => {
        failed = true;
        if (next) return next(error);
        if (res.headersSent) return res.destroy();
        res.writeHead(500, REFUSAL_HEADERS);
        res.end('{"errors":[{"code":"HandlerError","messages":["The catalog handler failed"]}]}');
      })
      .catch(() => res.destroy())
      .finally(() => {
        if (!failed || !next) drainThenClose(req, res);
      });
  };
}

async function serve(
  handler: FetchHandler,
  options: NodeHandlerOptions,
  hops: number,
  req: IncomingMessage & { originalUrl?: string },
  res: ServerResponse,
): Promise<void> {
  // Express strips its mount path from req.url; originalUrl is what the browser asked for.
  const target = req.originalUrl ?? req.url ?? '/';
  const origin = options.origin ?? originOf(req, hops);
  if (
    !target.startsWith('/') ||
    BAD_TARGET.test(target.split('?')[0] as string) ||
    hasControl(target) ||
    !origin
  ) {
    return answer(res, 400, 'InvalidPath', 'The request target is not a plain path');
  }
  const headers = new Headers();
  for (const [name, value] of Object.entries(req.headers)) {
    if (value === undefined || name.startsWith(':')) continue;
    for (const one of Array.isArray(value) ? value : [value]) headers.append(name, one);
  }
  const context: RequestContext = { clientAddress: peerAddress(req, hops) };
  const method = (req.method ?? 'GET').toUpperCase();
  const url = `${origin}${target}`;
  if (!FETCH_METHODS.has(method)) {
    // TRACE, CONNECT and others cannot even be a fetch Request: the handler's OPTIONS says what the path takes.
    const allow = (await handler(new Request(url, { method: 'OPTIONS', headers }), context)).headers.get(
      'allow',
    );
    res.writeHead(405, { allow: allow ?? [...FETCH_METHODS].join(', '), ...REFUSAL_HEADERS });
    res.end(errorBody('MethodNotAllowed', `${method} is not served`));
    return;
  }
  const controller = new AbortController();
  res.on('close', () => controller.abort());
  const hasBody = method !== 'GET' && method !== 'HEAD';
  const request = new Request(url, {
    method,
    headers,
    signal: controller.signal,
    ...(hasBody && { body: bodyStream(req), duplex: 'half' }),
  } as RequestInit);
  const response = await handler(request, context);
  const out: Record<string, string | string[]> = {};
  response.headers.forEach((value, name) => {
    if (name !== 'set-cookie') out[name] = value;
  });
  const cookies = response.headers.getSetCookie();
  if (cookies.length > 0) out['set-cookie'] = cookies;
  // A body still arriving that the handler did not read ends the connection (after a bounded
  // drain): keep-alive would read all of it.
  if (!req.complete) out.connection = 'close';
  const body = response.body && method !== 'HEAD' ? new Uint8Array(await response.arrayBuffer()) : undefined;
  res.writeHead(response.status, out);
  res.end(body);
}

/** The origin browsers see, or undefined when the Host header is not a plain host. */
function originOf(req: IncomingMessage, hops: number): string | undefined {
  const forwarded = hops > 0 ? forwardedOrigin(req) : undefined;
  if (forwarded) return forwarded;
  const host = req.headers.host ?? '';
  return HOST.test(host) ? `http://${host}` : undefined;
}

/**
 * The request body as the handler reads it: nothing is read from the socket until the handler
 * asks, one chunk per ask (backpressure); once the handler cancels (a body over its limit) no
 * chunk is queued again.
 */
function bodyStream(req: IncomingMessage): ReadableStream<Uint8Array> {
  let open = true;
  req.pause();
  return new ReadableStream<Uint8Array>(
    {
      start(controller) {
        req.on('data', (chunk: Buffer) => {
          if (!open) return;
          controller.enqueue(new Uint8Array(chunk));
          if ((controller.desiredSize ?? 0) <= 0) req.pause();
        });
        req.on('end', () => {
          if (open) controller.close();
          open = false;
        });
        req.on('error', (error) => {
          if (open) controller.error(error);
          open = false;
        });
      },
      pull() {
        req.resume();
      },
      cancel() {
        open = false;
        req.pause();
      },
    },
    { highWaterMark: BODY_HIGH_WATER, size: (chunk) => chunk.byteLength },
  );
}

/** After the answer: what is left of the body is read and dropped up to a bound, then the socket closes. */
function drainThenClose(req: IncomingMessage, res: ServerResponse): void {
  if (req.complete || req.destroyed) return;
  let left = DRAIN_BYTES;
  const close = (): void => {
    clearTimeout(timer);
    req.socket?.destroy();
  };
  const timer = setTimeout(close, DRAIN_MS);
  timer.unref?.();
  req.on('data', (chunk: Buffer) => {
    left -= chunk.length;
    if (left < 0) close();
  });
  req.on('end', () => clearTimeout(timer));
  // Once the answer is out: a client still sending then sees the answer before the reset.
  if (res.writableFinished) req.resume();
  else res.once('finish', () => req.resume());
}

const REFUSAL_HEADERS = { ...SECURITY_HEADERS, 'content-type': JSON_TYPE, 'cache-control': 'no-store' };

function errorBody(code: string, message: string): string {
  return JSON.stringify({ errors: [{ code, messages: [message] }] });
}

function answer(res: ServerResponse, status: number, code: string, message: string): void {
  res.writeHead(status, { ...REFUSAL_HEADERS, connection: 'close' });
  res.end(errorBody(code, message));
}
