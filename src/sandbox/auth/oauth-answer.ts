import type { SandboxState } from '../state.js';

/** What an endpoint of the authorization server answers: JSON, a redirect with no body, or a page. */
export interface OAuthAnswer {
  status: number;
  body: Record<string, string | number> | null;
  headers?: Record<string, string>;
  /** An HTML page (the authorization page), sent instead of `body`. */
  html?: string;
}

export function oauthError(status: number, error: string, description: string): OAuthAnswer {
  return { status, body: { error, error_description: description } };
}

/**
 * While a client's daily limit is exhausted, it gets no new tokens of any kind (spec, Limits):
 * the refusal every grant gives, or null when the client may have tokens.
 */
export function dailyLockRefusal(state: SandboxState, clientId: string, now: number): OAuthAnswer | null {
  const lockedUntil = state.daily.lockedUntil(clientId, now);
  if (lockedUntil === null) return null;
  return oauthError(
    403,
    'daily_limit_exceeded',
    `The daily call limit of this client is exhausted; no new tokens until ${new Date(lockedUntil).toISOString()}`,
  );
}
