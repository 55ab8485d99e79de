import { setupServer } from 'msw/node';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createSandbox } from '../../src/sandbox/index.js';
import { mswHandlers } from '../../src/sandbox/msw.js';
import { tokenRequestBody } from './helpers.js';

const sandbox = createSandbox();
const server = setupServer();

beforeAll(() => {
  server.use(...mswHandlers(sandbox));
  server.listen({ onUnhandledRequest: 'error' });
});

afterAll(() => {
  server.close();
});

describe('msw handlers', () => {
  it('serve the token endpoint and the API through the global fetch', async () => {
    const tokenResponse = await fetch(`${sandbox.authUrl}/oauth2/token`, {
      method: 'POST',
      body: tokenRequestBody(sandbox),
    });
    expect(tokenResponse.status).toBe(200);
    const { access_token: token } = (await tokenResponse.json()) as { access_token: string };
    const response = await fetch(`${sandbox.baseUrl}/categories/40/skus?per=2&filter_ids[]=1`, {
      headers: { Authorization: `Bearer ${token}` },
    });
    expect(response.status).toBe(200);
    expect(response.headers.get('x-ratelimit-remaining')).toBe('99');
    expect(sandbox.apiCalls({ path: '/categories/40/skus' })[0]?.query.getAll('filter_ids[]')).toEqual(['1']);
  });

  it('serve foreign *.sandbox.test hosts', async () => {
    const response = await fetch('https://elsewhere.sandbox.test/somewhere', {
      headers: { Authorization: 'Bearer x' },
    });
    expect(await response.json()).toEqual({ foreign: true, path: '/somewhere', authorization: true });
  });

  it('turn a reset into a network error', async () => {
    sandbox.failNext(1, 'reset');
    await expect(
      fetch(`${sandbox.baseUrl}/categories/root`, {
        headers: { Authorization: `Bearer ${sandbox.issueToken()}` },
      }),
    ).rejects.toThrow(TypeError);
  });

  it('leave redirects to the client: a manual fetch sees the 3xx', async () => {
    sandbox.addRedirect({ from: '/categories/1105', to: '/categories/1608', status: 308, times: 1 });
    const response = await fetch(`${sandbox.baseUrl}/categories/1105`, {
      redirect: 'manual',
      headers: { Authorization: `Bearer ${sandbox.issueToken()}` },
    });
    expect(response.status).toBe(308);
    expect(response.headers.get('location')).toBe('/categories/1608');
  });
});
