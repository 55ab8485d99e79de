import type { SandboxState } from '../state.js';
import type { OAuthAnswer } from './oauth-answer.js';

/**
 * A redirect rule (`sandbox.addRedirect`) whose `from` is a path of the authorization server
 * (`/oauth2/token`): the endpoint answers with that redirect and does nothing else, so a test can
 * check that a client never re-sends its secret, refresh token or code to `Location`. A redirected
 * token request still counts in `stats.tokenRequests`.
 */
export function redirectAnswer(state: SandboxState, url: URL): OAuthAnswer | null {
  const rule = state.redirects.take(url);
  if (!rule) return null;
  if (url.pathname === '/oauth2/token') state.stats.tokenRequests += 1;
  return { status: rule.status, body: null, headers: { Location: rule.to } };
}
