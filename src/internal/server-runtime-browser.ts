/**
 * src/internal/server-runtime.ts for browser bundles (package.json `browser` maps one to the other):
 * a bundle built for browsers runs in a browser or a worker, never in Node, Deno or Bun.
 */
export const isServerRuntime = (): boolean => false;
