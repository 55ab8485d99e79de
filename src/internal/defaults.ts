/**
 * Every default of a client's options, in one place: createClient resolves its options with them
 * (src/client/options.ts), and the handler (price-catalog/server) takes its daily limit from here.
 */
export const CLIENT_DEFAULTS = {
  apiVersion: '3.2',
  vendor: 'skroutz',
  tokenTransport: 'header',
  validation: 'strict',
  timeout: 30_000,
  maxRetries: 2,
  /** The API's daily limit. */
  dailyLimit: 1000,
  rateLimit: 100,
  /** A little over one 60 s rate-limit window. */
  maxRateLimitWait: 65_000,
} as const;
