import { existsSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { fileCoordination } from '../../src/file/index.js';
import { newSandbox, sandboxClient } from '../helpers/index.js';
import { newStateDir, removeStateDir } from './state-dirs.js';

// A day's count never goes down (src/file/day-count.ts): the state file deleted mid-day, two
// processes (two coordinations on one directory) go on from what they spent, not from 0.

const dirs: string[] = [];
afterEach(async () => {
  for (const dir of dirs.splice(0)) await removeStateDir(dir);
});

describe('fileCoordination: a day’s count never goes down', () => {
  it('the state file deleted after 8 of 12 calls: two processes send 4 more, the API counts 12, no lockout', async () => {
    const dir = newStateDir();
    dirs.push(dir);
    const sandbox = newSandbox({ dailyLimit: 12 });
    const apis = [0, 1].map(() =>
      sandboxClient(sandbox, {
        coordination: fileCoordination({ dir }),
        dailyLimit: 12,
        cache: false,
        maxRetries: 0,
      }),
    );
    const call = (i: number) =>
      (apis[i % 2] as (typeof apis)[number])
        .request({ method: 'GET', path: '/categories/40', query: { n: i } })
        .then(
          () => 'ok',
          (error: unknown) => (error as Error).name,
        );
    for (let i = 0; i < 8; i++) expect(await call(i)).toBe('ok');
    // The last answer's window update (not awaited by the call) is written first.
    for (let i = 0; i < 80 && existsSync(join(dir, 'state.json.lock')); i++)
      await new Promise((resolve) => setTimeout(resolve, 25));
    await new Promise((resolve) => setTimeout(resolve, 100));
    rmSync(join(dir, 'state.json'));
    expect(existsSync(join(dir, 'state.json'))).toBe(false);
    const after: string[] = [];
    for (let i = 8; i < 18; i++) after.push(await call(i));
    expect(after.slice(0, 4)).toEqual(['ok', 'ok', 'ok', 'ok']);
    expect(after.slice(4).every((outcome) => outcome === 'DailyLimitError')).toBe(true);
    expect(sandbox.stats.dailyCalls).toBe(12);
    for (const api of apis) expect((await api.readUsage()).calls).toBe(12);
  });
});
