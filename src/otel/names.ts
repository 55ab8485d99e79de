/**
 * The attribute and instrument names `price-catalog/otel` writes: the HTTP client semantic
 * conventions where they say something, `price_catalog.*` for what only this SDK knows.
 */
export const ATTR = {
  method: 'http.request.method',
  urlFull: 'url.full',
  urlTemplate: 'url.template',
  serverAddress: 'server.address',
  serverPort: 'server.port',
  status: 'http.response.status_code',
  errorType: 'error.type',
  resendCount: 'http.request.resend_count',
  cache: 'price_catalog.cache',
  waitMs: 'price_catalog.rate_limit.wait_ms',
  waitReason: 'price_catalog.rate_limit.reason',
  budgetRemaining: 'price_catalog.budget.remaining',
  apiVersion: 'price_catalog.api_version',
  principal: 'price_catalog.principal',
  app: 'price_catalog.app',
  outcome: 'price_catalog.outcome',
  attemptKind: 'price_catalog.attempt.kind',
  attempt: 'price_catalog.attempt',
  grant: 'price_catalog.token.grant',
  refusal: 'price_catalog.refusal',
} as const;

export const METRIC = {
  duration: 'http.client.request.duration',
  calls: 'price_catalog.calls',
  cache: 'price_catalog.cache.lookups',
  requests: 'price_catalog.requests',
  waits: 'price_catalog.rate_limit.wait.duration',
  tokens: 'price_catalog.token.requests',
  budgetUsed: 'price_catalog.budget.used',
  budgetRemaining: 'price_catalog.budget.remaining',
  stale: 'price_catalog.handler.stale_served',
  revalidations: 'price_catalog.handler.revalidations',
  refused: 'price_catalog.handler.refused',
} as const;

/** Span events on a call's span. */
export const EVENT = {
  attempt: 'price_catalog.attempt',
  wait: 'price_catalog.rate_limit.wait',
} as const;

/** An admission shorter than this is a store's round trip, not a wait for the window. */
export const WAIT_MS = 5;

/** The server's host and port, as the semantic conventions name them (the port always given). */
export function serverOf(url: string | undefined): { address: string; port: number } | undefined {
  if (!url) return undefined;
  try {
    const parsed = new URL(url);
    const port = parsed.port ? Number(parsed.port) : parsed.protocol === 'https:' ? 443 : 80;
    return { address: parsed.hostname, port };
  } catch {
    return undefined;
  }
}

/** The name of an error's class (`NotFoundError`), as `error.type`. */
export function errorType(error: unknown): string {
  if (error instanceof Error) return error.name || error.constructor.name;
  return '_OTHER';
}
