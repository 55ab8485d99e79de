import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { type CachedAnswer, DailyLimitError, PriceCatalogError, RateLimitError } from '../../src/index.js';
import { CoordinationError, type RedisCoordination, redisCoordination } from '../../src/redis/index.js';
import { type RedisServer, startRedis } from '../helpers/redis-server.js';

// Real Redis and real time: the waits here are short (tens of ms to ~1 s). The stores are used
// the way the pipeline uses them, with several coordinations standing for several processes.

let redis: RedisServer;
const open: RedisCoordination[] = [];
let n = 0;

function coordination(prefix = `t${++n}:`, extra: Partial<Parameters<typeof redisCoordination>[0]> = {}) {
  const c = redisCoordination({ url: redis.url, prefix, ...extra });
  open.push(c);
  return c;
}

beforeAll(async () => {
  redis = await startRedis();
});
afterEach(async () => {
  await Promise.all(open.splice(0).map((c) => c.close()));
});
afterAll(async () => {
  await redis.stop();
});

const day = '2026-11-23';

describe('budget', () => {
  it('takes exactly the limit across processes, atomically, and counts only calls taken', async () => {
    const prefix = `b${++n}:`;
    const processes = [
      coordination(prefix),
      coordination(prefix),
      coordination(prefix),
      coordination(prefix),
    ];
    const takes = await Promise.all(
      Array.from({ length: 500 }, (_, i) =>
        (processes[i % 4] as RedisCoordination).budget.take('app', day, 300),
      ),
    );
    expect(takes.filter(Boolean)).toHaveLength(300);
    expect(await (processes[0] as RedisCoordination).budget.count('app', day)).toBe(300);
    expect(await (processes[1] as RedisCoordination).budget.count('app', '2026-11-24')).toBe(0);
    expect(await (processes[2] as RedisCoordination).budget.count('other', day)).toBe(0);
  });

  it('keeps prefixes apart', async () => {
    const a = coordination();
    const b = coordination();
    expect(await a.budget.take('app', day, 1)).toBe(true);
    expect(await a.budget.take('app', day, 1)).toBe(false);
    expect(await b.budget.take('app', day, 1)).toBe(true);
  });
});

const info = (remaining: number, resetInMs: number, limit = 5) => ({
  limit,
  remaining,
  reset: Math.ceil((Date.now() + resetInMs) / 1000),
});

