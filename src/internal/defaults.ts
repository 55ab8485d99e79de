/**
 * Every default of a client's options, in one place: createClient resolves its options with them
 * (src/client/options.ts), and the handler (price-catalog/server) takes its daily limit from here.
 * Plain constants, so that a bundle inlines them.
 */
export const DEFAULT_API_VERSION = '3.2';
export const DEFAULT_VENDOR = 'skroutz';
export const DEFAULT_TOKEN_TRANSPORT = 'header';
export const DEFAULT_VALIDATION = 'strict';
export const DEFAULT_TIMEOUT = 30_000;
export const DEFAULT_MAX_RETRIES = 2;
/** The API's daily limit. */
export const DEFAULT_DAILY_LIMIT = 1000;
export const DEFAULT_RATE_LIMIT = 100;
/** A little over one 60 s rate-limit window. */
export const DEFAULT_MAX_RATE_LIMIT_WAIT = 65_000;
