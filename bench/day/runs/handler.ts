import { createClient } from 'price-catalog';
import { createCatalogHandler } from '../../../src/server/index.js';
import type { Run } from '../simulate.js';
import { tapFetch } from '../tap.js';

/** Where the storefront's pages come from, as a browser sees it. */
const SHOP = 'https://shop.example';
const MOUNT = '/api/catalog';

/**
 * Run C: the handler (`price-catalog/server`) between the browsers and the API. Each browser runs
 * the SDK with no credentials against it (own cache, as a browser has); the handler runs one SDK
 * client with the application's credentials, its budget, pacing and stale answers.
 */
export const handlerRun: Run = {
  name: 'the handler (price-catalog/server)',
  setup({ sandbox, apiTap }) {
    const upstream = apiTap();
    const handler = createCatalogHandler({
      baseUrl: sandbox.baseUrl,
      authUrl: sandbox.authUrl,
      clientId: sandbox.clientId,
      clientSecret: sandbox.clientSecret,
      fetch: upstream.fetch,
      now: () => Date.now(),
      mountPath: MOUNT,
      logLevel: 'off',
    });
    const toHandler = (input: RequestInfo | URL, init?: RequestInit): Promise<Response> =>
      handler(new Request(input, init));
    return () => {
      // What a browser holds of a resource is as old as what the handler held when it answered.
      const tap = tapFetch(toHandler, { prefix: MOUNT, stamp: (key) => upstream.dataTime.get(key) });
      const client = createClient({
        baseUrl: `${SHOP}${MOUNT}`,
        auth: 'none',
        fetch: tap.fetch,
        logLevel: 'off',
      });
      return { client, dataTime: tap.dataTime };
    };
  },
};
