/**
 * The handler's sign-in routes, under `{mountPath}/auth/`:
 *   GET  login?return_to=/path  redirects to the API's authorization page, with a state kept in
 *                               an HttpOnly cookie of this browser
 *   GET  callback               checks the state against that cookie, exchanges the code on the
 *                               server, starts a new session (a new id: never one a request names)
 *   POST logout                 signs the user out at the API and forgets the tokens (same origin only)
 *   GET  session                `{ signed_in }`
 */
import { AccessDeniedError, type CatalogClient, type TokenStore } from '../../index.js';
import { privateJson, redirect, refusal } from '../answers/response.js';
import { isSameOrigin } from '../http/origin.js';
import type { RequestContext } from '../options.js';
import type { Settings } from '../settings.js';
import type { Charge } from '../visitors/visitors.js';
import { decodeText, encodeText } from './base64url.js';
import { clearCookie, readCookie, setCookie } from './cookies.js';
import { localPath } from './local-path.js';
import { randomId, sessionKey } from './session-ids.js';

/** What the sign-in routes use: their slice of the settings and the handler's parts, made once. */
export interface SignInContext {
  settings: Pick<Settings, 'cookie' | 'mount' | 'origins' | 'redirectUri' | 'scopes'>;
  client: CatalogClient;
  tokensFor(key: string): TokenStore;
  userClient(key: string): CatalogClient;
  forgetUser(key: string): Promise<void>;
  signedIn(request: Request): Promise<string | undefined>;
  /** Records a sign-in's state or code as spent; false when it already was (a replay). */
  markUsed(key: string): Promise<boolean>;
  /** The sign-in's call (learning the account), charged to the address asking. */
  chargeSignIn(request: Request, context: RequestContext): Charge;
  /** The API's sign-out, charged to the account signing out. */
  chargeSignOut(key: string): Charge;
  /** Asks the API who signed in (the user's id) and keeps it with the session. */
  learnAccount(key: string): Promise<void>;
}

/** The sign-in routes and their one method each. */
const SIGN_IN_ROUTES: Readonly<Record<string, string>> = {
  login: 'GET',
  callback: 'GET',
  logout: 'POST',
  session: 'GET',
};

/** The methods `auth/{name}` takes, or undefined when it is not a sign-in route. */
export function signInMethods(name: string): readonly string[] | undefined {
  const method = Object.hasOwn(SIGN_IN_ROUTES, name) ? SIGN_IN_ROUTES[name] : undefined;
  return method === undefined ? undefined : [method];
}

/** A sign-in has this long to come back to the callback. */
const LOGIN_TTL_S = 600;

export async function authRoute(
  request: Request,
  url: URL,
  segments: readonly string[],
  context: SignInContext,
  asking: RequestContext,
): Promise<Response> {
  const action = segments.length === 2 ? `${request.method} ${segments[1]}` : '';
  const { settings } = context;
  const loginCookie = `${settings.cookie.name}_login`;
  const origins = settings.origins(url.origin);
  const callbackUri = settings.redirectUri ?? `${origins[0]}${settings.mount}/auth/callback`;
  const home = '/';
  switch (action) {
    case 'GET login': {
      const state = randomId();
      const back = localPath(url.searchParams.get('return_to'), home);
      const { url: authorize } = context.client.auth.authorizationUrl({
        redirectUri: callbackUri,
        scopes: settings.scopes,
        state,
      });
      return redirect(authorize, [
        setCookie(settings, loginCookie, `${state}.${encodeText(back)}`, LOGIN_TTL_S),
      ]);
    }
    case 'GET callback': {
      const kept = readCookie(request, loginCookie)?.split('.');
      const returned = url.searchParams.get('state');
      const clear = clearCookie(settings, loginCookie);
      if (kept?.length !== 2 || !returned || !sameText(returned, kept[0] as string)) {
        return withCookies(
          refusal(
            400,
            'InvalidState',
            'The sign-in callback does not match a sign-in started in this browser',
          ),
          [clear],
        );
      }
      // The state and the code are spent before the code goes to the token endpoint: a replayed
      // callback (or its code under a made-up state) never reaches it twice (RFC 6749 4.1.2).
      const code = url.searchParams.get('code');
      const first =
        (await context.markUsed(`state:${await sessionKey(returned)}`)) &&
        (code === null || (await context.markUsed(`code:${await sessionKey(code)}`)));
      if (!first) {
        return withCookies(
          refusal(400, 'SignInReplayed', 'This sign-in callback was already used: start the sign-in again'),
          [clear],
        );
      }
      const back = localPath(decodeText(kept[1] as string), home);
      if (url.searchParams.get('error') === 'access_denied') return redirect(back, [clear]);
      // Learning who signed in costs a call: the address asking pays it, before the code is exchanged.
      const refused = await context.chargeSignIn(request, asking)();
      if (refused) return withCookies(refused, [clear]);
      const id = randomId();
      const key = await sessionKey(id);
      try {
        await context.userClient(key).auth.handleCallback(url, { state: returned, redirectUri: callbackUri });
        await context.learnAccount(key);
      } catch (error) {
        await endSession(context, key, false);
        if (error instanceof AccessDeniedError) return redirect(back, [clear]);
        return withCookies(
          refusal(400, 'SignInFailed', 'The sign-in could not be completed: start it again'),
          [clear],
        );
      }
      // A session the browser had before is ended: one browser, one session, always a new id.
      const previous = await context.signedIn(request);
      if (previous) await endSession(context, previous, false);
      return redirect(back, [clear, setCookie(settings, settings.cookie.name, id, settings.cookie.maxAge)]);
    }
    case 'POST logout': {
      if (!isSameOrigin(request, origins)) {
        return refusal(403, 'CrossSiteRequest', 'Sign-out must come from a page of this site');
      }
      const key = await context.signedIn(request);
      if (key) await endSession(context, key, true);
      const answer = new Response(null, { status: 204, headers: { 'cache-control': 'no-store' } });
      return withCookies(answer, [clearCookie(settings, settings.cookie.name)]);
    }
    case 'GET session':
      return privateJson({ signed_in: (await context.signedIn(request)) !== undefined });
    default:
      return refusal(
        404,
        'NotServed',
        'The sign-in routes are GET login, GET callback, POST logout and GET session',
      );
  }
}

/**
 * Signs the user out at the API (best effort, charged to the account: with its share spent the
 * token is only forgotten, and expires at the API) and forgets their tokens and answers.
 */
async function endSession(context: SignInContext, key: string, atApi: boolean): Promise<void> {
  if (atApi && !(await context.chargeSignOut(key)()))
    await context
      .userClient(key)
      .user.logout()
      .catch(() => undefined);
  await context.tokensFor(key).set(undefined);
  await context.forgetUser(key);
}

function withCookies(response: Response, cookies: readonly string[]): Response {
  for (const cookie of cookies) response.headers.append('set-cookie', cookie);
  return response;
}

/** Compares without an early exit on the first differing character. */
function sameText(a: string, b: string): boolean {
  if (a.length !== b.length) return false;
  let diff = 0;
  for (let i = 0; i < a.length; i++) diff |= a.charCodeAt(i) ^ b.charCodeAt(i);
  return diff === 0;
}
