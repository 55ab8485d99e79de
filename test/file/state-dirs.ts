import { existsSync, mkdtempSync } from 'node:fs';
import { rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

/** A new temporary state directory. */
export function newStateDir(prefix = 'pc-file-'): string {
  return mkdtempSync(join(tmpdir(), prefix));
}

/**
 * Removes a state directory once the window updates still running (an answer's, sent without
 * waiting) have let go of its lock: a removal racing one leaves its lock directory behind.
 */
export async function removeStateDir(dir: string): Promise<void> {
  for (let i = 0; i < 80 && existsSync(join(dir, 'state.json.lock')); i++)
    await new Promise((resolve) => setTimeout(resolve, 25));
  await rm(dir, { recursive: true, force: true, maxRetries: 10, retryDelay: 50 });
}
