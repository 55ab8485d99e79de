import { createClient, type TokenInput } from 'price-catalog';
import type { Sandbox } from 'price-catalog/testing';
import type { Run } from '../simulate.js';

/**
 * The app's backend as the `getToken` path has it: one application token from the client
 * credentials grant, handed to every browser that asks, renewed when one says it was refused.
 */
function tokenEndpoint(sandbox: Sandbox): (context: { forceRefresh: boolean }) => Promise<TokenInput> {
  let current: Promise<TokenInput> | undefined;
  const fetchToken = async (): Promise<TokenInput> => {
    const response = await sandbox.fetch(`${sandbox.authUrl}/oauth2/token`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({
        grant_type: 'client_credentials',
        client_id: sandbox.clientId,
        client_secret: sandbox.clientSecret,
        scope: 'public',
      }),
    });
    if (!response.ok) throw new Error(`the backend got no application token (${response.status})`);
    return (await response.json()) as TokenInput;
  };
  return ({ forceRefresh }) => {
    if (current === undefined || forceRefresh) {
      const pending = fetchToken();
      current = pending;
      // A refused grant is asked again by the next browser, not remembered.
      pending.catch(() => {
        if (current === pending) current = undefined;
      });
    }
    return current;
  };
}

/** Run A: every browser its own SDK client (own cache, own count) on the shared application token. */
export const browsersRun: Run = {
  name: 'browsers calling the API with getToken',
  setup({ sandbox, apiTap }) {
    const getToken = tokenEndpoint(sandbox);
    return {
      browser: () => {
        const tap = apiTap();
        const client = createClient({
          baseUrl: sandbox.baseUrl,
          getToken,
          fetch: tap.fetch,
          logLevel: 'off',
        });
        return { client, dataTime: tap.dataTime };
      },
    };
  },
};
