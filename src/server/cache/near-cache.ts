/**
 * A near cache in each instance, in front of a shared store (Redis): the answers this instance
 * read or wrote, kept in its own memory (a segmented LRU bounded in bytes, so a crowd of one-time
 * pages does not flush it). A copy is served with no round trip while the store's watch is live
 * and has said nothing of it since it was read (Redis' CLIENT TRACKING: redis/cache-changes.ts);
 * otherwise the store is asked. While the store cannot answer, the copies are served as they are
 * (for `AWAY_MS` after each failure, without asking again): a kept answer needs neither the store
 * nor a call.
 */
import type { CachedAnswer, CacheStore, CacheWatch } from '../../index.js';
import { isThenable } from '../answers/answer.js';
import { compact, type SlruStoreOptions, slruCacheStore } from './slru-store.js';

/** After the store failed, how long copies are served without asking it again. */
const AWAY_MS = 1000;
/** Past this many keys changed since the last reset, every copy is checked once again instead. */
const MAX_CHANGES = 10_000;

export function nearCache(shared: CacheStore, options: SlruStoreOptions, now: () => number): CacheStore {
  const held = slruCacheStore(options);
  /** Changes heard so far; each copy's count when the store last confirmed it. */
  let heard = 0;
  const confirmed = new WeakMap<CachedAnswer, number>();
  /** The count at each key's last change; any change before `since` (a line down, a flush). */
  const changedAt = new Map<string, number>();
  let since = 0;
  let awayUntil = Number.NEGATIVE_INFINITY;
  // A change keeps the copy (served while the store is away) but no longer trusts it.
  const watch: CacheWatch | undefined = shared.watch?.((key) => {
    heard += 1;
    if (key === undefined || changedAt.size >= MAX_CHANGES) {
      since = heard;
      changedAt.clear();
    } else changedAt.set(key, heard);
  });
  const trusted = (key: string, near: CachedAnswer): boolean => {
    const at = confirmed.get(near);
    return at !== undefined && at >= since && at >= (changedAt.get(key) ?? 0);
  };

  const read = (key: string, near: CachedAnswer | undefined) => {
    const seen = heard;
    const got = shared.get(key);
    // A store that answers at once is near already.
    if (!isThenable(got)) return got;
    return Promise.resolve(got).then(
      (answer) => {
        if (answer === undefined) {
          held.delete(key);
          return undefined;
        }
        // The same answer keeps the same object: its entry and bytes are made once (entries.ts).
        const kept =
          near && near.storedAt === answer.storedAt && near.etag === answer.etag
            ? near
            : compact(key, answer);
        if (kept !== near) held.set(key, kept);
        // Trusted from this read on, unless a change heard during it comes after (heard > seen).
        confirmed.set(kept, seen);
        return kept;
      },
      (error: unknown) => {
        awayUntil = now() + AWAY_MS;
        if (near) return near;
        throw error;
      },
    );
  };

  return {
    get(key) {
      // The segmented LRU answers at once.
      const near = held.get(key) as CachedAnswer | undefined;
      if (near && ((watch?.live && trusted(key, near)) || now() < awayUntil)) return near;
      return read(key, near);
    },
    async set(key, answer) {
      // Kept near at once, trusted after the next read (the store tells of this write too).
      held.set(key, answer);
      try {
        await shared.set(key, answer);
      } catch {
        // The call was made and its answer is served; other instances will fetch it for themselves.
        awayUntil = now() + AWAY_MS;
      }
    },
    async delete(key) {
      held.delete(key);
      await shared.delete(key);
    },
    keys: () => shared.keys(),
  };
}
