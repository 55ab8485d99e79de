/**
 * src/core/observe/log-env.ts for browser bundles (package.json `browser` maps one to the other):
 * a browser has no environment variables, so `PRICE_CATALOG_LOG` sets nothing there.
 */
export const LOG_ENV = 'PRICE_CATALOG_LOG';

export const envLogLevel = <Level extends string>(
  _: readonly Level[],
): { level?: Level; warning?: string } => ({});
