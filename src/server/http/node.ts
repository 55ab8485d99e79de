/**
 * The handler from `node:http` and Express: `http.createServer(toNodeHandler(handler))` or
 * `app.use(toNodeHandler(handler))`. Types only from Node: the entry stays loadable in Workers.
 */
import type { IncomingMessage, ServerResponse } from 'node:http';
import { hasControl } from '../../internal/path-text.js';
import { type Answer, isThenable, type Maybe } from '../answers/answer.js';
import type { RequestContext } from '../options.js';
import { errorBody } from '../upstream/upstream.js';
import { FRONT_DOOR } from './front-door.js';
import { FETCH_METHODS } from './methods.js';
import { forwardedOrigin, HOST, peerAddress } from './proxy.js';
import { JSON_TYPE, SECURITY_HEADERS } from './security-headers.js';
import type { Target } from './target.js';

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
    req.on('error', ignore);
    res.on('error', ignore);
    let served: Maybe<void>;
    try {
      served = serve(handler, options, hops, req, res);
    } catch (error) {
      failed(req, res, next, error);
      return;
    }
    // An answer written at once (a kept one) costs no promise; a request with no body has nothing to drain.
    if (isThenable(served)) {
      served.then(
        () => drainThenClose(req, res),
        (error: unknown) => failed(req, res, next, error),
      );
    } else if (hasBody(req)) queueMicrotask(() => drainThenClose(req, res));
  };
}

const ignore = (): void => undefined;

/** The handler threw: Express' `next` is told, else a 500 (or the socket closed when the answer has started). */
function failed(
  req: IncomingMessage,
  res: ServerResponse,
  next: ((error?: unknown) => void) | undefined,
  error: unknown,
): void {
  if (next) {
    next(error);
    return;
  }
  try {
    if (res.headersSent) res.destroy();
    else {
      res.writeHead(500, REFUSAL_HEADERS);
      res.end('{"errors":[{"code":"HandlerError","messages":["The catalog handler failed"]}]}');
    }
  } catch {
    res.destroy();
  }
  drainThenClose(req, res);
}

/** The answer, written: at once (undefined) when the handler answers at once, else a promise. */
function serve(
  handler: FetchHandler,
  options: NodeHandlerOptions,
  hops: number,
  req: IncomingMessage & { originalUrl?: string },
  res: ServerResponse,
): Maybe<void> {
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
  const context: RequestContext = { clientAddress: peerAddress(req, hops) };
  const method = (req.method ?? 'GET').toUpperCase();
  const url = `${origin}${target}`;
  if (!FETCH_METHODS.has(method)) return notAllowed(handler, req, res, method, url, context);
  let request: Request | undefined;
  /** The fetch Request of this request: built once, when the handler needs one. */
  const requestOf = (): Request => {
    if (request) return request;
    const controller = new AbortController();
    res.on('close', () => controller.abort());
    const hasBody = method !== 'GET' && method !== 'HEAD';
    request = new Request(url, {
      method,
      headers: headersOf(req),
      signal: controller.signal,
      ...(hasBody && { body: bodyStream(req), duplex: 'half' }),
    } as RequestInit);
    return request;
  };
  const open = (handler as { [FRONT_DOOR]?: (target: Target) => Maybe<Answer> })[FRONT_DOOR];
  // createCatalogHandler's own door: a kept answer is served without a Request (as Hono's node
  // server does), and at once when the store answers at once.
  const given = open
    ? open(nodeTarget(req, method, origin, target, url, context, requestOf))
    : handler(requestOf(), context);
  return isThenable(given)
    ? Promise.resolve(given).then((answer) => write(req, res, method, answer))
    : write(req, res, method, given);
}

/** TRACE, CONNECT and others cannot even be a fetch Request: the handler's OPTIONS says what the path takes. */
async function notAllowed(
  handler: FetchHandler,
  req: IncomingMessage,
  res: ServerResponse,
  method: string,
  url: string,
  context: RequestContext,
): Promise<void> {
  const allow = (
    await handler(new Request(url, { method: 'OPTIONS', headers: headersOf(req) }), context)
  ).headers.get('allow');
  res.writeHead(405, { allow: allow ?? [...FETCH_METHODS].join(', '), ...REFUSAL_HEADERS });
  res.end(JSON.stringify(errorBody('MethodNotAllowed', `${method} is not served`)));
}

