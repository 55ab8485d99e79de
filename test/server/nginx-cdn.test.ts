import { createServer, type Server } from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { toNodeHandler } from '../../src/server/index.js';
import { type Nginx, startNginx } from '../helpers/nginx.js';
import { CookieJar, MOUNT, PHONE, setup, signIn } from './setup.js';

/** The handler (cdn: true) behind the node adapter, counting the requests that reach it, behind a real nginx. */
let nginx: Nginx;
let server: Server;
const reached: string[] = [];
const made = setup({ cdn: true }, { cacheMaxAge: 300, rateLimit: { limit: 1e9, windowMs: 60_000 } });

beforeAll(async () => {
  const adapter = toNodeHandler(made.handler, { trustProxy: 1 });
  server = createServer((req, res) => {
    reached.push(req.url ?? '');
    adapter(req, res);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  nginx = await startNginx(typeof address === 'object' && address ? address.port : 0);
}, 60_000);

afterAll(async () => {
  await nginx?.stop();
  server?.closeAllConnections();
  await new Promise((resolve) => server?.close(resolve));
});

/** `count` GETs through nginx, `concurrency` at a time. */
async function many(path: string, count: number, concurrency: number, headers: Record<string, string> = {}) {
  const answers: { status: number; body: string; cache: string | null }[] = [];
  let next = 0;
  await Promise.all(
    Array.from({ length: concurrency }, async () => {
      while (next < count) {
        next += 1;
        const response = await fetch(`${nginx.url}${path}`, { headers });
        answers.push({
          status: response.status,
          body: await response.text(),
          cache: response.headers.get('x-cache-status'),
        });
      }
    }),
  );
  return answers;
}

/** A GET through nginx as a browser sends it (redirects not followed), its cookies kept in `jar`. */
async function browse(url: string, jar: CookieJar): Promise<Response> {
  const response = await fetch(url, { headers: { cookie: jar.header() }, redirect: 'manual' });
  jar.take(response);
  return response;
}

describe('behind nginx proxy_cache (the configuration docs/frontend.md shows)', () => {
  it('1,000 requests for one public page within its s-maxage reach the handler once', async () => {
    const path = `${MOUNT}/skus/${PHONE}`;
    const answers = await many(path, 1000, 50);
    expect(answers).toHaveLength(1000);
    expect(new Set(answers.map((answer) => answer.status))).toEqual(new Set([200]));
    expect(new Set(answers.map((answer) => answer.body)).size).toBe(1);
    expect(answers.filter((answer) => answer.cache === 'HIT').length).toBeGreaterThanOrEqual(950);
    expect(reached.filter((url) => url === path)).toHaveLength(1);
    expect(made.sandbox.apiCalls({ path: `/skus/${PHONE}` })).toHaveLength(1);
  }, 60_000);

  it("a signed-in user's answers never come from nginx's cache, and another user never gets them", async () => {
    const alice = new CookieJar();
    const bob = new CookieJar();
    await signIn(made.sandbox, made.handler, alice, 334941);
    await signIn(made.sandbox, made.handler, bob, 1204187);
    const path = `${MOUNT}/user`;
    const before = reached.filter((url) => url === path).length;
    const alices = await many(path, 5, 1, { cookie: alice.header() });
    const bobs = await many(path, 5, 1, { cookie: bob.header() });
    const anonymous = await many(path, 2, 1);
    // Every one of them reached the handler: nothing was answered from nginx's cache.
    expect(reached.filter((url) => url === path).length - before).toBe(12);
    for (const answer of [...alices, ...bobs, ...anonymous]) expect(answer.cache).not.toBe('HIT');
    const alicesIds = new Set(alices.map((answer) => JSON.parse(answer.body).user.id));
    const bobsIds = new Set(bobs.map((answer) => JSON.parse(answer.body).user.id));
    expect([...alicesIds]).toEqual([334941]);
    expect([...bobsIds]).toEqual([1204187]);
    expect(anonymous.map((answer) => answer.status)).toEqual([401, 401]);
  }, 60_000);

  it("a sign-in through nginx on a port of its own comes back to that port (the block forwards the host's port)", async () => {
    expect(nginx.port).not.toBe(80);
    const jar = new CookieJar();
    made.sandbox.setAuthorization({ userId: 334941 });
    const login = await browse(`${nginx.url}${MOUNT}/auth/login?return_to=/account`, jar);
    expect(login.status).toBe(303);
    const authorize = new URL(login.headers.get('location') as string);
    expect(authorize.searchParams.get('redirect_uri')).toBe(`${nginx.url}${MOUNT}/auth/callback`);
    // The API's sign-in page sends the browser back to that address, through nginx again.
    const page = await made.sandbox.fetch(authorize.href);
    const callback = page.headers.get('location') as string;
    expect(callback.startsWith(`${nginx.url}${MOUNT}/auth/callback?`)).toBe(true);
    const done = await browse(callback, jar);
    expect(done.status).toBe(303);
    expect(done.headers.get('location')).toBe('/account');
    const me = await browse(`${nginx.url}${MOUNT}/user`, jar);
    expect(me.status).toBe(200);
    expect(JSON.parse(await me.text()).user.id).toBe(334941);
  }, 60_000);
});

describe('a SKU listing behind nginx (the API says max-age=0, must-revalidate)', () => {
  // The sandbox's own Cache-Control: listings `max-age=0`, as the API sends them.
  const listing = setup({ cdn: true }, { rateLimit: { limit: 1e9, windowMs: 60_000 } });
  const reachedListing: string[] = [];
  let front: Nginx;
  let origin: Server;

  beforeAll(async () => {
    const adapter = toNodeHandler(listing.handler, { trustProxy: 1 });
    origin = createServer((req, res) => {
      reachedListing.push(req.url ?? '');
      adapter(req, res);
    });
    await new Promise<void>((resolve) => origin.listen(0, '127.0.0.1', resolve));
    const address = origin.address();
    front = await startNginx(typeof address === 'object' && address ? address.port : 0);
  }, 60_000);

  afterAll(async () => {
    await front?.stop();
    origin?.closeAllConnections();
    await new Promise((resolve) => origin?.close(resolve));
  });

  it('3 requests of /categories/40/skus: nginx answers at least one itself, from one call to the API', async () => {
    const path = `${MOUNT}/categories/40/skus`;
    const answers: { status: number; body: string; cache: string | null }[] = [];
    for (let i = 0; i < 3; i++) {
      const response = await fetch(`${front.url}${path}`);
      answers.push({
        status: response.status,
        body: await response.text(),
        cache: response.headers.get('x-cache-status'),
      });
    }
    expect(answers.map((answer) => answer.status)).toEqual([200, 200, 200]);
    expect(new Set(answers.map((answer) => answer.body)).size).toBe(1);
    expect(answers.filter((answer) => answer.cache === 'HIT').length).toBeGreaterThanOrEqual(1);
    expect(reachedListing.filter((url) => url === path).length).toBeLessThanOrEqual(2);
    expect(listing.sandbox.apiCalls({ path: '/categories/40/skus' })).toHaveLength(1);
  }, 60_000);
});
