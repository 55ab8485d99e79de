import { issueUserToken, setAuthorization } from './auth/user-controls.js';
import { setPrice } from './catalog/set-price.js';
import { handleRequest, type Origins } from './engine/handle.js';
import { resolveOptions } from './options.js';
import { createSandboxFetch } from './serve/fetch.js';
import { startServer } from './serve/node-server.js';
import { SandboxState } from './state.js';
import type { ApiCallFilter, RecordedRequest, Sandbox, SandboxOptions, SandboxStats } from './types.js';

const ORIGINS: Origins = { baseUrl: 'https://api.sandbox.test', authUrl: 'https://auth.sandbox.test' };

function matchesFilter(entry: RecordedRequest, filter: ApiCallFilter): boolean {
  if (filter.method !== undefined && entry.method !== filter.method.toUpperCase()) return false;
  if (filter.status !== undefined && entry.status !== filter.status) return false;
  if (typeof filter.path === 'string' && entry.path !== filter.path) return false;
  if (filter.path instanceof RegExp && !filter.path.test(entry.path)) return false;
  return true;
}

/** A stateful, deterministic fake of the Catalog and Price-Comparison API v3. */
export function createSandbox(options: SandboxOptions = {}): Sandbox {
  const state = new SandboxState(resolveOptions(options));
  const handle = (request: Request): Promise<Response> => handleRequest(state, ORIGINS, request);

  return {
    baseUrl: ORIGINS.baseUrl,
    authUrl: ORIGINS.authUrl,
    clientId: state.options.clientId,
    clientSecret: state.options.clientSecret,
    handle,
    fetch: createSandboxFetch(handle),
    listen: (listenOptions) =>
      startServer(
        {
          handle,
          addHosts: (hosts) => {
            for (const host of hosts) state.serverHosts.add(host);
          },
          removeHosts: (hosts) => {
            for (const host of hosts) state.serverHosts.delete(host);
          },
        },
        listenOptions,
      ),
    get requests(): RecordedRequest[] {
      return state.log;
    },
    apiCalls: (filter = {}) =>
      state.log.filter((entry) => entry.kind === 'api' && matchesFilter(entry, filter)),
    clearRequests: () => {
      state.log.length = 0;
    },
    issueToken: ({ scope = 'public', ttl } = {}) =>
      state.tokens.mint({
        clientId: state.options.clientId,
        kind: 'application',
        grant: 'direct',
        scopes: scope.split(/\s+/).filter((s) => s !== ''),
        ttlSeconds: ttl ?? state.options.appTokenTtl,
        now: Date.now(),
      }).token,
    issueUserToken: (userOptions) => issueUserToken(state, userOptions),
    setAuthorization: (setting) => setAuthorization(state, setting),
    setPrice: (skuId, price) => setPrice(state, skuId, price),
    // User tokens belong to the client too, so they expire with it; refresh tokens stay usable.
    expireTokens: () => state.tokens.revokeClient(state.options.clientId),
    failNext: (count, fault) => state.faults.inject(count, fault),
    addRedirect: (rule) => state.redirects.add(rule),
    get data() {
      return state.catalog.data;
    },
    get stats(): SandboxStats {
      return { ...state.stats, dailyCalls: state.daily.calls(state.options.clientId, Date.now()) };
    },
    startNextDay: () => state.daily.nextDay(),
    reset: () => state.reset(),
  };
}
