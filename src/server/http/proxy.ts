/**
 * What a request says of itself behind proxies (`trustProxy`): the origin the browser used and
 * the client's address, from `X-Forwarded-Proto`, `-Host` and `-For`. Read only when trusted:
 * anyone on the internet can send these headers.
 */
import type { IncomingMessage } from 'node:http';

/** A Host header's value: a name or an address, with a port. */
export const HOST = /^[A-Za-z0-9.-]+(?::\d{1,5})?$|^\[[0-9A-Fa-f:.]+\](?::\d{1,5})?$/;
const ADDRESS = /^[0-9A-Fa-f:.]{2,45}$/;

/** The header's values, comma-separated and repeated headers alike, in order. */
function listOf(value: string | string[] | undefined): string[] {
  const joined = Array.isArray(value) ? value.join(',') : (value ?? '');
  return joined
    .split(',')
    .map((part) => part.trim())
    .filter((part) => part !== '');
}

/** `https://shop.example` from X-Forwarded-Proto and -Host (the first proxy's, leftmost), or undefined. */
export function forwardedOrigin(req: IncomingMessage): string | undefined {
  const proto = listOf(req.headers['x-forwarded-proto'])[0]?.toLowerCase() ?? 'http';
  const host = listOf(req.headers['x-forwarded-host'])[0] ?? req.headers.host ?? '';
  if ((proto !== 'http' && proto !== 'https') || !HOST.test(host)) return undefined;
  return `${proto}://${host}`;
}

/**
 * The visitor's address: the socket's peer; with `hops` trusted proxies, the address the outermost
 * of them saw (`hops` entries from the right of X-Forwarded-For; all of them: the leftmost).
 */
export function peerAddress(req: IncomingMessage, hops: number): string | undefined {
  const socket = req.socket?.remoteAddress;
  if (hops <= 0) return socket;
  const chain = listOf(req.headers['x-forwarded-for']);
  const claimed = chain[Math.max(0, chain.length - hops)];
  return claimed !== undefined && ADDRESS.test(claimed) ? claimed : socket;
}
