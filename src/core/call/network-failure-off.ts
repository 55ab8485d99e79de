/**
 * src/core/network-failure.ts for browser bundles (package.json `browser` maps one to the other):
 * a browser's fetch fails with a bare "Failed to fetch" and no system error to read, so the
 * reading code is not shipped there.
 */
export const networkFailure = (_: unknown): string | undefined => undefined;
