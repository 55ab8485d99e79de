import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { fileCoordination } from '../../src/file/index.js';
import { type RedisCoordination, redisCoordination } from '../../src/redis/index.js';
import { startRedis } from '../helpers/redis-server.js';
import { CookieJar, handlerOver, MOUNT, ORIGIN, setup } from './setup.js';

/** Starts a sign-in in `jar` and returns the callback URL the authorization page sends back. */
async function started(
  handler: (request: Request) => Promise<Response>,
  sandbox: { fetch: typeof fetch },
  jar: CookieJar,
) {
  const login = await handler(new Request(`${ORIGIN}${MOUNT}/auth/login`));
  jar.take(login);
  const page = await sandbox.fetch(login.headers.get('location') as string);
  return page.headers.get('location') as string;
}

const replay = (handler: (request: Request) => Promise<Response>, url: string, cookie: string) =>
  handler(new Request(url, { headers: { cookie } }));

describe('sign-in callbacks are single-use', () => {
  it('the same callback (URL and login cookie) sent again: 400 SignInReplayed, no second token request, no session', async () => {
    const { sandbox, handler } = setup();
    const jar = new CookieJar();
    const callback = await started(handler, sandbox, jar);
    const loginCookie = jar.header();
    const first = await replay(handler, callback, loginCookie);
    expect(first.status).toBe(303);
    expect(first.headers.getSetCookie().some((c) => c.startsWith('catalog_session='))).toBe(true);
    const tokenRequests = sandbox.stats.tokenRequests;

    const again = await replay(handler, callback, loginCookie);
    expect(again.status).toBe(400);
    expect(await again.json()).toMatchObject({ errors: [{ code: 'SignInReplayed' }] });
    expect(
      again.headers.getSetCookie().some((c) => c.startsWith('catalog_session=') && !c.includes('Max-Age=0')),
    ).toBe(false);
    expect(sandbox.stats.tokenRequests).toBe(tokenRequests);
  });

  it('the code replayed under a made-up state and a matching cookie is refused too: the code is spent, not only the state', async () => {
    const { sandbox, handler } = setup();
    const jar = new CookieJar();
    const callback = await started(handler, sandbox, jar);
    const first = await replay(handler, callback, jar.header());
    expect(first.status).toBe(303);
    const tokenRequests = sandbox.stats.tokenRequests;

    const forged = new URL(callback);
    forged.searchParams.set('state', 'madeup');
    const [name] = jar.header().split('=') as [string];
    const again = await replay(
      handler,
      forged.href,
      `${name}=madeup.${Buffer.from('/').toString('base64url')}`,
    );
    expect(again.status).toBe(400);
    expect(await again.json()).toMatchObject({ errors: [{ code: 'SignInReplayed' }] });
    expect(sandbox.stats.tokenRequests).toBe(tokenRequests);
  });

  it.each([
    [
      'a file coordination',
      async () => {
        const dir = await mkdtemp(join(tmpdir(), 'price-catalog-replay-'));
        return {
          make: () => fileCoordination({ dir }),
          end: () => rm(dir, { recursive: true, force: true }),
        };
      },
    ],
    [
      'a Redis coordination',
      async () => {
        const redis = await startRedis();
        const made: RedisCoordination[] = [];
        const make = () => {
          const coordination = redisCoordination({ url: redis.url, prefix: 'replay:' });
          made.push(coordination);
          return coordination;
        };
        return {
          make,
          end: async () => {
            for (const coordination of made) await coordination.close();
            await redis.stop();
          },
        };
      },
    ],
  ])(
    'two handler instances sharing %s: a callback used on one is refused on the other',
    async (_name, shared) => {
      const { make, end } = await shared();
      try {
        const { sandbox, handler: first } = setup({ coordination: make() });
        const second = handlerOver(sandbox, {
          coordination: make(),
        });
        const jar = new CookieJar();
        const callback = await started(first, sandbox, jar);
        expect((await replay(first, callback, jar.header())).status).toBe(303);
        const tokenRequests = sandbox.stats.tokenRequests;
        const again = await replay(second, callback, jar.header());
        expect(again.status).toBe(400);
        expect(sandbox.stats.tokenRequests).toBe(tokenRequests);
      } finally {
        await end();
      }
    },
  );

  it('two sign-ins of one browser, one after the other, both go through', async () => {
    const { sandbox, handler } = setup();
    const jar = new CookieJar();
    for (let i = 0; i < 2; i++) {
      const callback = await started(handler, sandbox, jar);
      const done = await replay(handler, callback, jar.header());
      expect(done.status).toBe(303);
      jar.take(done);
    }
    expect(sandbox.stats.tokenRequests).toBeGreaterThanOrEqual(2);
  });
});
