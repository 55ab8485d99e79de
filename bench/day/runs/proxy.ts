import { createClient } from 'price-catalog';
import type { Run } from '../simulate.js';

/**
 * Run B: a plain shared proxy: one SDK client with the application credentials, its cache and its
 * daily-budget guard, answering every browser; no stale answers, no pacing.
 */
export const proxyRun: Run = {
  name: 'a plain shared proxy (one SDK client)',
  setup({ sandbox, apiTap }) {
    const tap = apiTap();
    const client = createClient({
      baseUrl: sandbox.baseUrl,
      authUrl: sandbox.authUrl,
      clientId: sandbox.clientId,
      clientSecret: sandbox.clientSecret,
      fetch: tap.fetch,
      logLevel: 'off',
    });
    const browser = { client, dataTime: tap.dataTime };
    return { browser: () => browser };
  },
};
