import { errorsBody, type JsonObject } from '../http/json.js';
import type { SandboxState } from '../state.js';
import type { TokenRecord } from './tokens.js';

export type Access =
  | { ok: true; token: TokenRecord; raw: string }
  | { ok: false; status: number; body: JsonObject; raw?: string };

const refuse = (status: number, code: string, message: string, raw?: string): Access => ({
  ok: false,
  status,
  body: errorsBody(code, message),
  ...(raw === undefined ? {} : { raw }),
});

/** The token of an API request: the Bearer header or the `oauth_token` param, never both. */
export function authenticate(state: SandboxState, request: Request, url: URL, now: number): Access {
  const header = request.headers.get('authorization');
  const bearer = header === null ? undefined : /^Bearer\s+(\S+)\s*$/i.exec(header)?.[1];
  const param = url.searchParams.get('oauth_token') ?? undefined;
  if (header !== null && param !== undefined) {
    return refuse(
      400,
      'InvalidRequest',
      'Send the access token either in the Authorization header or as oauth_token, not both',
    );
  }
  const raw = bearer ?? param;
  if (header !== null && bearer === undefined) {
    return refuse(401, 'Unauthorized', 'The Authorization header must be "Bearer <access token>"');
  }
  if (raw === undefined || raw === '') {
    return refuse(401, 'Unauthorized', 'An access token is required: send Authorization: Bearer <token>');
  }
  const token = state.tokens.get(raw);
  if (!token) return refuse(401, 'Unauthorized', 'The access token is invalid', raw);
  if (token.revoked || token.expiresAt <= now)
    return refuse(401, 'Unauthorized', 'The access token expired', raw);
  if (state.daily.lockedUntil(token.clientId, now) !== null) {
    return refuse(401, 'DailyLimitExceeded', 'The daily call limit of this client is exhausted', raw);
  }
  return { ok: true, token, raw };
}
