import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import writeFileAtomic from 'write-file-atomic';
import type { RecordStore } from '../index.js';
import { StateFileError } from './errors.js';
import { type FileLockOptions, withFileLock } from './lock.js';

type Fields = Record<string, string>;

/**
 * `Coordination.records` on this machine: one file per map (`dir/records-<hash of its name>.json`,
 * mode 0600), read whole and replaced atomically; a change is a read-modify-write under the
 * file's lock, so processes sharing the directory never lose each other's writes. A file of its
 * own per map, so the budget file is not rewritten with every price.
 */
export function fileRecords(dir: string, lock: FileLockOptions, ready: () => void): RecordStore {
  const pathOf = (name: string): string =>
    join(dir, `records-${createHash('sha256').update(name).digest('hex').slice(0, 32)}.json`);
  const change = (name: string, edit: (fields: Fields) => void): Promise<void> => {
    ready();
    const path = pathOf(name);
    return withFileLock(path, lock, async () => {
      const fields = read(path);
      edit(fields);
      try {
        await writeFileAtomic(path, JSON.stringify({ name, fields }), { mode: 0o600 });
      } catch (error) {
        throw new StateFileError(`Could not write ${path}: ${(error as Error).message}`, path, 'io', {
          cause: error,
        });
      }
    });
  };
  return {
    async get(name, fields) {
      const held = read(pathOf(name));
      return fields.map((field) => (Object.hasOwn(held, field) ? held[field] : undefined));
    },
    all: async (name) => ({ ...read(pathOf(name)) }),
    set: (name, fields) =>
      change(name, (held) => {
        for (const [field, value] of Object.entries(fields)) held[field] = value;
      }),
    delete: (name, fields) =>
      change(name, (held) => {
        for (const field of fields) delete held[field];
      }),
  };
}

/** The map in `path` (empty when the file does not exist yet); a torn or foreign file is an error. */
function read(path: string): Fields {
  let text: string;
  try {
    text = readFileSync(path, 'utf8');
  } catch (error) {
    if ((error as { code?: string }).code === 'ENOENT') return Object.create(null);
    throw new StateFileError(`Could not read ${path}: ${(error as Error).message}`, path, 'io', {
      cause: error,
    });
  }
  const fields = parse(text);
  if (!fields)
    throw new StateFileError(
      `The records file ${path} is corrupt: move it aside or delete it`,
      path,
      'corrupt',
    );
  return fields;
}

function parse(text: string): Fields | undefined {
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    return undefined;
  }
  const fields = (value as { fields?: unknown } | null)?.fields;
  if (typeof fields !== 'object' || fields === null || Array.isArray(fields)) return undefined;
  const held: Fields = Object.create(null);
  for (const [field, text] of Object.entries(fields)) {
    if (typeof text !== 'string') return undefined;
    held[field] = text;
  }
  return held;
}
