import { createServer, type Server } from 'node:http';
import { connect } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { redisCoordination } from '../../src/redis/index.js';
import { createSandbox, type Sandbox } from '../../src/sandbox/index.js';
import { createCatalogHandler, toNodeHandler } from '../../src/server/index.js';
import { type RedisServer, startRedis } from '../helpers/redis-server.js';
import { browserClient, CookieJar, MOUNT, ORIGIN, PHONE, setup, signIn } from './setup.js';

function listen(server: Server): Promise<string> {
  return new Promise((resolve) => {
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      resolve(`http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`);
    });
  });
}

/** Sends a request target as written (fetch would resolve `..` and escapes first). */
function raw(base: string, target: string): Promise<string> {
  const { hostname, port } = new URL(base);
  return new Promise((resolve, reject) => {
    const socket = connect(Number(port), hostname, () => {
      socket.write(`GET ${target} HTTP/1.1\r\nHost: ${hostname}:${port}\r\nConnection: close\r\n\r\n`);
    });
    let text = '';
    socket.on('data', (chunk) => (text += chunk.toString('latin1')));
    socket.on('end', () => resolve(text));
    socket.on('error', reject);
  });
}

describe('toNodeHandler: node:http and Express', () => {
  it('serves GETs and writes, passes every Set-Cookie, refuses a raw `..` or escaped slash before routing', async () => {
    const { handler, sandbox } = setup();
    const server = createServer(toNodeHandler(handler));
    const base = await listen(server);
    try {
      const sku = await fetch(`${base}${MOUNT}/skus/${PHONE}`);
      expect(sku.status).toBe(200);
      expect(((await sku.json()) as { sku: { id: number } }).sku.id).toBe(PHONE);
      const missing = await fetch(`${base}${MOUNT}/skus/999999999`);
      expect(missing.status).toBe(404);
      for (const target of [
        `${MOUNT}/skus/../../oauth2/token`,
        `${MOUNT}/skus/1%2F..%2F..`,
        `${MOUNT}/skus/%2e%2e/x`,
      ]) {
        expect(await raw(base, target)).toMatch(/^HTTP\/1\.1 400 /);
      }
      const calls = sandbox.stats.apiCalls;
      // Sign-in through the adapter: the cookie comes back as a browser would get it.
      const login = await fetch(`${base}${MOUNT}/auth/login`, { redirect: 'manual' });
      expect(login.status).toBe(303);
      expect(login.headers.getSetCookie()).toHaveLength(1);
      const page = await sandbox.fetch(login.headers.get('location') as string);
      const callback = new URL(page.headers.get('location') as string);
      const done = await fetch(`${base}${callback.pathname}${callback.search}`, {
        redirect: 'manual',
        headers: { cookie: (login.headers.getSetCookie()[0] as string).split(';')[0] as string },
      });
      expect(done.status).toBe(303);
      const cookies = done.headers.getSetCookie();
      expect(cookies).toHaveLength(2);
      const session = (cookies.find((c) => c.startsWith('catalog_session=')) as string).split(
        ';',
      )[0] as string;
      const created = await fetch(`${base}${MOUNT}/favorites`, {
        method: 'POST',
        headers: { cookie: session, origin: base, 'content-type': 'application/json' },
        body: JSON.stringify({ favorite: { sku_id: PHONE } }),
      });
      expect(created.status).toBe(201);
      expect(sandbox.stats.apiCalls).toBeGreaterThan(calls);
    } finally {
      server.closeAllConnections();
      await new Promise((resolve) => server.close(resolve));
    }
  });

  it("Express's mounting (req.url stripped, req.originalUrl whole) is followed", async () => {
    const { handler } = setup();
    const node = toNodeHandler(handler);
    const server = createServer((req, res) => {
      // What `app.use('/api/catalog', node)` does to the request.
      Object.assign(req, { originalUrl: req.url, url: (req.url as string).slice(MOUNT.length) });
      node(req, res);
    });
    const base = await listen(server);
    try {
      const response = await fetch(`${base}${MOUNT}/categories/40`);
      expect(response.status).toBe(200);
    } finally {
      server.closeAllConnections();
      await new Promise((resolve) => server.close(resolve));
    }
  });
});

