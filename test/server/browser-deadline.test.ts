import { afterEach, describe, expect, it, vi } from 'vitest';
import { SANDBOX_USERS } from '../../src/sandbox/index.js';
import { CookieJar, MOUNT, ORIGIN, PHONE, setup, signIn } from './setup.js';

/** A fetch in front of the sandbox that holds every request while `hang` is on, until released. */
function hangingApi() {
  const gate = { hang: false, held: [] as (() => void)[], upstream: undefined as typeof fetch | undefined };
  const fetch: typeof globalThis.fetch = async (input, init) => {
    if (gate.hang) await new Promise<void>((release) => gate.held.push(release));
    return (gate.upstream as typeof globalThis.fetch)(input, init);
  };
  const release = () => {
    gate.hang = false;
    for (const go of gate.held.splice(0)) go();
  };
  return { gate, fetch, release };
}

/** Until the API holds a request: the handler's own awaits (a session's digest) run in real time. */
async function held(api: { gate: { held: unknown[] } }): Promise<void> {
  while (api.gate.held.length === 0) await new Promise((resolve) => setImmediate(resolve));
}

/** Whether `answer` has settled, without waiting for it. */
function watch<T>(answer: Promise<T>) {
  const state: { done: boolean; value?: T } = { done: false };
  void answer.then((value) => Object.assign(state, { done: true, value }));
  return state;
}

afterEach(() => {
  vi.useRealTimers();
});

describe('a deadline for browsers: an answer within answerWithin (10 s) even when the API hangs', () => {
  it('nothing kept: 503 with Retry-After at 10 s; the call goes on and fills the cache for the next view', async () => {
    const api = hangingApi();
    const { call, sandbox, handler } = setup({ fetch: api.fetch });
    api.gate.upstream = sandbox.fetch;
    await call(`${MOUNT}/categories/root`); // the application token, before the API hangs
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    api.gate.hang = true;
    const answer = watch(call(`${MOUNT}/skus/${PHONE}`));
    await held(api);
    await vi.advanceTimersByTimeAsync(9_900);
    expect(answer.done).toBe(false);
    await vi.advanceTimersByTimeAsync(100);
    expect(answer.done).toBe(true);
    expect(answer.value?.status).toBe(503);
    expect(answer.value?.headers.get('retry-after')).toBeTruthy();
    expect(await answer.value?.json()).toMatchObject({ errors: [{ code: 'ServiceUnavailable' }] });
    api.release();
    await handler.idle();
    const next = await call(`${MOUNT}/skus/${PHONE}`);
    expect(next.status).toBe(200);
    expect(next.headers.get('x-catalog-cache')).toBe('hit');
    expect(sandbox.apiCalls({ path: `/skus/${PHONE}` })).toHaveLength(1);
  });

  it("a signed-in user's view past userMaxAge gets their last answer (stale) at the deadline", async () => {
    const api = hangingApi();
    const time = { t: Date.now() };
    const { sandbox, handler } = setup({ fetch: api.fetch, now: () => time.t, answerWithin: 2_000 });
    api.gate.upstream = sandbox.fetch;
    const jar = new CookieJar();
    await signIn(sandbox, handler, jar, SANDBOX_USERS.carol);
    const view = () =>
      handler(new Request(`${ORIGIN}${MOUNT}/favorites`, { headers: { cookie: jar.header() } }));
    expect((await view()).status).toBe(200);
    time.t += 120_000;
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    api.gate.hang = true;
    const answer = watch(view());
    await held(api);
    await vi.advanceTimersByTimeAsync(2_000);
    expect(answer.done).toBe(true);
    expect(answer.value?.status).toBe(200);
    expect(answer.value?.headers.get('x-catalog-cache')).toBe('stale');
    api.release();
    await handler.idle();
  });

  it('a write the API does not answer in time: 503 at the deadline; once it is made, the next view shows it', async () => {
    const api = hangingApi();
    const { sandbox, handler } = setup({ fetch: api.fetch });
    api.gate.upstream = sandbox.fetch;
    const jar = new CookieJar();
    await signIn(sandbox, handler, jar, SANDBOX_USERS.carol);
    const headers = { cookie: jar.header(), origin: ORIGIN, 'content-type': 'application/json' };
    const list = async () =>
      (
        (await (await handler(new Request(`${ORIGIN}${MOUNT}/favorites`, { headers }))).json()) as {
          favorites: unknown[];
        }
      ).favorites;
    expect(await list()).toHaveLength(0);
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    api.gate.hang = true;
    const body = JSON.stringify({ favorite: { sku_id: PHONE } });
    const answer = watch(
      handler(new Request(`${ORIGIN}${MOUNT}/favorites`, { method: 'POST', headers, body })),
    );
    await held(api);
    await vi.advanceTimersByTimeAsync(10_000);
    expect(answer.value?.status).toBe(503);
    api.release();
    await handler.idle();
    vi.useRealTimers();
    expect(await list()).toHaveLength(1);
  });
});
