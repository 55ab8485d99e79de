import { ConnectionError, TokenError } from '../index.js';

/**
 * Asks the token endpoint for an application token, only to learn whether the server still grants
 * them (it refuses every token of an application all day once its count went over) and, through
 * `fetch`, the server's Date. A token request is not an API call: asking costs none of the budget.
 * The token itself is dropped; the client obtains its own.
 */
export async function probeToken(
  options: { authUrl: string; clientId: string; clientSecret: string },
  fetchImpl: typeof fetch,
): Promise<'granted' | 'locked-out'> {
  const url = `${options.authUrl.replace(/\/+$/, '')}/oauth2/token`;
  let response: Response;
  try {
    response = await fetchImpl(url, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded', accept: 'application/json' },
      body: new URLSearchParams({
        grant_type: 'client_credentials',
        client_id: options.clientId,
        client_secret: options.clientSecret,
        scope: 'public',
      }).toString(),
      // The form carries the secret: it goes to the token endpoint and nowhere else.
      redirect: 'manual',
    });
  } catch (cause) {
    throw new ConnectionError(`Could not reach the token endpoint ${url}`, { cause });
  }
  // Nothing of the answer is kept: its body holds a token or the server's refusal.
  void response.body?.cancel().catch(() => undefined);
  if (response.ok) return 'granted';
  if (response.status === 403) return 'locked-out';
  throw new TokenError({
    status: response.status,
    method: 'POST',
    url,
    headers: response.headers,
    body: undefined,
    rateLimit: undefined,
  });
}
