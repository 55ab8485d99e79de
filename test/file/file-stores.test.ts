import { existsSync, mkdirSync, readFileSync, statSync, utimesSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { defaultStateDir, fileCoordination, StateFileError } from '../../src/file/index.js';
import { DailyLimitError, PriceCatalogError, RateLimitError } from '../../src/index.js';
import { newSandbox, sandboxClient } from '../helpers/index.js';
import { newStateDir, removeStateDir } from './state-dirs.js';

// Real files in a temporary directory and real time (the waits here are tens of ms). Several
// coordinations on one directory stand for several processes; test/file/processes.test.ts runs
// real ones.

const dirs: string[] = [];
function stateDir(): string {
  const dir = newStateDir();
  dirs.push(dir);
  return dir;
}
afterEach(async () => {
  for (const dir of dirs.splice(0)) await removeStateDir(dir);
});

const day = '2026-11-26';

describe('fileCoordination budget', () => {
  it('takes exactly the limit across coordinations on one directory, counting only calls taken', async () => {
    const dir = stateDir();
    const sharers = [1, 2, 3, 4].map(() => fileCoordination({ dir }));
    const takes = await Promise.all(
      Array.from({ length: 60 }, (_, i) => sharers[i % 4]?.budget.take('app', day, 40)),
    );
    expect(takes.filter(Boolean)).toHaveLength(40);
    expect(await fileCoordination({ dir }).budget.count('app', day)).toBe(40);
    expect(await sharers[1]?.budget.count('app', '2026-11-27')).toBe(0);
    expect(await sharers[2]?.budget.count('other', day)).toBe(0);
  });

  it('gives a call back with refund, never below 0', async () => {
    const { budget } = fileCoordination({ dir: stateDir() });
    expect(await budget.take('app', day, 5)).toBe(true);
    await budget.refund?.('app', day);
    await budget.refund?.('app', day);
    expect(await budget.count('app', day)).toBe(0);
  });

  it('keeps the state in a 0600 file of a 0700 directory', async () => {
    const dir = join(stateDir(), 'nested', 'state');
    const { budget } = fileCoordination({ dir });
    await budget.take('app', day, 5);
    expect(statSync(dir).mode & 0o777).toBe(0o700);
    expect(statSync(join(dir, 'state.json')).mode & 0o777).toBe(0o600);
  });

  it('reports a torn or foreign state file with StateFileError, never as zero, and writes nothing', async () => {
    const dir = stateDir();
    const { budget } = fileCoordination({ dir });
    await budget.take('app', day, 5);
    const path = join(dir, 'state.json');
    const whole = readFileSync(path, 'utf8');
    for (const broken of [
      whole.slice(0, whole.length - 3),
      '',
      '{"version":1}',
      '{"version":1,"budgets":{"a":{"d":-1}},"windows":{},"tokens":{}}',
    ]) {
      writeFileSync(path, broken);
      const error = await (async () => budget.count('app', day))().catch((e: unknown) => e);
      expect(error).toBeInstanceOf(StateFileError);
      expect(error).toBeInstanceOf(PriceCatalogError);
      expect(error).toMatchObject({ problem: 'corrupt', path });
      await expect(budget.take('app', day, 5)).rejects.toBeInstanceOf(StateFileError);
      expect(readFileSync(path, 'utf8')).toBe(broken);
    }
  });

  it('a client refuses the call with StateFileError when the file is corrupt: nothing is sent', async () => {
    const dir = stateDir();
    const sandbox = newSandbox();
    writeFileSync(join(dir, 'state.json'), '{"version":1,"budg');
    const api = sandboxClient(sandbox, { coordination: fileCoordination({ dir }) });
    await expect(api.catalog.categories.root()).rejects.toBeInstanceOf(StateFileError);
    expect(sandbox.apiCalls()).toHaveLength(0);
  });
});

describe('fileCoordination counts files (visitors, views)', () => {
  it('a corrupt or foreign counts file is refused with StateFileError naming it, and left as it is', async () => {
    const dir = stateDir();
    const { visitors, viewCounts } = fileCoordination({ dir });
    if (!visitors || !viewCounts) throw new Error('fileCoordination keeps no visitor or view counts');
    expect(await visitors.take(day, [{ key: 'a', limit: 2 }])).toBe(true);
    expect(await viewCounts.add('p||/skus/1?', day)).toBe(1);
    for (const [file, broken] of [
      ['visitors.json', '{"day":"2026-11-26","counts":{"a":-1}}'],
      ['views.json', '{"day":20418,"counts":{"__proto__":"x"}'],
    ] as const) {
      const path = join(dir, file);
      writeFileSync(path, broken);
      const error = await (file === 'visitors.json'
        ? visitors.take(day, [{ key: 'a', limit: 2 }])
        : viewCounts.add('p||/skus/1?', day)
      ).catch((e: unknown) => e);
      expect(error).toBeInstanceOf(StateFileError);
      expect(error).toMatchObject({ problem: 'corrupt', path });
      expect((error as Error).message).toContain(
        file === 'visitors.json' ? 'visitor counts file' : 'view counts file',
      );
      expect(readFileSync(path, 'utf8')).toBe(broken);
    }
  });
});

describe('fileCoordination with clients', () => {
  it('usage() in a new client on the same directory includes the earlier clients calls; the budget is shared', async () => {
    const dir = stateDir();
    const sandbox = newSandbox({ dailyLimit: 5 });
    const first = sandboxClient(sandbox, {
      dailyLimit: 5,
      cache: false,
      coordination: fileCoordination({ dir }),
    });
    await first.catalog.categories.root();
    await first.catalog.categories.root();
    const later = sandboxClient(sandbox, {
      dailyLimit: 5,
      cache: false,
      coordination: fileCoordination({ dir }),
    });
    expect(await later.usage()).toMatchObject({ calls: 2, remaining: 3, limit: 5 });
    const outcomes = await Promise.allSettled(
      Array.from({ length: 5 }, () => later.catalog.categories.root({ cache: 'no-store' })),
    );
    expect(outcomes.filter((o) => o.status === 'fulfilled')).toHaveLength(3);
    expect(
      outcomes.filter((o) => o.status === 'rejected' && o.reason instanceof DailyLimitError),
    ).toHaveLength(2);
    expect(sandbox.apiCalls()).toHaveLength(5);
    expect(sandbox.stats.dailyCalls).toBe(5);
    // One token for both clients: the second read the first's from the file.
    expect(sandbox.stats.tokenRequests).toBe(1);
  });

  it('the token window: a call past the told limit waits for the reset, or is refused past maxRateLimitWait', async () => {
    const dir = stateDir();
    const sandbox = newSandbox({ rateLimit: { limit: 3, windowMs: 5000 }, dailyLimit: null });
    const a = sandboxClient(sandbox, { cache: false, coordination: fileCoordination({ dir }) });
    const b = sandboxClient(sandbox, {
      cache: false,
      coordination: fileCoordination({ dir }),
      maxRateLimitWait: 100,
    });
    for (let i = 0; i < 3; i++) await a.catalog.categories.root();
    const refused = await b.catalog.categories.root().catch((e: unknown) => e);
    expect(refused).toBeInstanceOf(RateLimitError);
    expect(refused).toMatchObject({ sent: false });
    const started = Date.now();
    await a.catalog.categories.root();
    expect(Date.now() - started).toBeGreaterThan(500);
    expect(sandbox.stats.overLimit).toBe(0);
    expect(sandbox.apiCalls().every((r) => r.status === 200)).toBe(true);
  });

  it('a waiting call ends at once when its signal aborts', async () => {
    const dir = stateDir();
    const sandbox = newSandbox({ rateLimit: { limit: 1, windowMs: 5000 }, dailyLimit: null });
    const api = sandboxClient(sandbox, { cache: false, coordination: fileCoordination({ dir }) });
    await api.catalog.categories.root();
    const controller = new AbortController();
    const waiting = api.catalog.categories.root({ signal: controller.signal }).catch((e: unknown) => e);
    await new Promise((r) => setTimeout(r, 100));
    const at = Date.now();
    controller.abort();
    expect(((await waiting) as Error).name).toBe('AbortError');
    expect(Date.now() - at).toBeLessThan(200);
    expect(sandbox.apiCalls()).toHaveLength(1);
  });
});

describe('fileCoordination locks and tokens', () => {
  it('withLock: one holder at a time across coordinations', async () => {
    const dir = stateDir();
    const [a, b] = [fileCoordination({ dir }), fileCoordination({ dir })];
    const order: string[] = [];
    const hold = (who: string) => async () => {
      order.push(`${who}+`);
      await new Promise((r) => setTimeout(r, 50));
      order.push(`${who}-`);
    };
    await Promise.all([a.locks.withLock('refresh:u1', hold('a')), b.locks.withLock('refresh:u1', hold('b'))]);
    expect([order.join(' ')]).toContainEqual(expect.stringMatching(/^(a\+ a- b\+ b-|b\+ b- a\+ a-)$/));
  });

  it('a lock held by a live holder past lockWaitMs fails with StateFileError lock-timeout', async () => {
    const dir = stateDir();
    const a = fileCoordination({ dir });
    const b = fileCoordination({ dir, lockWaitMs: 100 });
    let free: () => void = () => undefined;
    const held = a.locks.withLock(
      'x',
      () =>
        new Promise<void>((r) => {
          free = r;
        }),
    );
    await new Promise((r) => setTimeout(r, 30));
    await expect(b.locks.withLock('x', async () => 1)).rejects.toMatchObject({
      name: 'StateFileError',
      problem: 'lock-timeout',
    });
    free();
    await held;
    expect(await b.locks.withLock('x', async () => 2)).toBe(2);
  });

  it('a lock left by a dead holder is taken over after staleLockMs, and the racing takes after it count exactly', async () => {
    const dir = stateDir();
    const sharers = [1, 2, 3, 4, 5].map(() => fileCoordination({ dir, staleLockMs: 2000 }));
    await sharers[0]?.budget.take('app', day, 100);
    // The state lock of a holder that died 1.9 s ago: 0.1 s of it left before it is stale.
    const lock = join(dir, 'state.json.lock');
    mkdirSync(lock);
    const died = new Date(Date.now() - 1900);
    utimesSync(lock, died, died);
    const started = Date.now();
    const takes = await Promise.all(
      Array.from({ length: 50 }, (_, i) => sharers[i % 5]?.budget.take('app', day, 100)),
    );
    expect(takes.every(Boolean)).toBe(true);
    expect(Date.now() - started).toBeGreaterThanOrEqual(90);
    expect(await sharers[1]?.budget.count('app', day)).toBe(51);
    expect(existsSync(`${lock}.takeover`)).toBe(false);
  });

  it('the application token: obtained once for every sharer, kept 0600, never in an error', async () => {
    const dir = stateDir();
    let obtained = 0;
    const obtain = async () => {
      obtained++;
      await new Promise((r) => setTimeout(r, 30));
      return { value: 'secret-token-value', expiresAt: Date.now() + 3_600_000, principal: 'client:x' };
    };
    const sharers = [1, 2, 3].map(() => fileCoordination({ dir }));
    const tokens = await Promise.all(sharers.map((c) => c.appTokens.get('app', obtain)));
    expect(tokens.map((t) => t.value)).toEqual(Array(3).fill('secret-token-value'));
    expect(obtained).toBe(1);
    // A refused token is obtained again; clear forgets it.
    const again = await sharers[0]?.appTokens.get('app', obtain, tokens[0]);
    expect(again?.value).toBe('secret-token-value');
    expect(obtained).toBe(2);
    await sharers[1]?.appTokens.clear('app');
    expect(readFileSync(join(dir, 'state.json'), 'utf8')).not.toContain('secret-token-value');
  });

  it('the default directory: PRICE_CATALOG_STATE_DIR, else the per-user state directory', () => {
    expect(defaultStateDir({ PRICE_CATALOG_STATE_DIR: '/srv/pc' })).toBe('/srv/pc');
    if (process.platform === 'linux') {
      expect(defaultStateDir({ XDG_STATE_HOME: '/home/u/.st' })).toBe('/home/u/.st/price-catalog');
      expect(defaultStateDir({})).toMatch(/\.local\/state\/price-catalog$/);
    }
    expect(fileCoordination({ dir: '/tmp/x' }).dir).toBe('/tmp/x');
  });
});