describe('rate windows', () => {
  it('answers that come back out of order do not shrink the window (4 processes: the server counts in another order)', async () => {
    const c = coordination();
    const limit = 20;
    const acquire = () => c.windows.acquire('tok', 100, { maxWaitMs: 0, reason: 'window' });
    // The probe opens the window: limit 20, 19 left.
    const probe = await acquire();
    await probe.answered(info(19, 30_000, limit));
    // Ten calls go (seq 2..11). The server counts seq 3 before seq 2, so seq 2's answer says 16 left
    // (it was the 4th call counted) and seq 3's says 17; the others come in order: 20 - (seq).
    const slots = [];
    for (let i = 0; i < 10; i++) slots.push(await acquire());
    const remainingOf = (seq: number) => (seq === 2 ? 16 : seq === 3 ? 17 : limit - seq);
    // Answers arrive latest first, then the reordered pair.
    for (const slot of [...slots].reverse()) await slot.answered(info(remainingOf(slot.seq), 30_000, limit));
    // The server has counted 11 calls: 9 are left, and all 9 must be admitted at once.
    const more = [];
    for (let i = 0; i < 9; i++) more.push(await acquire());
    expect(more.map((s) => s.seq)).toEqual([12, 13, 14, 15, 16, 17, 18, 19, 20]);
    // The 21st would go over the server's limit: refused without waiting past maxWaitMs.
    await expect(Promise.resolve().then(acquire)).rejects.toBeInstanceOf(RateLimitError);
  });

  it('sends one probe while the limit is unknown, then lets the window fill', async () => {
    const c = coordination();
    const probe = await c.windows.acquire('tok', 100, { maxWaitMs: 5000, reason: 'window' });
    expect(probe.seq).toBe(1);
    let second = 0;
    const waiting = Promise.resolve(
      c.windows.acquire('tok', 100, { maxWaitMs: 5000, reason: 'window' }),
    ).then((slot) => {
      second = slot.seq;
      return slot;
    });
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(second).toBe(0);
    await probe.answered(info(4, 2000));
    expect((await waiting).seq).toBe(2);
    expect(await c.windows.last('tok')).toMatchObject({ limit: 5, remaining: 4 });
  });

  it('never grants more than the server says remain, across processes; waiters go window by window in arrival order', async () => {
    const prefix = `w${++n}:`;
    const a = coordination(prefix);
    const b = coordination(prefix);
    await Promise.all([a.budget.count('app', day), b.budget.count('app', day)]);
    // A server with windows of 3 calls per 600 ms, each starting at its first call.
    let window = { start: 0, count: 0 };
    const serve = () => {
      const now = Date.now();
      if (now >= window.start + 600) window = { start: now, count: 0 };
      window.count++;
      return { limit: 3, remaining: Math.max(0, 3 - window.count), reset: (window.start + 600) / 1000 };
    };
    const first = await a.windows.acquire('tok', 5, { maxWaitMs: 5000, reason: 'window' });
    await first.answered(serve());
    const granted: string[] = [];
    const calls = Array.from({ length: 7 }, async (_, i) => {
      await new Promise((resolve) => setTimeout(resolve, i * 15));
      const store = i % 2 ? b : a;
      const slot = await store.windows.acquire('tok', 5, { maxWaitMs: 5000, reason: 'window' });
      const answer = serve();
      granted.push(`w${i}`);
      expect(window.count).toBeLessThanOrEqual(3);
      await slot.answered(answer);
    });
    await Promise.all(calls);
    // Window 1: the probe and w0, w1; window 2: w2..w4 (in any order among them); window 3: w5, w6.
    expect(granted.slice(0, 2).sort()).toEqual(['w0', 'w1']);
    expect(granted.slice(2, 5).sort()).toEqual(['w2', 'w3', 'w4']);
    expect(granted.slice(5).sort()).toEqual(['w5', 'w6']);
  });

  it('discounts calls in flight and ignores answers from a window that ran out', async () => {
    const c = coordination();
    const s1 = await c.windows.acquire('tok', 10, { maxWaitMs: 5000, reason: 'window' });
    await s1.answered(info(9, 400, 10));
    const s2 = await c.windows.acquire('tok', 10, { maxWaitMs: 5000, reason: 'window' });
    const s3 = await c.windows.acquire('tok', 10, { maxWaitMs: 5000, reason: 'window' });
    // s2's answer says 2 remain, but s3 was sent after it and is not in that count: 1 is left.
    await s2.answered(info(2, 400, 10));
    const s4 = await c.windows.acquire('tok', 10, { maxWaitMs: 5000, reason: 'window' });
    const t0 = Date.now();
    const s5 = await c.windows.acquire('tok', 10, { maxWaitMs: 5000, reason: 'window' });
    expect(Date.now() - t0).toBeGreaterThan(150);
    // A late answer about the window that ran out changes nothing in the new one.
    await s3.answered(info(0, -1000, 10));
    await s4.answered(info(0, -1000, 10));
    const s6 = await c.windows.acquire('tok', 10, { maxWaitMs: 100, reason: 'window' });
    expect(s6.seq).toBe(s5.seq + 1);
  });

  it('rejects at once with RateLimitError when the reset is past maxWaitMs', async () => {
    const c = coordination();
    const s = await c.windows.acquire('tok', 5, { maxWaitMs: 5000, reason: 'window' });
    await s.exhausted(info(0, 30_000));
    const t0 = Date.now();
    const error = await Promise.resolve(
      c.windows.acquire('tok', 5, { maxWaitMs: 1000, reason: '403' }),
    ).catch((e: unknown) => e);
    expect(Date.now() - t0).toBeLessThan(500);
    expect(error).toBeInstanceOf(RateLimitError);
    expect((error as RateLimitError).rateLimit?.remaining).toBe(0);
    expect((error as RateLimitError).sent).toBe(false);
    const resetsAt = (error as RateLimitError).resetsAt?.getTime() ?? 0;
    expect(resetsAt).toBeGreaterThan(Date.now() + 25_000);
  });

  it('lets an aborted waiter go without holding its place', async () => {
    const c = coordination();
    const s = await c.windows.acquire('tok', 5, { maxWaitMs: 5000, reason: 'window' });
    await s.answered(info(0, 600, 5));
    const controller = new AbortController();
    const aborted = Promise.resolve(
      c.windows.acquire('tok', 5, { maxWaitMs: 5000, reason: 'window', signal: controller.signal }),
    ).catch((e: unknown) => e);
    const next = c.windows.acquire('tok', 5, { maxWaitMs: 5000, reason: 'window' });
    await new Promise((resolve) => setTimeout(resolve, 50));
    controller.abort();
    expect(await aborted).toMatchObject({ name: 'AbortError' });
    expect(await aborted).toBeInstanceOf(PriceCatalogError);
    expect((await next).seq).toBe(2);
  });

  it('a released probe lets the next call probe', async () => {
    const c = coordination();
    const probe = await c.windows.acquire('tok', 5, { maxWaitMs: 5000, reason: 'window' });
    const next = c.windows.acquire('tok', 5, { maxWaitMs: 5000, reason: 'window' });
    await probe.release();
    expect((await next).seq).toBe(2);
  });
});

