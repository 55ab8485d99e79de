/**
 * Node, Deno or Bun rather than a browser or worker: where stderr and manual redirects exist.
 * Browser bundles get server-runtime-browser.ts instead (package.json `browser`).
 */
export function isServerRuntime(): boolean {
  const g = globalThis as { process?: { versions?: { node?: string } }; Deno?: unknown; Bun?: unknown };
  return Boolean(g.process?.versions?.node || g.Deno || g.Bun);
}