/** The answer on the socket: the same headers and bytes whether it is a Response or its parts. */
function write(
  req: IncomingMessage,
  res: ServerResponse,
  method: string,
  answer: Answer,
): Promise<void> | undefined {
  const out: Record<string, string | string[]> = {};
  if (answer instanceof Response) {
    answer.headers.forEach((value, name) => {
      if (name !== 'set-cookie') out[name] = value;
    });
    const cookies = answer.headers.getSetCookie();
    if (cookies.length > 0) out['set-cookie'] = cookies;
    if (!answer.body || method === 'HEAD') return send(req, res, answer.status, out, undefined);
    return answer.arrayBuffer().then((bytes) => send(req, res, answer.status, out, new Uint8Array(bytes)));
  }
  // In the order a Response's headers iterate: sorted by name (a kept answer's are, once).
  for (const [name, value] of answer.sorted ? answer.headers : [...answer.headers].sort(byName))
    out[name] = value;
  return send(req, res, answer.status, out, answer.body && method !== 'HEAD' ? answer.body : undefined);
}

function send(
  req: IncomingMessage,
  res: ServerResponse,
  status: number,
  out: Record<string, string | string[]>,
  body: Uint8Array | undefined,
): undefined {
  // A body still arriving that the handler did not read ends the connection (after a bounded
  // drain): keep-alive would read all of it. A request without one may be answered before Node
  // marks it complete (a kept answer is written at once): it keeps its connection.
  if (!req.complete && hasBody(req)) out.connection = 'close';
  // The length known up front: no chunked framing.
  if (body) out['content-length'] = String(body.byteLength);
  res.writeHead(status, out);
  res.end(body);
  return undefined;
}

/** Whether the request announces a body (HTTP/1.1: a Content-Length above 0, or a Transfer-Encoding). */
function hasBody(req: IncomingMessage): boolean {
  const length = req.headers['content-length'];
  return req.headers['transfer-encoding'] !== undefined || (length !== undefined && length !== '0');
}

function byName(a: readonly [string, string], b: readonly [string, string]): number {
  return a[0] < b[0] ? -1 : a[0] > b[0] ? 1 : 0;
}

/** The request's headers as a fetch Headers. */
function headersOf(req: IncomingMessage): Headers {
  const headers = new Headers();
  for (const [name, value] of Object.entries(req.headers)) {
    if (value === undefined || name.startsWith(':')) continue;
    for (const one of Array.isArray(value) ? value : [value]) headers.append(name, one);
  }
  return headers;
}

/** A path of plain characters and a query the URL parser leaves as it is: read without parsing. */
const PLAIN_PATH = /^\/[A-Za-z0-9_/-]*$/;
const PLAIN_QUERY = /^[\x21\x24-\x26\x28-\x3b\x3d\x3f-\x7e]*$/;
/** Origins as the URL parser spells them (`http://Shop.test:80` is `http://shop.test`), remembered. */
const ORIGINS = new Map<string, string>();

function nodeTarget(
  req: IncomingMessage,
  method: string,
  origin: string,
  raw: string,
  url: string,
  context: RequestContext,
  request: () => Request,
): Target {
  const at = raw.indexOf('?');
  const path = at === -1 ? raw : raw.slice(0, at);
  const query = at === -1 ? '' : raw.slice(at + 1);
  let pathname = path;
  let search = query;
  let parsedOrigin = ORIGINS.get(origin);
  if (parsedOrigin === undefined || !PLAIN_PATH.test(path) || !PLAIN_QUERY.test(query)) {
    const parsed = new URL(url);
    ({ pathname } = parsed);
    search = parsed.search.slice(1);
    parsedOrigin = parsed.origin;
    if (ORIGINS.size >= 64) ORIGINS.clear();
    ORIGINS.set(origin, parsedOrigin);
  }
  return {
    method,
    url,
    origin: parsedOrigin,
    pathname,
    search,
    headers: {
      get(name) {
        const value = req.headers[name];
        return value === undefined ? null : Array.isArray(value) ? value.join(', ') : value;
      },
    },
    context,
    request,
  };
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

function answer(res: ServerResponse, status: number, code: string, message: string): void {
  res.writeHead(status, { ...REFUSAL_HEADERS, connection: 'close' });
  res.end(JSON.stringify(errorBody(code, message)));
}
