/**
 * The handler from `node:http` and Express: `http.createServer(toNodeHandler(handler))` or
 * `app.use(toNodeHandler(handler))`. Types only from Node: the entry stays loadable in Workers.
 */
import type { IncomingMessage, ServerResponse } from 'node:http';
import { hasControl } from './guard.js';

export interface NodeHandlerOptions {
  /**
   * The site's origin as browsers see it (`https://shop.example`). Default: `http://` and the
   * request's Host header (checked to be a host name and port).
   */
  origin?: string | undefined;
}

/** `(req, res, next?)`: what node:http and Express call; `next` gets requests the handler failed to read. */
export type NodeHandler = (
  req: IncomingMessage & { originalUrl?: string },
  res: ServerResponse,
  next?: (error?: unknown) => void,
) => void;

const HOST = /^[A-Za-z0-9.-]+(?::\d{1,5})?$|^\[[0-9A-Fa-f:.]+\](?::\d{1,5})?$/;
/** The raw request target must be a path: no escape of `/`, `\` or `.`, no dot segment (control characters: hasControl). */
const BAD_TARGET = /%2f|%5c|%2e|\\|(?:^|\/)\.\.?(?:\/|\?|$)/i;

export function toNodeHandler(
  handler: (request: Request) => Promise<Response>,
  options: NodeHandlerOptions = {},
): NodeHandler {
  return (req, res, next) => {
    serve(handler, options, req, res).catch((error: unknown) => {
      if (next) next(error);
      else if (!res.headersSent) {
        res.writeHead(500, { 'content-type': 'application/json' });
        res.end('{"errors":[{"code":"HandlerError","messages":["The catalog handler failed"]}]}');
      } else res.destroy();
    });
  };
}

async function serve(
  handler: (request: Request) => Promise<Response>,
  options: NodeHandlerOptions,
  req: IncomingMessage & { originalUrl?: string },
  res: ServerResponse,
): Promise<void> {
  // Express strips its mount path from req.url; originalUrl is what the browser asked for.
  const target = req.originalUrl ?? req.url ?? '/';
  const host = req.headers.host ?? '';
  if (
    !target.startsWith('/') ||
    BAD_TARGET.test(target.split('?')[0] as string) ||
    hasControl(target) ||
    (!options.origin && !HOST.test(host))
  ) {
    res.writeHead(400, { 'content-type': 'application/json', 'cache-control': 'no-store' });
    res.end('{"errors":[{"code":"InvalidPath","messages":["The request target is not a plain path"]}]}');
    req.resume();
    return;
  }
  const headers = new Headers();
  for (const [name, value] of Object.entries(req.headers)) {
    if (value === undefined || name.startsWith(':')) continue;
    for (const one of Array.isArray(value) ? value : [value]) headers.append(name, one);
  }
  const method = req.method ?? 'GET';
  const controller = new AbortController();
  res.on('close', () => controller.abort());
  const hasBody = method !== 'GET' && method !== 'HEAD';
  const request = new Request(`${options.origin ?? `http://${host}`}${target}`, {
    method,
    headers,
    signal: controller.signal,
    ...(hasBody && { body: bodyStream(req), duplex: 'half' }),
  } as RequestInit);
  const response = await handler(request);
  const out: Record<string, string | string[]> = {};
  response.headers.forEach((value, name) => {
    if (name !== 'set-cookie') out[name] = value;
  });
  const cookies = response.headers.getSetCookie();
  if (cookies.length > 0) out['set-cookie'] = cookies;
  res.writeHead(response.status, out);
  res.end(response.body ? new Uint8Array(await response.arrayBuffer()) : undefined);
  if (!req.readableEnded) req.resume();
}

function bodyStream(req: IncomingMessage): ReadableStream<Uint8Array> {
  return new ReadableStream<Uint8Array>({
    start(controller) {
      req.on('data', (chunk: Buffer) => controller.enqueue(new Uint8Array(chunk)));
      req.on('end', () => controller.close());
      req.on('error', (error) => controller.error(error));
    },
    cancel() {
      req.resume();
    },
  });
}