describe('two handler instances over one redis-server', () => {
  let redis: RedisServer;
  beforeAll(async () => {
    redis = await startRedis();
  }, 30_000);
  afterAll(async () => {
    await redis?.stop();
  });

  function twoInstances(
    sandbox: Sandbox,
    prefix: string,
    dailyLimit = 1000,
    now?: () => number,
    fetch: typeof globalThis.fetch = sandbox.fetch,
  ) {
    const coordinations = [1, 2].map(() => redisCoordination({ url: redis.url, prefix }));
    const handlers = coordinations.map((coordination) =>
      createCatalogHandler({
        baseUrl: sandbox.baseUrl,
        authUrl: sandbox.authUrl,
        clientId: sandbox.clientId,
        clientSecret: sandbox.clientSecret,
        fetch,
        coordination,
        dailyLimit,
        reserve: 0,
        logLevel: 'off',
        now,
      }),
    );
    const close = () => Promise.all(coordinations.map((c) => c.close()));
    return { handlers: handlers as [(typeof handlers)[0], (typeof handlers)[0]], close };
  }

  it('one cache: an answer fetched by one instance is a hit on the other, without an API call', async () => {
    const sandbox = createSandbox();
    const { handlers, close } = twoInstances(sandbox, `bff-cache-${process.pid}:`);
    try {
      const a = await handlers[0](new Request(`${ORIGIN}${MOUNT}/categories/40`));
      const b = await handlers[1](new Request(`${ORIGIN}${MOUNT}/categories/40`));
      expect(a.headers.get('x-catalog-cache')).toBe('miss');
      expect(b.headers.get('x-catalog-cache')).toBe('hit');
      expect(await b.json()).toEqual(await a.json());
      expect(sandbox.apiCalls({ path: '/categories/40' })).toHaveLength(1);
    } finally {
      await close();
    }
  });

  it('one background revalidation per resource across the instances', async () => {
    const sandbox = createSandbox();
    const clock = { t: Date.now() };
    // The revalidation's answer is held until the four requests are answered: otherwise a quick
    // one could store a fresh entry before the last of them reads the cache.
    let release: () => void = () => undefined;
    const held = new Promise<void>((resolve) => {
      release = resolve;
    });
    let gate = false;
    const fetch: typeof globalThis.fetch = async (input, init) => {
      if (gate) await held;
      return sandbox.fetch(input, init);
    };
    const { handlers, close } = twoInstances(sandbox, `bff-swr-${process.pid}:`, 1000, () => clock.t, fetch);
    try {
      await handlers[0](new Request(`${ORIGIN}${MOUNT}/categories/40`));
      clock.t += 301_000;
      gate = true;
      const stale = await Promise.all(
        [0, 1, 0, 1].map((i) => handlers[i as 0 | 1](new Request(`${ORIGIN}${MOUNT}/categories/40`))),
      );
      release();
      expect(stale.map((r) => r.headers.get('x-catalog-cache'))).toEqual([
        'stale',
        'stale',
        'stale',
        'stale',
      ]);
      await Promise.all(handlers.map((h) => h.idle()));
      const calls = sandbox.apiCalls({ path: '/categories/40' });
      expect(calls.map((c) => c.status)).toEqual([200, 304]);
      const fresh = await handlers[1](new Request(`${ORIGIN}${MOUNT}/categories/40`));
      expect(fresh.headers.get('x-catalog-cache')).toBe('hit');
    } finally {
      await close();
    }
  });

  it('one budget: calls on either instance count against the one daily limit', async () => {
    const sandbox = createSandbox();
    const { handlers, close } = twoInstances(sandbox, `bff-budget-${process.pid}:`, 3);
    try {
      expect((await handlers[0](new Request(`${ORIGIN}${MOUNT}/categories/40`))).status).toBe(200);
      expect((await handlers[1](new Request(`${ORIGIN}${MOUNT}/categories/root`))).status).toBe(200);
      expect((await handlers[0](new Request(`${ORIGIN}${MOUNT}/skus/${PHONE}`))).status).toBe(200);
      const refused = await handlers[1](new Request(`${ORIGIN}${MOUNT}/skus/7957675`));
      expect(refused.status).toBe(503);
      expect(await refused.json()).toMatchObject({ errors: [{ code: 'DailyLimitExceeded' }] });
      expect(sandbox.stats.apiCalls).toBe(3);
    } finally {
      await close();
    }
  });

  it('sessions are valid on both: signed in through one, served by the other', async () => {
    const sandbox = createSandbox();
    const { handlers, close } = twoInstances(sandbox, `bff-sessions-${process.pid}:`);
    try {
      const jar = new CookieJar();
      await signIn(sandbox, handlers[0], jar);
      const other = browserClient(handlers[1], {}, jar);
      const user = await other.user.get();
      expect(user.id).toBeGreaterThan(0);
      // The session's tokens expire in Redis with the cookie (30 days by default), not never.
      const { Redis } = await import('ioredis');
      const raw = new Redis(redis.url);
      const keys = await raw.keys(`bff-sessions-${process.pid}:user-tokens:session:*`);
      expect(keys).toHaveLength(1);
      const ttl = await raw.pttl(keys[0] as string);
      await raw.quit();
      expect(ttl).toBeGreaterThan(30 * 86_400_000 - 60_000);
      expect(ttl).toBeLessThanOrEqual(30 * 86_400_000);
      await other.fetch(`${ORIGIN}${MOUNT}/auth/logout`, { method: 'POST' });
      const after = await handlers[0](
        new Request(`${ORIGIN}${MOUNT}/user`, { headers: { cookie: jar.header() } }),
      );
      expect(after.status).toBe(401);
    } finally {
      await close();
    }
  });
});
