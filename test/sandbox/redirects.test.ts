import { describe, expect, it } from 'vitest';
import { createSandbox } from '../../src/sandbox/index.js';
import { get } from './helpers.js';

describe('redirects', () => {
  it('answers a rule with its status and Location, and counts the call', async () => {
    const sandbox = createSandbox();
    const token = sandbox.issueToken();
    sandbox.addRedirect({ from: '/categories/40', to: '/categories/579', status: 301 });
    const response = await get(sandbox, token, '/categories/40');
    expect(response.status).toBe(301);
    expect(response.headers.get('location')).toBe('/categories/579');
    expect(response.headers.get('x-ratelimit-remaining')).toBe('99');
    expect((await get(sandbox, token, '/categories/40')).status).toBe(301);
    expect(sandbox.apiCalls({ path: '/categories/40', status: 301 })).toHaveLength(2);
  });

  it('does not follow redirects itself, whatever init.redirect says', async () => {
    const sandbox = createSandbox();
    sandbox.addRedirect({ from: '/categories/40', to: `${sandbox.baseUrl}/categories/579`, status: 302 });
    for (const redirect of ['follow', 'manual'] as const) {
      const response = await sandbox.fetch(`${sandbox.baseUrl}/categories/40`, {
        redirect,
        headers: { Authorization: `Bearer ${sandbox.issueToken()}` },
      });
      expect(response.status).toBe(302);
      expect(response.headers.get('location')).toBe(`${sandbox.baseUrl}/categories/579`);
    }
  });

  it('stops after `times`, and matches query params when `from` names some', async () => {
    const sandbox = createSandbox();
    const token = sandbox.issueToken();
    sandbox.addRedirect({
      from: '/manufacturers?page=2',
      to: '/manufacturers?page=3',
      status: 307,
      times: 1,
    });
    expect((await get(sandbox, token, '/manufacturers?page=1')).status).toBe(200);
    expect((await get(sandbox, token, '/manufacturers?per=5&page=2')).status).toBe(307);
    expect((await get(sandbox, token, '/manufacturers?per=5&page=2')).status).toBe(200);
  });

  it('can build a loop from two rules', async () => {
    const sandbox = createSandbox();
    const token = sandbox.issueToken();
    sandbox.addRedirect({ from: '/a', to: '/b', status: 302 });
    sandbox.addRedirect({ from: '/b', to: '/a', status: 302 });
    let path = '/a';
    for (let hop = 0; hop < 6; hop++) {
      const response = await get(sandbox, token, path);
      expect(response.status).toBe(302);
      path = response.headers.get('location') ?? '';
    }
    expect(path).toBe('/a');
  });

  it('answers a foreign host without auth checks, reporting whether credentials leaked', async () => {
    const sandbox = createSandbox();
    sandbox.addRedirect({ from: '/categories/40', to: 'https://elsewhere.sandbox.test/x', status: 302 });
    const token = sandbox.issueToken();
    const hop = await get(sandbox, token, '/categories/40');
    const location = hop.headers.get('location') ?? '';
    const clean = await sandbox.fetch(location);
    expect(await clean.json()).toEqual({ foreign: true, path: '/x', authorization: false });
    const leaked = await sandbox.fetch(location, { headers: { Authorization: `Bearer ${token}` } });
    expect(await leaked.json()).toEqual({ foreign: true, path: '/x', authorization: true });
    const query = await sandbox.fetch(`${location}?oauth_token=${token}`);
    expect(((await query.json()) as { authorization: boolean }).authorization).toBe(true);
    expect(sandbox.requests.filter((r) => r.kind === 'foreign')).toHaveLength(3);
    expect(sandbox.apiCalls()).toHaveLength(1);
  });
});
