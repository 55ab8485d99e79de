import { createClient } from 'price-catalog';
import { type RedisCoordination, redisCoordination } from 'price-catalog/redis';
import { createSandbox, type SandboxOptions } from 'price-catalog/testing';
import { type CatalogHandler, createCatalogHandler } from '../../src/server/index.js';
import { SimulatedClock } from '../day/clock.js';
import { DAY_MS } from '../day/plan.js';
import { seededRandom } from '../day/random.js';
import { addressOf, MOUNT, SHOP } from '../day/runs/handler.js';
import type { StorePage } from '../day/storefront.js';
import { resourceKey } from '../day/tap.js';
import type { WeekPlan } from './plan.js';
import { WeekRecord } from './record.js';
import { type Client, connect, type RedisTarget, replies } from './redis.js';

export interface WeekOptions {
  seed: number;
  /** Epoch ms of the week's first 00:00 UTC. */
  start: number;
  days: number;
  budget: number;
  instances: number;
  sandbox: SandboxOptions;
  plan: WeekPlan;
  pages: readonly StorePage[];
  prices: ReadonlyMap<number, number>;
  redis: RedisTarget;
  /** Tells apart the runs sharing one Redis. */
  prefix: string;
  /** Says when each day is done (how far a long run has come). */
  progress?: (line: string) => void;
  /** Each trace line, as it happens. */
  trace?: (line: Record<string, unknown>) => void;
}

/** How long after the week's last 24:00 views still in flight may finish. */
const GRACE_MS = 5 * 60_000;
/** A restart's aftermath: calls a restarted instance makes this soon after are looked at. */
const AFTER_RESTART_MS = 10 * 60_000;

interface Instance {
  handler: CatalogHandler;
  client: Client;
  restartedAt: number | undefined;
}

interface Seen {
  /** Data time (epoch ms) of what this browser holds, and whether its last answer was fresh. */
  dataTime: number;
  fresh: boolean;
  at: number;
}

/** Plays the week's views against `instances` handlers behind a round-robin balancer, on one Redis. */
export async function simulateWeek(options: WeekOptions): Promise<WeekRecord> {
  const clients = new Set<Client>();
  // Each instance's coordination, restarted ones' too: their watching connections are their own.
  const coordinations = new Set<RedisCoordination>();
  const clock = new SimulatedClock(options.start, () => replies(clients));
  const random = Math.random;
  Math.random = seededRandom(options.seed);
  try {
    return await play(options, clock, clients, coordinations);
  } finally {
    Math.random = random;
    clock.uninstall();
    await Promise.all([...coordinations].map((c) => c.close().catch(() => undefined)));
    await Promise.all([...clients].map((c) => c.quit().catch(() => undefined)));
  }
}

