import { Cluster, Redis } from 'ioredis';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { createClient, DailyLimitError } from '../../src/index.js';
import { type RedisCoordination, redisCoordination } from '../../src/redis/index.js';
import { createSandbox } from '../../src/sandbox/index.js';
import { runWorkers } from '../helpers/processes.js';
import { type RedisCluster, redisClusterAvailable, startRedisCluster } from '../helpers/redis-cluster.js';

// A real Redis Cluster (3 masters, one replica each: test/helpers/redis-cluster.ts) under
// redisCoordination({ client: new Cluster(nodes) }), through the public createClient against the
// sandbox. The application's keys share the hash tag `{prefix}` (src/redis/keys.ts), so a call's
// admission is one script on one node: one round trip.

const available = await redisClusterAvailable();
if (!available) {
  console.warn(
    '[test/redis/cluster.test.ts] SKIPPED: redis-server and redis-cli are not installed (Debian: apt-get install redis-server)',
  );
}

vi.setConfig({ testTimeout: 90_000, hookTimeout: 60_000 });

let cluster: RedisCluster;
const opened: { close(): Promise<unknown> }[] = [];
beforeAll(async () => {
  if (available) cluster = await startRedisCluster({ masters: 3, replicasPerMaster: 1 });
});
afterAll(async () => {
  for (const o of opened.splice(0)) await o.close().catch(() => undefined);
  await cluster?.stop();
});

/** An ioredis Cluster client logging every command it sends, with whether its answer came back. */
function clusterClient() {
  const client = new Cluster(cluster.nodes, { slotsRefreshTimeout: 2000 });
  client.on('error', () => undefined);
  opened.push({ close: () => client.quit() });
  const log: { name: string; args: string[]; done: boolean; reply?: unknown }[] = [];
  const send = client.sendCommand.bind(client);
  client.sendCommand = ((command, stream, node) => {
    const entry: (typeof log)[number] = { name: command.name, args: command.args.map(String), done: false };
    log.push(entry);
    command.promise.then(
      (reply: unknown) => {
        entry.done = true;
        entry.reply = reply;
      },
      () => {
        entry.done = true;
      },
    );
    return send(command, stream, node);
  }) as typeof client.sendCommand;
  return { client, log };
}

/** MONITOR on every master: the commands each receives that name one of our keys. */
async function monitorMasters(prefix: string) {
  const seen: { port: number; args: string[] }[] = [];
  const masters: number[] = [];
  for (const line of (await cluster.cli(cluster.nodes[0]?.port ?? 0, 'cluster', 'nodes'))
    .trim()
    .split('\n')) {
    const [, address = '', flags = ''] = line.split(' ');
    if (flags.includes('master')) masters.push(Number(address.split('@')[0]?.split(':')[1]));
  }
  for (const port of masters) {
    // Never connected itself: its ready check (INFO) could reach the node in the same packet as the
    // monitor's MONITOR answer, before ioredis takes the monitor's lines for monitor lines.
    const base = new Redis(port, '127.0.0.1', { lazyConnect: true });
    base.on('error', () => undefined);
    const monitor = await base.monitor();
    monitor.on('error', () => undefined);
    opened.push({
      close: async () => {
        monitor.disconnect();
        base.disconnect();
      },
    });
    // The commands clients sent (not those the scripts ran inside Redis) that name our keys.
    monitor.on('monitor', (_time: string, args: string[], source: string) => {
      if (source !== 'lua' && args.some((a) => a.includes(prefix))) seen.push({ port, args });
    });
  }
  return seen;
}

function sandboxClient(
  sandbox: ReturnType<typeof createSandbox>,
  coordination: RedisCoordination,
  dailyLimit: number | null,
  onFetch?: () => void,
) {
  return createClient({
    baseUrl: sandbox.baseUrl,
    authUrl: sandbox.authUrl,
    clientId: sandbox.clientId,
    clientSecret: sandbox.clientSecret,
    coordination,
    cache: false,
    maxRetries: 0,
    dailyLimit,
    fetch: (input, init) => {
      const url = input instanceof Request ? input.url : String(input);
      if (url.startsWith(sandbox.baseUrl)) onFetch?.();
      return sandbox.fetch(input, init);
    },
  });
}

const call = (api: ReturnType<typeof createClient>, i: number | string) =>
  api.request({ method: 'GET', path: '/categories/40', query: { n: i } });

