/**
 * The engine of a client, assembled from its resolved options: the limits, the tokens, the user
 * session, and the parts every request goes out with. `forUser` clients share all of it but the
 * tokens (and the session).
 */
import {
  callbackTokenProvider,
  clientCredentialsProvider,
  staticTokenProvider,
} from '../core/auth/providers.js';
import { isTokenValue, TOKEN_RULE, type TokenProvider } from '../core/auth/token.js';
import { createUserAuth, type TokenStore, type UserAuth, type UserTokens } from '../core/auth/user-auth.js';
import { Engine } from '../core/call/engine.js';
import type { EngineParts } from '../core/call/exchange.js';
import { createLimits, type Limits } from '../core/call/limits.js';
import { PermanentRedirects } from '../core/call/redirects.js';
import { fetchTransport } from '../core/call/transport.js';
import type { Coordination } from '../core/stores/coordination.js';
import { unsetOption } from './option-names.js';
import { type ClientOptions, checkUrl, invalidOption, type ResolvedOptions } from './options.js';

/** @internal */
export interface Assembly {
  limits: Limits;
  /** The client's own tokens: the signed-in user's while there is one, the application's otherwise. */
  tokens: TokenProvider;
  /** The user session of the client's own `tokenStore` (or sign-in), when it has one. */
  session: UserAuth | undefined;
  /** A user session over `tokenStore`, when the client has clientId, clientSecret and authUrl. */
  userAuth(
    tokenStore: TokenStore,
    onTokens: ((tokens: UserTokens) => void) | undefined,
  ): UserAuth | undefined;
  /** An engine going with `tokens` (and `session`): the client's own, or a `forUser` client's. */
  engineFor(tokens: TokenProvider, session: UserAuth | undefined): Engine;
}

/** @internal */
export function assembleEngine(resolved: ResolvedOptions, options: ClientOptions): Assembly {
  const { coordination, app } = resolved;
  const limits = createLimits({
    coordination,
    app,
    dailyLimit: resolved.dailyLimit,
    rateLimit: resolved.rateLimit,
    onRateLimit: resolved.onRateLimit,
  });
  const appTokens = tokenProvider(options, resolved, coordination, app);
  const authUrl =
    options.clientId && options.clientSecret && options.authUrl
      ? checkUrl('authUrl', options.authUrl)
      : undefined;
  const userAuth = (
    tokenStore: TokenStore | undefined,
    onTokens: ((tokens: UserTokens) => void) | undefined,
  ) =>
    authUrl
      ? createUserAuth({
          authUrl,
          clientId: options.clientId as string,
          clientSecret: options.clientSecret as string,
          fetch: resolved.fetch,
          log: resolved.log,
          tokenStore,
          onTokens,
          locks: coordination.locks,
        })
      : undefined;
  const session = userAuth(options.tokenStore, options.onTokens);
  if (!session && (options.tokenStore || options.onTokens)) {
    throw invalidOption('tokenStore', 'needs clientId, clientSecret and authUrl, which refresh user tokens');
  }
  const parts = {
    signing: resolved.signing,
    limits,
    transport: fetchTransport(resolved.fetch),
    // Shared with `forUser` clients: 301/308 moves are the same for every principal.
    permanent: new PermanentRedirects(),
    redirect: resolved.redirect,
    logger: resolved.log,
    hooks: resolved.hooks,
  } satisfies Omit<EngineParts, 'tokens'>;
  return {
    limits,
    tokens: session ? sessionOrApp(session, appTokens) : appTokens,
    session,
    userAuth,
    engineFor: (tokens, session) =>
      new Engine({
        ...resolved.engine,
        signOut: session && (() => session.signOut()),
        parts: { ...parts, tokens },
      }),
  };
}

/** User token while a user is signed in, application token otherwise. */
function sessionOrApp(session: UserAuth, app: TokenProvider): TokenProvider {
  return {
    get: async (signal) => ((await session.signedIn()) ? session.get(signal) : app.get(signal)),
    renew: (failed, signal) =>
      failed.principal.startsWith('user:') ? session.renew(failed, signal) : app.renew(failed, signal),
  };
}

function tokenProvider(
  options: ClientOptions,
  { fetch, log }: Pick<ResolvedOptions, 'fetch' | 'log'>,
  coordination: Coordination,
  app: string,
): TokenProvider {
  const ways = ['token', 'getToken', 'clientId', 'auth'] as const;
  const given = ways.filter((name) => options[name] !== undefined);
  if (given.length !== 1) {
    // None given, but one named: most often an environment variable that is not set.
    const unset = ways.find((name) => name in options);
    const [name, why] = given[1]
      ? [given[1], `is given with ${given[0]}`]
      : unset
        ? [unset, unsetOption(unset)]
        : ['auth', 'needs credentials'];
    throw invalidOption(
      name,
      `${why} (createClient takes exactly one of token, getToken, clientId with clientSecret, or auth: 'none')`,
    );
  }
  if (options.auth !== undefined) {
    if (options.auth !== 'none') throw invalidOption('auth', "must be 'none'");
    return { get: async () => NO_TOKEN, renew: async () => undefined };
  }
  if (options.token !== undefined) {
    if (!isTokenValue(options.token)) {
      throw invalidOption('token', TOKEN_RULE);
    }
    return staticTokenProvider(options.token);
  }
  if (options.getToken !== undefined) {
    if (typeof options.getToken !== 'function') throw invalidOption('getToken', 'must be a function');
    return callbackTokenProvider(options.getToken);
  }
  const credential = (name: 'clientId' | 'clientSecret'): string => {
    const value = options[name];
    // The value itself is never shown: it may be the secret.
    if (!value)
      throw invalidOption(name, value === undefined ? unsetOption(name) : 'must be a non-empty string');
    return value;
  };
  const clientId = credential('clientId');
  const clientSecret = credential('clientSecret');
  return clientCredentialsProvider(
    {
      authUrl: checkUrl('authUrl', options.authUrl),
      clientId,
      clientSecret,
      fetch,
      log,
    },
    coordination.appTokens,
    app,
  );
}

/** No token at all (`auth: 'none'`): the backend the client talks to adds its own credentials. */
const NO_TOKEN = { value: '', principal: 'none' };
