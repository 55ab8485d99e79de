/**
 * `price-catalog/file` as the docs examples import it: the source entry, with the default state
 * directory swapped for a temporary one per example (shared by every fileCoordination() of the
 * example, removed after it), so that no example writes to the user's own state directory.
 */
import { existsSync, mkdtempSync } from 'node:fs';
import { rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileCoordination as create } from '../../src/file/index.js';
import { cleanups } from './cleanups.js';

export * from '../../src/file/index.js';

let dir: string | undefined;

export const fileCoordination: typeof create = (options = {}) => {
  if (options.dir !== undefined) return create(options);
  if (dir === undefined) {
    const made = mkdtempSync(join(tmpdir(), 'price-catalog-docs-'));
    dir = made;
    cleanups.push(async () => {
      dir = undefined;
      // The last answer's window update may still hold the state lock: let it finish first.
      for (let i = 0; i < 40 && existsSync(join(made, 'state.json.lock')); i++)
        await new Promise((resolve) => setTimeout(resolve, 25));
      await rm(made, { recursive: true, force: true, maxRetries: 10, retryDelay: 50 });
    });
  }
  return create({ ...options, dir });
};
