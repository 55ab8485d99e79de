import { Agent } from 'undici';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { fetchWith, proxyFetch, runThroughProxy } from '../../../examples/proxy.js';
import { createClient } from '../../../src/index.js';
import { createSandbox, type Sandbox, type SandboxServer } from '../../../src/sandbox/index.js';
import { type RecordingProxy, startRecordingProxy } from '../../helpers/proxy.js';

/** Every secret-looking thing a relayed request carries, to check where it went. */
function credentialsOf(request: RecordingProxy['relayed'][number]) {
  const url = new URL(request.url);
  return {
    origin: url.origin,
    authorization: request.headers.authorization,
    oauthToken: url.searchParams.get('oauth_token'),
  };
}

describe('a custom fetch with an undici dispatcher (proxies, agents)', () => {
  let sandbox: Sandbox;
  let server: SandboxServer;
  let proxy: RecordingProxy;

  beforeEach(async () => {
    sandbox = createSandbox();
    server = await sandbox.listen();
    proxy = await startRecordingProxy();
  });
  afterEach(async () => {
    await proxy.close();
    await server.close();
  });

  const client = (options: { tokenTransport?: 'header' | 'query' } = {}) =>
    createClient({
      baseUrl: server.baseUrl,
      authUrl: server.authUrl,
      clientId: sandbox.clientId,
      clientSecret: sandbox.clientSecret,
      fetch: proxyFetch(proxy.url),
      ...options,
    });

  it('sends the token request and every API call through the proxy', async () => {
    const api = client();
    const category = await api.catalog.categories.get(40);
    const skus = await api.catalog.categories.skus(40, { per: 5 });

    expect(category.id).toBe(40);
    expect(skus.items).toHaveLength(5);
    const relayed = proxy.relayed.map((r) => `${r.method} ${new URL(r.url).pathname}`);
    expect(relayed).toEqual(['POST /oauth2/token', 'GET /categories/40', 'GET /categories/40/skus']);
    expect(sandbox.apiCalls()).toHaveLength(2);
    expect(sandbox.stats.tokenRequests).toBe(1);
    // The client secret travels in the token request's form body, never in a URL.
    const [tokenRequest, ...apiRequests] = proxy.relayed;
    expect(tokenRequest?.url).not.toContain(sandbox.clientSecret);
    expect(tokenRequest?.body).toContain(`client_secret=${sandbox.clientSecret}`);
    for (const request of apiRequests) {
      expect(request.headers.authorization).toMatch(/^Bearer \S+$/);
      expect(new URL(request.url).origin).toBe(server.baseUrl);
    }
  });

  for (const tokenTransport of ['header', 'query'] as const) {
    it(`a redirect to another origin goes through the proxy without the token (${tokenTransport})`, async () => {
      // localhost:<port> is the same sandbox under another origin than 127.0.0.1:<port>.
      const elsewhere = server.baseUrl.replace('127.0.0.1', 'localhost');
      sandbox.addRedirect({
        from: '/categories/40',
        to: `${elsewhere}/categories/40`,
        status: 302,
        times: 1,
      });
      const api = client({ tokenTransport });

      // The other origin answers 401 without a token; the SDK's one replay goes back to the API.
      const answer = await api.catalog.categories
        .get(40)
        .then((c) => c.id)
        .catch((e: Error) => e.name);

      expect(answer === 40 || answer === 'AuthenticationError').toBe(true);
      const apiRequests = proxy.relayed.filter((r) => !r.url.endsWith('/oauth2/token')).map(credentialsOf);
      expect(apiRequests.some((r) => r.origin === elsewhere)).toBe(true);
      for (const request of apiRequests) {
        const carriesToken = request.authorization !== undefined || request.oauthToken !== null;
        expect({ origin: request.origin, carriesToken }).toEqual({
          origin: request.origin,
          carriesToken: request.origin === server.baseUrl,
        });
      }
      const onApiOrigin = apiRequests.filter((r) => r.origin === server.baseUrl);
      expect(onApiOrigin.length).toBeGreaterThan(0);
      if (tokenTransport === 'query') {
        expect(onApiOrigin.every((r) => r.oauthToken && r.authorization === undefined)).toBe(true);
      } else {
        expect(onApiOrigin.every((r) => r.authorization && r.oauthToken === null)).toBe(true);
      }
    });
  }

  it('a custom Agent without a proxy reaches the API directly', async () => {
    const agent = new Agent({ connections: 2, keepAliveTimeout: 1_000 });
    try {
      const api = createClient({
        baseUrl: server.baseUrl,
        authUrl: server.authUrl,
        clientId: sandbox.clientId,
        clientSecret: sandbox.clientSecret,
        fetch: fetchWith(agent),
      });
      const results = await Promise.all([40, 40, 40].map((id) => api.catalog.categories.get(id)));
      expect(results.map((c) => c.id)).toEqual([40, 40, 40]);
      expect(proxy.relayed).toHaveLength(0);
      expect(sandbox.apiCalls().length).toBeGreaterThanOrEqual(1);
    } finally {
      await agent.close();
    }
  });

  it('runs examples/proxy.ts through the test proxy', async () => {
    const lines: string[] = [];
    const result = await runThroughProxy(proxy.url, (line) => lines.push(line));

    expect(result.category.id).toBe(40);
    expect(result.apiCalls).toBe(2);
    expect(lines[0]).toMatch(/^Category #40 ".+": \d+ manufacturers$/);
    expect(proxy.relayed.map((r) => new URL(r.url).pathname)).toEqual([
      '/oauth2/token',
      '/categories/40',
      '/categories/40/manufacturers',
    ]);
  });
});
