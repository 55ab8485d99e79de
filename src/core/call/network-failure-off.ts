/**
 * src/core/network-failure.ts for browser bundles (package.json `browser` maps one to the other):
 * a browser's fetch fails with a bare "Failed to fetch" and no system error to read, so the
 * reading code is not shipped there (nor is a refused connection told apart: no call is refunded).
 */
export const networkFailure = (_: unknown): string | undefined => undefined;
export const neverConnected = (_: unknown): boolean => false;