describe('application token', () => {
  it('is obtained once for many callers in several processes, and renewed once after a 401', async () => {
    const prefix = `a${++n}:`;
    const processes = [
      coordination(prefix),
      coordination(prefix),
      coordination(prefix),
      coordination(prefix),
    ];
    let issued = 0;
    const obtain = async () => {
      issued++;
      await new Promise((resolve) => setTimeout(resolve, 50));
      return { value: `token-${issued}`, expiresAt: Date.now() + 3_600_000, principal: `p${issued}` };
    };
    const tokens = await Promise.all(
      Array.from({ length: 40 }, (_, i) =>
        (processes[i % 4] as RedisCoordination).appTokens.get('app', obtain),
      ),
    );
    expect(issued).toBe(1);
    expect(new Set(tokens.map((t) => t.value))).toEqual(new Set(['token-1']));
    const rejected = tokens[0] as (typeof tokens)[number];
    const renewed = await Promise.all(processes.map((p) => p.appTokens.get('app', obtain, rejected)));
    expect(issued).toBe(2);
    expect(new Set(renewed.map((t) => t.value))).toEqual(new Set(['token-2']));
    await (processes[0] as RedisCoordination).appTokens.clear('app');
    await (processes[1] as RedisCoordination).appTokens.get('app', obtain);
    expect(issued).toBe(3);
  });

  it('a token about to expire is renewed, not handed out', async () => {
    const c = coordination();
    let issued = 0;
    const obtain = async () => ({
      value: `t${++issued}`,
      expiresAt: Date.now() + (issued === 1 ? 10_000 : 3_600_000),
      principal: 'p',
    });
    expect((await c.appTokens.get('app', obtain)).value).toBe('t1');
    expect((await c.appTokens.get('app', obtain)).value).toBe('t2');
  });
});

