/**
 * The handler's default public store: a segmented LRU (SLRU), bounded in answers and bytes. A new
 * answer enters on probation; read again, it moves to the protected segment (80% of the room),
 * which only answers read twice enter. Answers read once leave first, so any number of pages
 * viewed once (a crowd walking the long tail) evicts only each other, never the pages people
 * read. Written by hand: no maintained npm library keeps a scan-resistant cache bounded in bytes
 * (lru-cache and mnemonist evict by recency alone), and this is eighty lines.
 */
import type { CachedAnswer, CacheStore } from '../../index.js';

export interface SlruStoreOptions {
  /** Default 2,000 answers. */
  maxEntries?: number | undefined;
  /** Default 50 MB of JSON. */
  maxBytes?: number | undefined;
}

/** The protected segment's share of the room: what probation leaves for pages on trial. */
const PROTECTED_SHARE = 0.8;

class Segment {
  /** Oldest first: a Map keeps insertion order, so moving a key to the end marks it used. */
  readonly answers = new Map<string, CachedAnswer>();
  bytes = 0;

  add(key: string, answer: CachedAnswer): void {
    this.answers.set(key, answer);
    this.bytes += weight(answer);
  }

  remove(key: string): CachedAnswer | undefined {
    const answer = this.answers.get(key);
    if (answer === undefined) return undefined;
    this.answers.delete(key);
    this.bytes -= weight(answer);
    return answer;
  }

  oldest(): string | undefined {
    return this.answers.keys().next().value;
  }
}

/** A scan-resistant CacheStore for `createCatalogHandler({ cache })`: see the file's comment. */
export function slruCacheStore(options: SlruStoreOptions = {}): CacheStore {
  const maxEntries = options.maxEntries ?? 2000;
  const maxBytes = options.maxBytes ?? 50_000_000;
  const keptEntries = Math.floor(maxEntries * PROTECTED_SHARE);
  const keptBytes = maxBytes * PROTECTED_SHARE;
  const probation = new Segment();
  const kept = new Segment();

  /** Past the protected segment's share, its least recently read go back on probation. */
  const demote = (): void => {
    while (kept.answers.size > keptEntries || kept.bytes > keptBytes) {
      const key = kept.oldest() as string;
      probation.add(key, kept.remove(key) as CachedAnswer);
    }
  };
  /** Past the room, probation's oldest go first; the protected segment's only once probation is empty. */
  const evict = (): void => {
    while (
      probation.answers.size + kept.answers.size > maxEntries ||
      probation.bytes + kept.bytes > maxBytes
    ) {
      const key = probation.oldest();
      if (key !== undefined) probation.remove(key);
      else kept.remove(kept.oldest() as string);
    }
  };

  return {
    get: (key) => {
      const protectedAnswer = kept.remove(key);
      if (protectedAnswer !== undefined) {
        kept.add(key, protectedAnswer);
        return protectedAnswer;
      }
      const trial = probation.remove(key);
      if (trial === undefined) return undefined;
      // Read a second time: it has earned its place.
      kept.add(key, trial);
      demote();
      return trial;
    },
    set: (key, answer) => {
      const wasKept = kept.remove(key) !== undefined;
      probation.remove(key);
      // An answer bigger than the whole store is not kept (it would evict everything else).
      if (weight(answer) > maxBytes) return;
      // A new version of a protected answer (a revalidation) keeps its place.
      if (wasKept) {
        kept.add(key, answer);
        demote();
      } else probation.add(key, answer);
      evict();
    },
    delete: (key) => {
      kept.remove(key);
      probation.remove(key);
    },
    keys: () => [...kept.answers.keys(), ...probation.answers.keys()],
  };
}

function weight(answer: CachedAnswer): number {
  return Math.max(1, answer.size);
}
