import { afterEach, describe, expect, it, vi } from 'vitest';
import { isNotificationOf, type Notification } from '../../src/index.js';
import { newSandbox, replayAsUser, sandboxClient } from '../helpers/index.js';
import { drive } from '../helpers/timers.js';
import { userClient } from '../helpers/users.js';

const PHONE = 2119391;

afterEach(() => {
  vi.useRealTimers();
});

describe('notifications', () => {
  it('list, get, typed by etype', async () => {
    const { api } = userClient('alice');
    const all = await api.notifications.list().toArray();
    expect(all.length).toBeGreaterThan(2);
    const drop = all.find((n) => isNotificationOf(n, 'price_drop'));
    if (!drop || !isNotificationOf(drop, 'price_drop')) throw new Error('alice has a price_drop');
    expect(drop.snapshot.latest_price).toEqual(expect.any(Number));
    expect(drop.sku?.id).toBe(drop.eventable_id);
    const review = all.find((n) => isNotificationOf(n, 'sku_review'));
    if (review && isNotificationOf(review, 'sku_review'))
      expect(review.review_rating).toEqual(expect.any(Number));
    expect(await api.notifications.get(drop.id)).toMatchObject({ id: drop.id, etype: 'price_drop' });
  });

  it('markViewed sends the ids and answers 204; later reads show them viewed', async () => {
    const { api, bodies } = userClient('alice');
    const unviewed = (await api.notifications.list().toArray()).filter((n) => !n.is_viewed).map((n) => n.id);
    expect(unviewed.length).toBeGreaterThan(0);
    await expect(api.notifications.markViewed(unviewed)).resolves.toBeUndefined();
    expect(bodies.at(-1)).toEqual({ method: 'POST', path: '/notifications/view', body: { ids: unviewed } });
    expect((await api.notifications.list().toArray()).filter((n) => !n.is_viewed)).toEqual([]);
    await expect(api.notifications.markViewed([])).rejects.toThrow(/at least one/);
  });

  it('needs the notifications scope', async () => {
    const { api, sandbox } = userClient('alice', 'public favorites');
    await expect(api.notifications.list()).rejects.toMatchObject({ code: 'InsufficientScope' });
    expect(sandbox.apiCalls()).toHaveLength(0);
  });
});

describe('notifications.watch()', () => {
  it('yields each new notification once, revalidating with ETags, and stops on abort', async () => {
    vi.useFakeTimers();
    const { api, sandbox } = userClient('carol', undefined, { dailyLimit: null, cache: {} });
    await api.favorites.create({ sku_id: PHONE });
    const price = Number((await api.skus.get(PHONE)).price_min);
    const controller = new AbortController();
    const seen: Notification[] = [];
    const watching = (async () => {
      for await (const n of api.notifications.watch({ interval: 10_000, signal: controller.signal }))
        seen.push(n);
    })();
    await vi.advanceTimersByTimeAsync(25_000); // the baseline poll and two with nothing new
    expect(seen).toEqual([]);
    sandbox.setPrice(PHONE, Math.round(price * 80) / 100);
    await vi.advanceTimersByTimeAsync(10_000);
    expect(seen.map((n) => n.etype)).toEqual(['price_drop']);
    sandbox.setPrice(PHONE, price);
    await vi.advanceTimersByTimeAsync(10_000);
    await vi.advanceTimersByTimeAsync(10_000);
    expect(seen.map((n) => n.etype)).toEqual(['price_drop', 'price_up']);
    controller.abort();
    await watching;
    const polls = sandbox.apiCalls({ path: '/notifications' });
    expect(polls.map((p) => p.status)).toEqual([200, 304, 304, 200, 200, 304]);
    expect(polls.slice(1).every((p) => p.headers.get('if-none-match'))).toBe(true);
    await vi.advanceTimersByTimeAsync(60_000);
    expect(sandbox.apiCalls({ path: '/notifications' })).toHaveLength(polls.length);
  });

  it('spaces polls so the rest of the daily budget lasts the day', async () => {
    vi.useFakeTimers();
    vi.setSystemTime(new Date('2026-11-22T12:00:00Z'));
    const sandbox = newSandbox();
    const grant = sandbox.issueUserToken();
    const api = sandboxClient(sandbox, {
      clientId: undefined,
      clientSecret: undefined,
      getToken: () => grant,
      dailyLimit: 13, // 12 hours left: one poll an hour at most
    });
    const controller = new AbortController();
    const run = drive(
      (async () => {
        for await (const _ of api.notifications.watch({ interval: 1_000, signal: controller.signal })) {
          /* nothing new arrives */
        }
      })(),
      60_000,
    );
    await vi.advanceTimersByTimeAsync(3 * 3_600_000 + 1_000);
    controller.abort();
    await run;
    const polls = sandbox.apiCalls({ path: '/notifications' }).length;
    expect(polls).toBeGreaterThanOrEqual(3);
    expect(polls).toBeLessThanOrEqual(5);
  });
});

describe('notifications recordings', () => {
  it('notifications_index and notifications_show parse untouched', async () => {
    for (const [name, call] of [
      [
        'notifications_index',
        (api: ReturnType<typeof sandboxClient>) => api.notifications.list({ per: 1 }).then((p) => p.body),
      ],
      [
        'notifications_show',
        (api: ReturnType<typeof sandboxClient>) =>
          api.notifications.get(314233664).then((notification) => ({ notification })),
      ],
    ] as const) {
      const { api, recording } = replayAsUser(name);
      expect(await call(api)).toEqual(recording.response.body);
    }
  });
});