describe('locks', () => {
  it('runs one holder at a time across processes', async () => {
    const prefix = `l${++n}:`;
    const a = coordination(prefix);
    const b = coordination(prefix);
    let inside = 0;
    let most = 0;
    await Promise.all(
      Array.from({ length: 8 }, (_, i) =>
        (i % 2 ? a : b).locks.withLock('refresh:user-1', async () => {
          inside++;
          most = Math.max(most, inside);
          await new Promise((resolve) => setTimeout(resolve, 15));
          inside--;
        }),
      ),
    );
    expect(most).toBe(1);
  });

  it('a waiter gives up with CoordinationError after lockWaitMs', async () => {
    const prefix = `l${++n}:`;
    const a = coordination(prefix);
    const b = coordination(prefix, { lockWaitMs: 200 });
    let release = (): void => undefined;
    const held = a.locks.withLock('x', () => new Promise<void>((resolve) => (release = resolve)));
    await new Promise((resolve) => setTimeout(resolve, 30));
    await expect(b.locks.withLock('x', async () => 1)).rejects.toBeInstanceOf(CoordinationError);
    release();
    await held;
    await expect(b.locks.withLock('x', async () => 2)).resolves.toBe(2);
  });
});

describe('cache and user tokens', () => {
  const answer = (maxAgeMs: number): CachedAnswer => ({
    body: { category: { id: 40 } },
    etag: 'W/"1"',
    storedAt: Date.now(),
    maxAgeMs,
    headers: [['etag', 'W/"1"']],
    size: 30,
  });

  it('an answer one process stores, another reads; a delete is seen by all; entries expire', async () => {
    const prefix = `c${++n}:`;
    const a = coordination(prefix, { cacheStaleTtlMs: 0 });
    const b = coordination(prefix, { cacheStaleTtlMs: 0 });
    await a.cache?.set('GET app /categories/40', answer(60_000));
    await a.cache?.set('GET user:7 /user', answer(100));
    expect(await b.cache?.get('GET app /categories/40')).toMatchObject({
      etag: 'W/"1"',
      body: { category: { id: 40 } },
      maxAgeMs: 60_000,
    });
    expect([...((await b.cache?.keys()) ?? [])].sort()).toEqual([
      'GET app /categories/40',
      'GET user:7 /user',
    ]);
    await b.cache?.delete('GET app /categories/40');
    expect(await a.cache?.get('GET app /categories/40')).toBeUndefined();
    await new Promise((resolve) => setTimeout(resolve, 150));
    expect(await a.cache?.get('GET user:7 /user')).toBeUndefined();
  });

  it('cache: false leaves the cache to each process', () => {
    expect(coordination(undefined, { cache: false }).cache).toBeUndefined();
  });

  it('a user token store is read by every process', async () => {
    const prefix = `u${++n}:`;
    const a = coordination(prefix).tokenStore('user-42');
    const b = coordination(prefix).tokenStore('user-42');
    expect(await b.get()).toBeUndefined();
    await a.set({ access_token: 'at', refresh_token: 'rt', expires_at: 123 });
    expect(await b.get()).toEqual({ access_token: 'at', refresh_token: 'rt', expires_at: 123 });
    await b.set(undefined);
    expect(await a.get()).toBeUndefined();
  });

  it('a user token store with expireAfterMs is dropped by Redis that long after its last write', async () => {
    const prefix = `ux${++n}:`;
    const c = coordination(prefix);
    const { Redis } = await import('ioredis');
    const raw = new Redis(redis.url);
    try {
      const kept = c.tokenStore('forever');
      await kept.set({ access_token: 'at' });
      expect(await raw.pttl(`${prefix}user-tokens:forever`)).toBe(-1);
      const expiring = c.tokenStore('session-1', { expireAfterMs: 300 });
      await expiring.set({ access_token: 'at1', refresh_token: 'rt1' });
      const ttl = await raw.pttl(`${prefix}user-tokens:session-1`);
      expect(ttl).toBeGreaterThan(0);
      expect(ttl).toBeLessThanOrEqual(300);
      // A refresh writes the pair again, and the time starts again with it.
      await new Promise((resolve) => setTimeout(resolve, 200));
      await expiring.set({ access_token: 'at2', refresh_token: 'rt2' });
      await new Promise((resolve) => setTimeout(resolve, 200));
      expect(await expiring.get()).toEqual({ access_token: 'at2', refresh_token: 'rt2' });
      await new Promise((resolve) => setTimeout(resolve, 250));
      expect(await expiring.get()).toBeUndefined();
      expect(await kept.get()).toEqual({ access_token: 'at' });
    } finally {
      await raw.quit();
    }
    for (const bad of [0, -1, 1.5, Number.NaN]) {
      expect(() => c.tokenStore('u', { expireAfterMs: bad })).toThrow(
        expect.objectContaining({ name: 'InvalidRequestError', param: 'expireAfterMs' }),
      );
    }
  });
});

