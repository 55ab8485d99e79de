import { createHash } from 'node:crypto';
import { mkdirSync, readdirSync, readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { CachedAnswer, CacheStore } from '../index.js';

interface Entry {
  key: string;
  answer: CachedAnswer;
}

/**
 * The SDK's CacheStore on disk: one JSON file per answer, named by a hash of the key, so that
 * ETags and fresh answers outlive the process (a resumed export within max-age costs no call).
 * Keys carry the principal (never a token), so one application's answers are never served to
 * another. Files are private to the user (0600 in a 0700 directory).
 */
export function diskCacheStore(dir: string): CacheStore {
  mkdirSync(dir, { recursive: true, mode: 0o700 });
  const file = (key: string): string => join(dir, `${createHash('sha256').update(key).digest('hex')}.json`);
  const read = (path: string): Entry | undefined => {
    try {
      return JSON.parse(readFileSync(path, 'utf8')) as Entry;
    } catch {
      return undefined;
    }
  };
  return {
    get: (key) => {
      const entry = read(file(key));
      return entry?.key === key ? entry.answer : undefined;
    },
    set: (key, answer) => {
      const path = file(key);
      const temp = `${path}.${process.pid}.tmp`;
      writeFileSync(temp, JSON.stringify({ key, answer } satisfies Entry), { mode: 0o600 });
      renameSync(temp, path);
    },
    delete: (key) => {
      rmSync(file(key), { force: true });
    },
    keys: () =>
      readdirSync(dir)
        .filter((name) => name.endsWith('.json'))
        .flatMap((name) => {
          const entry = read(join(dir, name));
          return entry ? [entry.key] : [];
        }),
  };
}
