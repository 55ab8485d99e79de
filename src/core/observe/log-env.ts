/**
 * The log level `PRICE_CATALOG_LOG` sets, where the runtime has environment variables (Node, Deno,
 * Bun). Browsers have no `process`: their bundles get log-env-off.ts instead (package.json
 * `browser`), and the reading code is not shipped there.
 */
/** The environment variable read when the client is given no `logLevel`. */
export const LOG_ENV = 'PRICE_CATALOG_LOG';

/**
 * `PRICE_CATALOG_LOG`, trimmed and lower-cased, as one of `levels`; any other value gives the
 * warning the log says once (and no level). Deno throws without `--allow-env`: read as unset.
 */
export function envLogLevel<Level extends string>(
  levels: readonly Level[],
): { level?: Level; warning?: string } {
  let value: unknown;
  try {
    value = (globalThis as { process?: { env?: Record<string, string | undefined> } }).process?.env?.[
      LOG_ENV
    ];
  } catch {
    return {};
  }
  if (typeof value !== 'string') return {};
  const wanted = value.trim().toLowerCase();
  if ((levels as readonly string[]).includes(wanted)) return { level: wanted as Level };
  return wanted
    ? { warning: `${LOG_ENV}=${wanted} is not a log level (${levels.join(', ')}); using warn` }
    : {};
}
