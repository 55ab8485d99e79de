/**
 * What a restarted instance needs to pace as if it had never stopped, kept in the shared cache
 * (Redis with `redisCoordination`): the answers watched for revalidation (views, when each was
 * kept), the view counts of answers not kept yet (unless the coordination shares them), the last
 * day a first fetch was held back, and the users' own calls per person. Each
 * instance writes its own view of it at most once an hour; a new instance reads it once, before
 * its first answer, and with it the day's count from the budget store: until that count arrives
 * the client tells only this instance's calls (none), and the pacing would take the day for
 * unspent, letting first fetches and refreshes go that the line holds back. What the cache keeps
 * is in the cache.
 */
import type { CacheStore, DailyUsage } from '../../index.js';
import { DAY_MS, type UtcDay } from '../../internal/day.js';
import { storedAnswer } from '../cache/entries.js';
import { MemoryViewCounts } from '../cache/view-counts.js';
import type { FirstFetches } from './first-fetches.js';
import type { OverdueAnswers, Watched } from './overdue.js';
import type { OwnCalls } from './own-calls.js';

const KEY = 's|catalog-server:pacing';
const SAVE_EVERY_MS = 3_600_000;
/** Kept in the store this long after the last save: an instance down longer starts afresh. */
const KEEP_MS = 7 * DAY_MS;
const MAX_WATCHED = 2000;
const MAX_COUNTED = 5000;

interface Saved {
  since: number | undefined;
  watched: [string, Watched][];
  counts: [string, number][];
  /** The last day a first fetch was held back (an older handler saved whole days since 1970: read alike). */
  heldBack?: UtcDay | number | undefined;
  /** Users' own calls per person (own-calls.ts): what a restarted instance expects of people before anyone has called. */
  ownPerPerson?: number;
}

export class PacingState {
  private savedAt: number | undefined;
  private restoring: Promise<void> | undefined;
  /** The saved state has been read (or its read failed): no need to await it again. */
  isRestored = false;

  constructor(
    private readonly store: CacheStore,
    private readonly overdue: OverdueAnswers,
    private readonly firstFetches: FirstFetches,
    private readonly ownCalls?: OwnCalls,
    /** The day's count read from the budget store (kept by the client for `usage()`). */
    private readonly readUsage?: () => Promise<DailyUsage>,
  ) {}

  /** Resolves once the saved state has been read (the first call reads it; a failed read is skipped). */
  restored(now: number): Promise<void> {
    this.restoring ??= Promise.all([
      this.read(now).catch(() => undefined),
      this.readUsage?.().catch(() => undefined),
    ])
      .then(() => undefined)
      .finally(() => {
        this.isRestored = true;
      });
    return this.restoring;
  }

  /** Saves when the last save is an hour old; `keep` holds the write so no request waits for it. */
  maybeSave(now: number, keep: (work: Promise<unknown>) => void): void {
    if (this.savedAt === undefined) this.savedAt = now;
    if (now - this.savedAt < SAVE_EVERY_MS) return;
    this.savedAt = now;
    const { since, watched } = this.overdue.snapshot(MAX_WATCHED);
    const { counts } = this.firstFetches;
    const saved: Saved = {
      since,
      watched,
      // Counts the coordination shares are there for the next instance already.
      counts: counts instanceof MemoryViewCounts ? counts.snapshot(MAX_COUNTED) : [],
      heldBack: this.firstFetches.lastHeldBack,
    };
    if (this.ownCalls) saved.ownPerPerson = this.ownCalls.snapshot();
    keep(Promise.resolve(this.store.set(KEY, storedAnswer(saved, now, KEEP_MS))));
  }

  private async read(now: number): Promise<void> {
    const found = await this.store.get(KEY);
    const saved = found?.body as Partial<Saved> | undefined;
    if (!saved || typeof saved !== 'object') return;
    if (Array.isArray(saved.watched)) this.overdue.restore(saved.since, saved.watched, now);
    this.firstFetches.restore(saved.heldBack, now);
    const { counts } = this.firstFetches;
    if (Array.isArray(saved.counts) && counts instanceof MemoryViewCounts) counts.restore(saved.counts);
    this.ownCalls?.restore(saved.ownPerPerson);
  }
}
