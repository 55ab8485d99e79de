import { request as httpRequest } from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createSandbox, type SandboxServer } from '../../src/sandbox/index.js';

const sandbox = createSandbox();
let server: SandboxServer;

beforeAll(async () => {
  server = await sandbox.listen();
});

afterAll(async () => {
  await server.close();
});

async function token(): Promise<string> {
  const response = await fetch(`${server.authUrl}/oauth2/token`, {
    method: 'POST',
    body: new URLSearchParams({
      grant_type: 'client_credentials',
      client_id: sandbox.clientId,
      client_secret: sandbox.clientSecret,
      scope: 'public',
    }),
  });
  return ((await response.json()) as { access_token: string }).access_token;
}

describe('loopback server', () => {
  it('listens on 127.0.0.1 with one origin for API and auth', () => {
    expect(server.url).toBe(`http://127.0.0.1:${server.port}`);
    expect(server.baseUrl).toBe(server.url);
    expect(server.authUrl).toBe(server.url);
    expect(server.port).toBeGreaterThan(0);
  });

  it('serves tokens and the API over real HTTP, with every header', async () => {
    const bearer = await token();
    const response = await fetch(`${server.baseUrl}/manufacturers?per=5`, {
      headers: { Authorization: `Bearer ${bearer}` },
    });
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('application/json; charset=utf-8');
    expect(response.headers.get('etag')).toMatch(/^W\//);
    expect(response.headers.get('link')).toContain(
      `<${server.baseUrl}/manufacturers?page=2&per=5>; rel="next"`,
    );
    const body = (await response.json()) as { manufacturers: unknown[] };
    expect(body.manufacturers).toHaveLength(5);
    const call = sandbox.apiCalls().at(-1);
    expect(call?.url).toBe(`${server.baseUrl}/manufacturers?per=5`);
    expect(call?.kind).toBe('api');
  });

  it('answers 304 with an empty body and keeps status codes', async () => {
    const bearer = await token();
    const first = await fetch(`${server.baseUrl}/categories/40`, {
      headers: { Authorization: `Bearer ${bearer}` },
    });
    const etag = first.headers.get('etag') ?? '';
    const second = await fetch(`${server.baseUrl}/categories/40`, {
      headers: { Authorization: `Bearer ${bearer}`, 'If-None-Match': etag },
    });
    expect(second.status).toBe(304);
    expect(
      (await fetch(`${server.baseUrl}/categories/9999`, { headers: { Authorization: `Bearer ${bearer}` } }))
        .status,
    ).toBe(404);
  });

  it('passes repeated request headers through', async () => {
    const bearer = await token();
    const status = await new Promise<number>((resolve, reject) => {
      const req = httpRequest(`${server.baseUrl}/categories/40`, {
        headers: { Authorization: `Bearer ${bearer}`, 'X-Trace': ['a', 'b'] },
      });
      req.on('response', (res) => {
        res.resume();
        resolve(res.statusCode ?? 0);
      });
      req.on('error', reject);
      req.end();
    });
    expect(status).toBe(200);
    expect(sandbox.apiCalls().at(-1)?.headers.get('x-trace')).toBe('a, b');
  });

  it('destroys the socket on a reset', async () => {
    const bearer = await token();
    sandbox.failNext(1, 'reset');
    const error = await fetch(`${server.baseUrl}/categories/40`, {
      headers: { Authorization: `Bearer ${bearer}` },
    }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(TypeError);
  });

  it('hands a redirect to the client as is', async () => {
    const bearer = await token();
    sandbox.addRedirect({ from: '/categories/88', to: '/categories/89', status: 302, times: 1 });
    const response = await fetch(`${server.baseUrl}/categories/88`, {
      redirect: 'manual',
      headers: { Authorization: `Bearer ${bearer}` },
    });
    expect(response.status).toBe(302);
    expect(response.headers.get('location')).toBe('/categories/89');
  });

  it('treats another host name as foreign', async () => {
    const status = await new Promise<string>((resolve, reject) => {
      const req = httpRequest(`${server.baseUrl}/x`, { headers: { Host: 'elsewhere.sandbox.test' } });
      req.on('response', (res) => {
        let text = '';
        res.on('data', (chunk: Buffer) => {
          text += chunk.toString();
        });
        res.on('end', () => resolve(text));
      });
      req.on('error', reject);
      req.end();
    });
    expect(JSON.parse(status)).toEqual({ foreign: true, path: '/x', authorization: false });
  });
});
