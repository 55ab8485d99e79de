import { setupServer } from 'msw/node';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createClient } from '../../src/index.js';
import { createSandbox } from '../../src/sandbox/index.js';
import { mswHandlers } from '../../src/sandbox/msw.js';

/** The sandbox's msw handlers behind the global fetch, as an app's own test suite would use them. */
describe('through the sandbox msw handlers', () => {
  const sandbox = createSandbox();
  const server = setupServer();
  beforeAll(() => {
    server.use(...mswHandlers(sandbox));
    server.listen({ onUnhandledRequest: 'error' });
  });
  afterAll(() => server.close());

  it('a client on the global fetch pages, caches and maps errors', async () => {
    const api = createClient({
      baseUrl: sandbox.baseUrl,
      authUrl: sandbox.authUrl,
      clientId: sandbox.clientId,
      clientSecret: sandbox.clientSecret,
    }).catalog;
    const manufacturers = await api.manufacturers.list({ per: 10 }).toArray();
    expect(manufacturers).toHaveLength(40);
    // Manufacturers are answered `max-age=0, must-revalidate` (as recorded): the cached first
    // page is revalidated, and the 304 serves it.
    expect((await api.manufacturers.list({ per: 10 })).items).toEqual(manufacturers.slice(0, 10));
    const calls = sandbox.apiCalls({ path: '/manufacturers' });
    expect(calls).toHaveLength(5);
    expect(calls[4]?.status).toBe(304);
    await expect(api.categories.get(987_654_321)).rejects.toMatchObject({
      status: 404,
      code: 'RecordNotFound',
    });
    expect(sandbox.requests.filter((r) => r.kind === 'oauth')).toHaveLength(1);
  });
});
