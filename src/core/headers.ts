/** The per-token rate-limit window, read from the X-RateLimit-* headers of an answer. */
export interface RateLimitInfo {
  /** Calls allowed per window. */
  limit: number;
  /** Calls left in the current window. */
  remaining: number;
  /** When the window resets, in UTC epoch seconds (as the server sends it). */
  reset: number;
}

/**
 * The window an answer tells, or undefined when its headers are missing or unusable. Headers are
 * input, not orders: a limit that is not a positive integer is ignored (it could stop the client
 * for good), `Remaining` is kept within 0..Limit, and a `Reset` that is not a positive number
 * becomes 0 (unknown). How far ahead a reset is believed is the window store's rule.
 */
/** The latest epoch second a JavaScript Date can represent. */
const MAX_RESET_S = 8.64e12;

export function parseRateLimit(headers: Headers): RateLimitInfo | undefined {
  const limit = numberHeader(headers, 'x-ratelimit-limit');
  const remaining = numberHeader(headers, 'x-ratelimit-remaining');
  if (!Number.isSafeInteger(limit) || limit <= 0 || !Number.isFinite(remaining)) return undefined;
  const reset = numberHeader(headers, 'x-ratelimit-reset');
  return {
    limit,
    remaining: Math.min(limit, Math.max(0, Math.floor(remaining))),
    // A reset no Date can hold (past 8.64e12 s) is no time either: unknown, like garbage.
    reset: Number.isFinite(reset) && reset > 0 && reset <= MAX_RESET_S ? reset : 0,
  };
}

function numberHeader(headers: Headers, name: string): number {
  const value = headers.get(name);
  // Number('') is 0: an empty header is no number.
  return value === null || value.trim() === '' ? Number.NaN : Number(value);
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