async function play(
  options: WeekOptions,
  clock: SimulatedClock,
  clients: Set<Client>,
  coordinations: Set<RedisCoordination>,
): Promise<WeekRecord> {
  const { start, budget, plan, pages, days } = options;
  const record = new WeekRecord(days);
  const began = performance.now();
  const sandbox = createSandbox({ ...options.sandbox, dailyLimit: budget });
  const origin = new URL(sandbox.baseUrl).origin;
  const since = (): number => Date.now() - start;
  const dayOf = (t: number): number => Math.min(days - 1, Math.floor(t / DAY_MS));
  /** When each resource was last fetched from the API and its max-age: what makes a call a duplicate. */
  const lastFetch = new Map<string, { at: number; maxAgeMs: number }>();

  const apiFetch = (instance: number, instances: Instance[]): typeof fetch =>
    (async (input: RequestInfo | URL, init?: RequestInit): Promise<Response> => {
      const url = new URL(input instanceof Request ? input.url : String(input));
      if (url.origin !== origin) {
        record.tokenRequests += 1;
        return sandbox.fetch(input, init);
      }
      const key = resourceKey(url, '');
      const t = since();
      let response: Response;
      try {
        response = await sandbox.fetch(input, init);
      } catch (error) {
        onCall(instance, instances, key, 0, t);
        throw error;
      }
      onCall(instance, instances, key, response.status, t);
      if (response.status === 200 || response.status === 304) {
        const maxAge = /max-age=(\d+)/.exec(response.headers.get('cache-control') ?? '')?.[1];
        lastFetch.set(key, { at: Date.now(), maxAgeMs: Number(maxAge ?? 0) * 1000 });
      }
      return response;
    }) as typeof fetch;

  const onCall = (instance: number, instances: Instance[], key: string, status: number, t: number): void => {
    const day = dayOf(t);
    const stats = record.days[day];
    if (!stats) return;
    const counted = sandbox.stats.dailyCalls;
    stats.calls += 1;
    record.callTimes.push(t);
    stats.counted = Math.max(stats.counted, counted);
    if (counted > budget && !stats.locked) {
      stats.locked = true;
      stats.lockouts += 1;
    }
    const previous = lastFetch.get(key);
    const restartedAt = instances[instance]?.restartedAt;
    if (
      restartedAt !== undefined &&
      Date.now() - restartedAt < AFTER_RESTART_MS &&
      previous &&
      Date.now() - previous.at < previous.maxAgeMs
    ) {
      record.restartDuplicates += 1;
    }
    options.trace?.({ kind: 'call', day, t: t - day * DAY_MS, resource: key, status, instance });
  };

  const instances: Instance[] = [];
  const startInstance = (index: number, restartedAt: number | undefined): Instance => {
    const client = connect(options.redis);
    clients.add(client);
    const coordination = redisCoordination({ client, prefix: options.prefix });
    coordinations.add(coordination);
    const handler = createCatalogHandler({
      baseUrl: sandbox.baseUrl,
      authUrl: sandbox.authUrl,
      clientId: sandbox.clientId,
      clientSecret: sandbox.clientSecret,
      fetch: apiFetch(index, instances),
      now: () => Date.now(),
      mountPath: MOUNT,
      logLevel: 'off',
      coordination,
      // The shop has no sign-in: its anonymous visitors may spend the whole day (the default
      // half is for shops whose signed-in users need the other half).
      anonymousShare: budget,
    });
    return { handler, client, restartedAt };
  };
  for (let i = 0; i < options.instances; i++) instances.push(startInstance(i, undefined));

  let turn = 0;
  /** The balancer: each request to the next instance in turn. */
  const balanced = async (request: Request, user: number): Promise<[Response, number]> => {
    const index = turn++ % instances.length;
    const response = await (instances[index] as Instance).handler(request, {
      clientAddress: addressOf(user),
    });
    return [response, index];
  };

  // Browsers: one a user a day, each with the SDK's own cache against the balancer.
  let browsers = new Map<number, { client: ReturnType<typeof createClient>; seen: Map<string, Seen> }>();
  const browserOf = (user: number) => {
    const found = browsers.get(user);
    if (found) return found;
    const seen = new Map<string, Seen>();
    const client = createClient({
      baseUrl: `${SHOP}${MOUNT}`,
      auth: 'none',
      logLevel: 'off',
      // A storefront shows "not available" and moves on: no retries, no waiting for a window.
      maxRetries: 0,
      maxRateLimitWait: 0,
      fetch: (async (input: RequestInfo | URL, init?: RequestInit) => {
        const request = new Request(input, init);
        const headers = new Headers(request.headers);
        headers.set('origin', SHOP);
        const [response, instance] = await balanced(new Request(request, { headers }), user);
        const key = resourceKey(new URL(request.url), MOUNT);
        lastInstance.set(`${user} ${key}`, instance);
        if (response.status === 200 || response.status === 304) {
          const age = Number(response.headers.get('age') ?? '0');
          seen.set(key, {
            dataTime: Date.now() - age * 1000,
            fresh: response.headers.get('x-catalog-cache') !== 'stale',
            at: Date.now(),
          });
        } else if (response.status === 429 || response.status === 502 || response.status === 503) {
          refusedAt.set(`${user} ${key}`, Date.now());
        }
        return response;
      }) as typeof fetch,
    });
    const browser = { client, seen };
    browsers.set(user, browser);
    return browser;
  };
  const lastInstance = new Map<string, number>();
  const refusedAt = new Map<string, number>();

  const showPage = async (view: WeekPlan['views'][number], index: number): Promise<void> => {
    const browser = browserOf(view.user);
    const page = pages[view.page] as StorePage;
    const opened = since();
    const outcomes = await Promise.all(
      page.parts.map((part) =>
        part.load(browser.client).then(
          () => ({ resource: part.resource, error: null as string | null }),
          (error: unknown) => ({ resource: part.resource, error: describe(error) }),
        ),
      ),
    );
    const day = dayOf(opened);
    const now = since();
    const parts: {
      resource: string;
      age: number | null;
      fresh: boolean;
      refused: boolean;
      error: string | null;
    }[] = [];
    for (const outcome of outcomes) {
      const seen = browser.seen.get(outcome.resource);
      const tag = `${view.user} ${outcome.resource}`;
      const refused = (refusedAt.get(tag) ?? -1) >= start + opened;
      refusedAt.delete(tag);
      if (outcome.error === null && seen) {
        // A browser-cache hit is within the max-age the handler gave: fresh.
        const fresh = seen.at >= start + opened ? seen.fresh : true;
        parts.push({
          resource: outcome.resource,
          age: Date.now() - seen.dataTime,
          fresh,
          refused: false,
          error: null,
        });
      } else {
        parts.push({
          resource: outcome.resource,
          age: null,
          fresh: false,
          refused,
          error: outcome.error ?? 'bench: no data time known',
        });
      }
    }
    record.view(day, opened, parts, view.crowd);
    if (options.trace) {
      for (const part of parts) {
        options.trace({
          kind: 'view',
          day,
          t: opened - day * DAY_MS,
          wait: now - opened,
          user: view.user,
          view: index,
          resource: part.resource,
          age: part.age,
          error: part.error,
          instance: lastInstance.get(`${view.user} ${part.resource}`) ?? null,
        });
      }
    }
    for (const part of parts) lastInstance.delete(`${view.user} ${part.resource}`);
  };

  // Events in time order, each scheduling the next: the fake clock holds a handful of timers, not the week's.
  type Event = { at: number; run: () => void };
  const events: Event[] = [];
  let unsettled = 0;
  plan.views.forEach((view, index) => {
    events.push({
      at: view.at,
      run: () => {
        unsettled += 1;
        void showPage(view, index).finally(() => {
          unsettled -= 1;
        });
      },
    });
  });
  const prices = new Map(options.prices);
  for (const move of plan.moves) {
    events.push({
      at: move.at,
      run: () => {
        const price = Math.round((prices.get(move.sku) as number) * move.factor * 100) / 100;
        prices.set(move.sku, sandbox.setPrice(move.sku, price).priceMin);
      },
    });
  }
  // Each instance restarts once a day at a random time: its memory lost, Redis kept.
  const restartRandom = seededRandom(options.seed * 7919 + options.instances);
  for (let day = 0; day < days; day++) {
    for (let i = 0; i < options.instances; i++) {
      const at = day * DAY_MS + Math.floor(restartRandom() * DAY_MS);
      events.push({
        at,
        run: () => {
          // The old instance finishes what it serves (a rolling restart); new requests go to the new one.
          instances[i] = startInstance(i, Date.now());
          record.restarts += 1;
        },
      });
    }
    events.push({
      at: (day + 1) * DAY_MS - 1,
      run: () => {
        browsers = new Map();
        const stats = record.days[day];
        options.progress?.(
          `${options.instances === 1 ? 'one instance' : `${options.instances} instances`}: day ${day} done (${stats?.views} views, ${stats?.calls} calls) after ${((performance.now() - began) / 1000).toFixed(0)} s`,
        );
      },
    });
  }
  events.sort((a, b) => a.at - b.at);
  let next = 0;
  const schedule = (): void => {
    const event = events[next];
    if (!event) return;
    setTimeout(
      () => {
        // Every event due at this ms, then the next one's timer.
        while (next < events.length && (events[next] as Event).at <= since()) {
          (events[next] as Event).run();
          next += 1;
        }
        schedule();
      },
      Math.max(0, event.at - since()),
    );
  };
  schedule();

  await clock.runUntil(start + days * DAY_MS);
  await clock.runUntil(start + days * DAY_MS + GRACE_MS, () => unsettled === 0);
  record.pending = unsettled;
  await Promise.all(instances.map((i) => i.handler.idle()));
  return record;
}

function describe(error: unknown): string {
  if (error instanceof Error) return `${error.name}: ${error.message}`;
  return String(error);
}
