/**
 * What a token is to the SDK: its value, when it expires, its scopes and whose it is. Kept apart
 * from the providers (src/core/auth/providers.ts) so that stores and the engine can name it without them.
 */
import { InvalidRequestError, TOKEN_SHAPE } from '../errors.js';
import { isHeaderValue } from '../options.js';

/** A token the SDK can send, with what it knows about it. Never logged. */
export interface AccessToken {
  readonly value: string;
  /** Epoch ms after which the token no longer works; undefined when unknown. */
  readonly expiresAt?: number | undefined;
  /** Scopes granted, when the token endpoint said so. */
  readonly scopes?: readonly string[] | undefined;
  /**
   * Who the token speaks for, as a stable non-secret id: cache entries and rate limiters are
   * kept apart per principal.
   */
  readonly principal: string;
}

/** What a `getToken` callback may return: the bare token, or the token endpoint's answer. */
export type TokenInput =
  | string
  | { access_token: string; expires_in?: number | undefined; scope?: string | undefined };

export interface TokenProvider {
  /** A usable token: the cached one while it is fresh, else one new token shared by all callers. */
  get(signal?: AbortSignal): Promise<AccessToken>;
  /**
   * After a 401 with `failed`: a different token to replay with, or undefined when no other token
   * can be had (a static token).
   */
  renew(failed: AccessToken, signal?: AbortSignal): Promise<AccessToken | undefined>;
}

export function isFresh(token: AccessToken): boolean {
  return token.expiresAt === undefined || Date.now() < token.expiresAt;
}

/** Renew this long before the server-side expiry, so a token never dies in flight. */
const MAX_EARLY_RENEWAL_MS = 60_000;

/** When to renew a token that expires at `expiresAt`: a minute early, or a tenth of its lifetime when shorter. */
export function renewalTime(expiresAt: number, lifetimeMs: number): number {
  return expiresAt - Math.min(MAX_EARLY_RENEWAL_MS, lifetimeMs / 10);
}

/** Converts a token endpoint answer into an AccessToken with a safety margin on its expiry. */
export function toAccessToken(input: TokenInput, principal?: string): AccessToken {
  const answer = typeof input === 'string' ? { access_token: input } : input;
  if (!isTokenValue(answer.access_token)) throw invalidToken();
  const lifetimeMs = typeof answer.expires_in === 'number' ? answer.expires_in * 1000 : undefined;
  const expiresAt = lifetimeMs === undefined ? undefined : renewalTime(Date.now() + lifetimeMs, lifetimeMs);
  return {
    value: answer.access_token,
    expiresAt,
    scopes: typeof answer.scope === 'string' ? answer.scope.split(/[\s,]+/).filter(Boolean) : undefined,
    principal: principal ?? `token:${fingerprint(answer.access_token)}`,
  };
}

/**
 * Whether `value` can be a token: a non-empty string that an `Authorization` header can carry. A
 * token with a line break would otherwise fail inside fetch with a TypeError, which the SDK could
 * not tell from a network failure (and would retry as one).
 */
export function isTokenValue(value: unknown): value is string {
  return typeof value === 'string' && value.length > 0 && isHeaderValue(value);
}

/** What isTokenValue() asks of a token. */
export const TOKEN_RULE = `must be ${TOKEN_SHAPE}`;

/** A token the SDK cannot send. The value is never shown: it may be a real token. */
export function invalidToken(): InvalidRequestError {
  return new InvalidRequestError(`A token ${TOKEN_RULE}`, 'InvalidToken');
}

/**
 * A short non-reversible fingerprint of a token, so principals can be told apart without the
 * token itself ever being kept as a key or shown (cyrb53).
 */
export function fingerprint(text: string): string {
  let h1 = 0xdeadbeef;
  let h2 = 0x41c6ce57;
  for (let i = 0; i < text.length; i++) {
    const ch = text.charCodeAt(i);
    h1 = Math.imul(h1 ^ ch, 2654435761);
    h2 = Math.imul(h2 ^ ch, 1597334677);
  }
  h1 = Math.imul(h1 ^ (h1 >>> 16), 2246822507) ^ Math.imul(h2 ^ (h2 >>> 13), 3266489909);
  h2 = Math.imul(h2 ^ (h2 >>> 16), 2246822507) ^ Math.imul(h1 ^ (h1 >>> 13), 3266489909);
  return (4294967296 * (2097151 & h2) + (h1 >>> 0)).toString(36);
}
