/** The per-token rate-limit window, read from the X-RateLimit-* headers of an answer. */
export interface RateLimitInfo {
  /** Calls allowed per window. */
  limit: number;
  /** Calls left in the current window. */
  remaining: number;
  /** When the window resets, in UTC epoch seconds (as the server sends it). */
  reset: number;
}

export function parseRateLimit(headers: Headers): RateLimitInfo | undefined {
  const limit = Number(headers.get('x-ratelimit-limit') ?? Number.NaN);
  const remaining = Number(headers.get('x-ratelimit-remaining') ?? Number.NaN);
  const reset = Number(headers.get('x-ratelimit-reset') ?? Number.NaN);
  if (!Number.isFinite(limit) || !Number.isFinite(remaining)) return undefined;
  return { limit, remaining, reset: Number.isFinite(reset) ? reset : 0 };
}

/**
 * The URI of the `Link` header entry with the given rel, or undefined.
 * Written by hand: the header grammar we need (`<uri>; rel="next", <uri>; rel="last"`) is a few
 * lines, smaller than any parser package.
 */
export function linkTarget(header: string | null, rel: string): string | undefined {
  if (!header) return undefined;
  for (const part of header.split(/,(?=\s*<)/)) {
    const match = /<([^>]*)>(.*)/.exec(part.trim());
    if (!match) continue;
    const rels = /;\s*rel="?([^";]+)"?/i.exec(match[2] ?? '')?.[1]?.split(/\s+/) ?? [];
    if (rels.includes(rel)) return match[1];
  }
  return undefined;
}
