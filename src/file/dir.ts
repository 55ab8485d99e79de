import { homedir } from 'node:os';
import { join } from 'node:path';

/**
 * Where `fileCoordination()` keeps its state when given no `dir`: `PRICE_CATALOG_STATE_DIR` when
 * set, else the user's own state directory: `$XDG_STATE_HOME/price-catalog` (default
 * `~/.local/state/price-catalog`) on Linux, `~/Library/Application Support/price-catalog` on
 * macOS, `%LOCALAPPDATA%\price-catalog` on Windows.
 */
export function defaultStateDir(env: NodeJS.ProcessEnv = process.env): string {
  if (env.PRICE_CATALOG_STATE_DIR) return env.PRICE_CATALOG_STATE_DIR;
  if (process.platform === 'win32')
    return join(env.LOCALAPPDATA || join(homedir(), 'AppData', 'Local'), 'price-catalog');
  if (process.platform === 'darwin')
    return join(homedir(), 'Library', 'Application Support', 'price-catalog');
  return join(env.XDG_STATE_HOME || join(homedir(), '.local', 'state'), 'price-catalog');
}
