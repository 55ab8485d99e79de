import { CLIENT_OPTIONS } from '../core/options.js';

/**
 * What `createClient` takes: the options with a rule in options.ts, and these
 * (test/option-names.test.ts holds the list to ClientOptions, key by key).
 */
export const CLIENT_OPTION_NAMES: readonly string[] = [
  ...CLIENT_OPTIONS,
  'baseUrl',
  'authUrl',
  'clientId',
  'clientSecret',
  'token',
  'auth',
  'getToken',
  'apiVersion',
  'vendor',
  'fetch',
  'logger',
  'hooks',
  'tokenStore',
  'onTokens',
  'cache',
  'onRateLimit',
  'redirect',
  'coordination',
];

/**
 * Why a credential or URL option is `undefined`, most often an unset environment variable: for
 * `clientSecret`, `is undefined: is PRICE_CATALOG_CLIENT_SECRET set?` (the names the CLI reads).
 */
export function unsetOption(name: string): string {
  return `is undefined: is PRICE_CATALOG_${name.replace(/[A-Z]/g, '_$&').toUpperCase()} set?`;
}
