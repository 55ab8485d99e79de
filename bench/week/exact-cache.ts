/**
 * The week's exact optimum kept on disk (node_modules/.cache/bench-week), keyed by a hash of the
 * views and the budget: the same plan is solved once (minutes of HiGHS), not on every run.
 * `BENCH_WEEK_NO_CACHE=1` solves it again.
 */
import { createHash } from 'node:crypto';
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { type ExactWeek, exactWeek, type PageViews } from './exact.js';

const DIR = join(process.cwd(), 'node_modules', '.cache', 'bench-week');
/** Bumped when exact.ts changes what it computes: older entries are then not read. */
const VERSION = 1;

export async function cachedExactWeek(
  pages: readonly PageViews[],
  days: number,
  budget: number,
  progress?: (line: string) => void,
): Promise<ExactWeek> {
  const hash = createHash('sha256').update(JSON.stringify({ VERSION, days, budget, pages })).digest('hex');
  const file = join(DIR, `exact-${hash.slice(0, 32)}.json`);
  if (process.env.BENCH_WEEK_NO_CACHE !== '1') {
    try {
      const found = JSON.parse(readFileSync(file, 'utf8')) as ExactWeek;
      progress?.(`exact optimum: read from ${file} (solved in ${found.seconds.toFixed(0)} s)`);
      return found;
    } catch {
      // Not solved yet (or unreadable): solve it.
    }
  }
  const solved = await exactWeek(pages, days, budget, progress);
  try {
    mkdirSync(DIR, { recursive: true });
    writeFileSync(file, JSON.stringify(solved));
  } catch {
    // A read-only tree: the figure stands, only the next run solves it again.
  }
  return solved;
}