describe('Redis failing', () => {
  it('every call, waiting ones included, ends in CoordinationError within seconds; reconnects work', async () => {
    const errors = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    try {
      const c = coordination(undefined, { commandTimeoutMs: 1000 });
      const s = await c.windows.acquire('tok', 5, { maxWaitMs: 60_000, reason: 'window' });
      await s.answered(info(0, 30_000, 5));
      const waiting = Promise.resolve(
        c.windows.acquire('tok', 5, { maxWaitMs: 60_000, reason: 'window' }),
      ).catch((e: unknown) => e);
      await new Promise((resolve) => setTimeout(resolve, 100));
      await redis.stop();
      const t0 = Date.now();
      const results = await Promise.all([
        waiting,
        Promise.resolve(c.budget.take('app', day, 10)).catch((e: unknown) => e),
        c.appTokens.get('app', async () => ({ value: 'x', principal: 'p' })).catch((e: unknown) => e),
        c.locks.withLock('l', async () => 1).catch((e: unknown) => e),
        Promise.resolve(c.cache?.get('k')).catch((e: unknown) => e),
      ]);
      const elapsed = Date.now() - t0;
      for (const result of results) {
        expect(result).toBeInstanceOf(CoordinationError);
        expect(result).toBeInstanceOf(PriceCatalogError);
        expect(result).not.toBeInstanceOf(DailyLimitError);
      }
      expect(elapsed).toBeLessThan(5000);
      await redis.start();
      // The client reconnects by itself: the next calls work (the empty server has no state).
      let ok = false;
      for (let i = 0; i < 40 && !ok; i++) {
        ok = await Promise.resolve(c.budget.take('app', day, 10)).catch(() => false);
        if (!ok) await new Promise((resolve) => setTimeout(resolve, 100));
      }
      expect(ok).toBe(true);
      expect(errors).not.toHaveBeenCalled();
    } finally {
      errors.mockRestore();
      warn.mockRestore();
    }
  });

  it('a script error is a CoordinationError too, and a closed coordination refuses', async () => {
    const prefix = `s${++n}:`;
    const c = coordination(prefix);
    // A key of the wrong type makes the budget script fail inside Redis.
    const { Redis } = await import('ioredis');
    const raw = new Redis(redis.url);
    await raw.hset(`${prefix}budget:app:${day}`, 'x', '1');
    // A value written by something else: a typed error that does not quote it.
    await raw.set(`${prefix}user-tokens:u1`, 'secret-token-value');
    await raw.quit();
    const unreadable = await Promise.resolve(c.tokenStore('u1').get()).catch((e: unknown) => e);
    expect(unreadable).toBeInstanceOf(CoordinationError);
    expect((unreadable as Error).message).not.toMatch(/secret/);
    const error = await Promise.resolve(c.budget.take('app', day, 10)).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(CoordinationError);
    expect((error as Error).message).toMatch(/WRONGTYPE/);
    // The command and its arguments (which may hold a token) are not carried along.
    expect(JSON.stringify((error as Error).cause)).not.toMatch(/budget:app/);
    expect((error as Error & { cause: Record<string, unknown> }).cause.command).toBeUndefined();
    await c.close();
    await expect(Promise.resolve(c.budget.count('app', day))).rejects.toThrow(/closed/);
  });

  it('needs exactly one of url or client', () => {
    expect(() => redisCoordination({})).toThrow(TypeError);
  });
});