describe.skipIf(!available)('redisCoordination on a Redis Cluster', () => {
  it('a call awaits ONE round trip before it is sent: one script on the one node of the hash tag', async () => {
    const sandbox = createSandbox({ dailyLimit: null });
    const { client, log } = clusterClient();
    const coordination = redisCoordination({ client, prefix: 'rt:' });
    opened.push(coordination);
    const before: { sent: string[]; answered: number }[] = [];
    let mark = 0;
    const api = sandboxClient(sandbox, coordination, 1000, () => {
      const mine = log.slice(mark);
      before.push({ sent: mine.map((c) => c.name), answered: mine.filter((c) => c.done).length });
    });
    // The first calls also get the application token and load the scripts on the node.
    await call(api, 'first');
    await call(api, 'second');
    // The second answer's window update (sent, not awaited) reaches its node before MONITOR starts.
    await new Promise((resolve) => setTimeout(resolve, 200));
    const seen = await monitorMasters('rt:');
    const calls = 20;
    before.length = 0;
    for (let i = 0; i < calls; i++) {
      mark = log.length;
      await call(api, i);
    }
    // The last answer's window update (sent, not awaited) reaches its node.
    await new Promise((resolve) => setTimeout(resolve, 200));
    for (const b of before) expect(b).toEqual({ sent: ['evalsha'], answered: 1 });
    expect(before).toHaveLength(calls);
    // Per call, on the nodes: the admission and the answer's update, both on one master, every key
    // of each script in the slot of `{rt:}`.
    expect(seen).toHaveLength(2 * calls);
    expect(new Set(seen.map((s) => s.port)).size).toBe(1);
    const admissions = seen.filter((s) => s.args[2] === '5');
    expect(admissions).toHaveLength(calls);
    for (const { args } of admissions) {
      const keys = args.slice(3, 8);
      expect(keys.every((k) => k.startsWith('{rt:}'))).toBe(true);
      expect(keys.map((k) => k.slice('{rt:}'.length).split(':')[0])).toEqual([
        'window',
        'window-waiters',
        'window-leases',
        'budget',
        'budget-instances',
      ]);
    }
    expect(sandbox.apiCalls()).toHaveLength(calls + 2);
    // The budget's key is where the application's usage is read.
    expect(api.usage().calls).toBe(calls + 2);
    expect((await sandboxClient(sandbox, coordination, 1000).readUsage()).calls).toBe(calls + 2);
    // The state check of `price-catalog usage` looks at every master.
    expect(await coordination.holdsState()).toBe(true);
    const unused = redisCoordination({ client, prefix: 'unused:' });
    expect(await unused.holdsState()).toBe(false);
  });

  it('cached answers spread over the nodes (their keys carry no hash tag of ours)', async () => {
    const sandbox = createSandbox({ dailyLimit: null });
    const { client } = clusterClient();
    const coordination = redisCoordination({ client, prefix: 'spread:' });
    opened.push(coordination);
    const api = createClient({
      baseUrl: sandbox.baseUrl,
      authUrl: sandbox.authUrl,
      clientId: sandbox.clientId,
      clientSecret: sandbox.clientSecret,
      coordination,
      maxRetries: 0,
      fetch: sandbox.fetch,
    });
    for (let i = 0; i < 12; i++) await call(api, i);
    const keys = Array.from((await coordination.cache?.keys()) ?? []);
    expect(sandbox.apiCalls()).toHaveLength(12);
    expect(keys).toHaveLength(12);
    const slots = await Promise.all(
      keys.map(async (k) => Number(await client.call('cluster', 'keyslot', `spread:cache:${k}`))),
    );
    const masters = new Set(await Promise.all(slots.map((slot) => masterPortOfSlot(client, slot))));
    expect(masters.size).toBeGreaterThan(1);
    // Read again from Redis: no more requests.
    for (let i = 0; i < 12; i++) await call(api, i);
    expect(sandbox.apiCalls()).toHaveLength(12);
  });

  it("the server's view counts: one script on the day's hashes, under a hash tag of their own apart from the admission's", async () => {
    const { client, log } = clusterClient();
    const coordination = redisCoordination({ client, prefix: 'views:' });
    opened.push(coordination);
    const { viewCounts } = coordination;
    if (!viewCounts) throw new Error('redisCoordination keeps no view counts');
    const keys = Array.from({ length: 12 }, (_, i) => `p||/api/catalog/skus/${i}?`);
    for (const key of keys) expect(await viewCounts.add(key, '2026-11-23')).toBe(1);
    const mark = log.length;
    for (const key of keys) expect(await viewCounts.add(key, '2026-11-24')).toBe(1.5);
    // One command a view (no CROSSSLOT): today's hash and the three days before, one slot.
    const sent = log.slice(mark);
    expect(sent.map((c) => c.name)).toEqual(keys.map(() => 'evalsha'));
    const day = Date.UTC(2026, 10, 24) / 86_400_000;
    const hashes = [0, 1, 2, 3].map((i) => `views:views:{views:views}:${day - i}`);
    for (const command of sent) expect(command.args.slice(2, 6)).toEqual(hashes);
    const slots = new Set(
      await Promise.all(hashes.map(async (h) => Number(await client.call('cluster', 'keyslot', h)))),
    );
    expect(slots.size).toBe(1);
    const admission = Number(await client.call('cluster', 'keyslot', '{views:}budget'));
    expect(slots.has(admission)).toBe(false);
  });

  it('four processes, each with its own Cluster client, send exactly the daily budget', async () => {
    const sandbox = createSandbox({ dailyLimit: 60, rateLimit: { limit: 1000, windowMs: 60_000 } });
    const server = await sandbox.listen({ port: 0 });
    try {
      const config = {
        redisUrl: 'unused',
        cluster: cluster.nodes,
        prefix: 'four:',
        baseUrl: server.baseUrl,
        authUrl: server.authUrl,
        clientId: sandbox.clientId,
        clientSecret: sandbox.clientSecret,
        startAt: 0,
        calls: 25,
        concurrency: 5,
        dailyLimit: 60,
      };
      const results = await runWorkers([config, { ...config }, { ...config }, { ...config }]);
      const outcomes = results.flatMap((r) => r.calls.map((c) => c.outcome));
      expect(outcomes.filter((o) => o === 'ok')).toHaveLength(60);
      expect(outcomes.filter((o) => o === 'DailyLimitError')).toHaveLength(40);
      expect(sandbox.apiCalls()).toHaveLength(60);
      expect(sandbox.apiCalls().every((r) => r.status === 200)).toBe(true);
      expect(sandbox.stats.dailyCalls).toBe(60);
      expect(sandbox.stats.tokenRequests).toBe(1);
    } finally {
      await server.close();
    }
  });

  it("the node of the application's slot flushed mid-day: two instances write their counts back, the API never counts past the budget", async () => {
    const budget = 20;
    const sandbox = createSandbox({ dailyLimit: budget, rateLimit: { limit: 1000, windowMs: 60_000 } });
    const { client } = clusterClient();
    const apis = [
      sandboxClient(sandbox, redisCoordination({ client, prefix: 'fl:' }), budget),
      sandboxClient(sandbox, redisCoordination({ client, prefix: 'fl:' }), budget),
    ];
    const outcome = (i: number) =>
      call(apis[i % 2] as (typeof apis)[number], `fl-${i}`).then(
        () => 'ok',
        (error: unknown) => (error as Error).name,
      );
    for (let i = 0; i < 14; i++) expect(await outcome(i)).toBe('ok');
    // What a failover to a replica that missed the writes, or a flushed key, leaves: no count.
    const master = await cluster.masterOf('{fl:}budget');
    await cluster.cli(master.port, 'flushall');
    const after: string[] = [];
    for (let i = 14; i < 30; i++) after.push(await outcome(i));
    expect(after.filter((o) => o === 'ok')).toHaveLength(budget - 14);
    expect(after.slice(budget - 14).every((o) => o === 'DailyLimitError')).toBe(true);
    expect(sandbox.stats.dailyCalls).toBe(budget);
    expect(sandbox.apiCalls().every((r) => r.status === 200)).toBe(true);
  });

  it("a master's failover: calls fail closed while it lasts, then go on; no lockout, no count lost", async () => {
    const budget = 40;
    const sandbox = createSandbox({ dailyLimit: budget, rateLimit: { limit: 1000, windowMs: 60_000 } });
    const { client, log } = clusterClient();
    // replicaAcks: each count is on the master's replica before its call is sent (waited for up to
    // 400 ms: on a loaded machine the default 100 ms can pass before the replica acknowledges;
    // after the failover the new master has no replica, and each WAIT lasts that long).
    const coordination = redisCoordination({
      client,
      prefix: 'fo:',
      replicaAcks: 1,
      replicaAckWaitMs: 400,
      commandTimeoutMs: 1000,
    });
    opened.push(coordination);
    let waitsBeforeFetch: unknown[] = [];
    let mark = 0;
    const api = sandboxClient(sandbox, coordination, budget, () => {
      waitsBeforeFetch = log
        .slice(mark)
        .filter((c) => c.name === 'wait')
        .map((c) => c.reply);
    });
    const outcomes: string[] = [];
    const one = async (i: number | string) => {
      mark = log.length;
      waitsBeforeFetch = [];
      try {
        await call(api, i);
        outcomes.push('ok');
        return 'ok';
      } catch (error) {
        const name = (error as Error).name;
        outcomes.push(name);
        return name;
      }
    };
    // The replica may still be catching up with the tests before: calls until it acknowledges one.
    const syncedBy = Date.now() + 10_000;
    for (let w = 0; Date.now() < syncedBy; w++) {
      expect(await one(`warm-${w}`)).toBe('ok');
      if (waitsBeforeFetch.length > 0 && waitsBeforeFetch.every((acks) => acks === 1)) break;
    }
    for (let i = 0; i < 15; i++) {
      expect(await one(i)).toBe('ok');
      // Each look at the admission script went with a WAIT in one round trip, and the replica had
      // its writes (1) before the request left. (A call looks again while the first call's answer
      // is on its way: then two.)
      expect(waitsBeforeFetch.length).toBeGreaterThan(0);
      expect(waitsBeforeFetch.every((acks) => acks === 1)).toBe(true);
    }
    const master = await cluster.masterOf('{fo:}budget');
    const [replica] = await cluster.replicasOf(master);
    expect(replica).toBeDefined();
    // Another process's view of the count (a coordination of its own on the same cluster).
    const reader = sandboxClient(sandbox, redisCoordination({ client, prefix: 'fo:' }), budget);
    await master.kill();
    // Calls go on one after another: refused (CoordinationError, nothing sent) until the replica
    // has taken over, then sent, until the budget is used up.
    let i = 15;
    let countAfterFailover: number | undefined;
    const giveUpAt = Date.now() + 60_000;
    while (Date.now() < giveUpAt) {
      const outcome = await one(i++);
      if (outcome === 'DailyLimitError') break;
      if (outcome !== 'ok') await new Promise((resolve) => setTimeout(resolve, 100));
      else if (countAfterFailover === undefined) countAfterFailover = (await reader.readUsage()).calls;
    }
    // The old master comes back, as the new master's replica.
    await master.start();
    await cluster.ready();
    expect(await cluster.masterOf('{fo:}budget')).toBe(replica);
    const refused = outcomes.filter((o) => o === 'CoordinationError').length;
    expect(refused).toBeGreaterThan(0);
    expect(
      outcomes.filter((o) => o !== 'ok' && o !== 'CoordinationError' && o !== 'DailyLimitError'),
    ).toEqual([]);
    // No count lost: the promoted replica counted the 15 calls sent before the failover (and the
    // first one after it).
    expect(countAfterFailover).toBeGreaterThanOrEqual(16);
    // No lockout: every call sent was answered, never more than the budget went, and the calls
    // stopped when the count reached it. A call refused while the master was down may still have
    // been counted (its script ran after the wait for it ended): the count errs high, by at most
    // one per refused call, never low.
    const ok = outcomes.filter((o) => o === 'ok').length;
    expect(outcomes.at(-1)).toBe('DailyLimitError');
    expect(sandbox.apiCalls()).toHaveLength(ok);
    expect(sandbox.apiCalls().every((r) => r.status === 200)).toBe(true);
    expect(ok).toBeLessThanOrEqual(budget);
    expect(ok).toBeGreaterThanOrEqual(budget - refused);
    expect((await reader.readUsage()).calls).toBe(budget);
    expect(await call(api, 'after').catch((error: unknown) => error)).toBeInstanceOf(DailyLimitError);
  });
});

async function masterPortOfSlot(client: Cluster, slot: number): Promise<number> {
  const shards = (await client.call('cluster', 'slots')) as [number, number, [string, number]][];
  const range = shards.find(([from, to]) => slot >= from && slot <= to);
  return range?.[2][1] ?? -1;
}
