// The API's answers are data, never markup: through a real upstream (a node:http double on
// 127.0.0.1 in front of the sandbox) that serves HTML, wrong types, cut JSON, error pages with
// traces and redirects to another host, the handler serves only JSON of its own making.
import { afterEach, describe, expect, it } from 'vitest';
import { toNodeHandler } from '../../src/server/index.js';
import { MOUNT, ORIGIN, PHONE } from './setup.js';
import { handlerOver, listen, type Upstream, upstreamDouble } from './upstream-double.js';

const closers: (() => Promise<void>)[] = [];
afterEach(async () => {
  for (const close of closers.splice(0)) await close();
});

async function double(): Promise<Upstream> {
  const upstream = await upstreamDouble();
  closers.push(upstream.close);
  return upstream;
}

const JSON_TYPE = 'application/json; charset=utf-8';
const SKU = `/skus/${PHONE}`;
const get = (path: string, init: RequestInit = {}) => new Request(`${ORIGIN}${MOUNT}${path}`, init);

/** Everything the browser is shown of an answer: status, every header, the body. */
async function shown(response: Response): Promise<string> {
  const headers = [...response.headers].map(([name, value]) => `${name}: ${value}`).join('\n');
  return `${response.status}\n${headers}\n${await response.clone().text()}`;
}

const HTML_CHALLENGE = {
  status: 200,
  headers: { 'content-type': 'text/html; charset=utf-8', 'cache-control': 'max-age=3600, public' },
  body: '<!doctype html><title>Checking your browser</title><script>document.cookie</script>',
};

describe('upstream answers are data, never markup', () => {
  it('an HTML page labelled text/html (a CDN challenge) is a 502 UpstreamInvalid of JSON, never kept', async () => {
    const upstream = await double();
    const handler = handlerOver(upstream);
    upstream.fail(SKU, HTML_CHALLENGE);
    for (let i = 0; i < 2; i++) {
      const answer = await handler(get(SKU));
      expect(answer.status).toBe(502);
      expect(answer.headers.get('content-type')).toBe(JSON_TYPE);
      expect(answer.headers.get('x-content-type-options')).toBe('nosniff');
      expect(answer.headers.get('cache-control')).toBe('no-store');
      expect(await answer.json()).toEqual({
        errors: [{ code: 'UpstreamInvalid', messages: [expect.any(String)] }],
      });
    }
    // Not kept: each request asked again.
    expect(upstream.apiRequests.filter((path) => path.startsWith(SKU))).toHaveLength(2);
    // Fixed upstream: the good answer, under the handler's own type.
    upstream.clear();
    const good = await handler(get(SKU));
    expect(good.status).toBe(200);
    expect(good.headers.get('content-type')).toBe(JSON_TYPE);
    expect(((await good.json()) as { sku: { id: number } }).sku.id).toBe(PHONE);
  });

  it('valid JSON of the wrong types, or a JSON string, fails the endpoint schema: 502, not kept', async () => {
    const upstream = await double();
    const handler = handlerOver(upstream);
    const bodies = [
      JSON.stringify({ sku: { id: 'x', name: 7, price_min: '<img src=x onerror=alert(1)>' } }),
      JSON.stringify('<script>alert(1)</script>'),
      JSON.stringify([1, 2, 3]),
      'null',
    ];
    for (const body of bodies) {
      upstream.fail(SKU, { status: 200, headers: { 'content-type': 'application/json' }, body });
      const answer = await handler(get(SKU));
      expect(answer.status, body).toBe(502);
      expect(await answer.text()).not.toContain('<');
    }
    expect(upstream.apiRequests.filter((path) => path.startsWith(SKU))).toHaveLength(bodies.length);
  });

  it('a cut (truncated) JSON body never replaces a good kept answer: the good one is served stale', async () => {
    const upstream = await double();
    let now = Date.UTC(2026, 10, 27, 12);
    const handler = handlerOver(upstream, { now: () => now, dailyLimit: null });
    const first = await handler(get(SKU));
    expect(first.status).toBe(200);
    const good = await first.text();
    const full = good;
    upstream.fail(SKU, {
      status: 200,
      headers: { 'content-type': 'application/json', 'cache-control': 'max-age=600' },
      body: full.slice(0, Math.floor(full.length / 2)),
    });
    now += 86_400_000 / 2; // past its max-age: served stale while a revalidation goes out
    const stale = await handler(get(SKU));
    expect(stale.status).toBe(200);
    expect(stale.headers.get('x-catalog-cache')).toBe('stale');
    await handler.idle();
    const revalidations = upstream.apiRequests.filter((path) => path.startsWith(SKU)).length;
    expect(revalidations).toBe(2);
    // The cut body was not kept: the good answer still is, for every visitor.
    const after = await handler(get(SKU));
    expect(after.status).toBe(200);
    expect(await after.text()).toBe(good);
  });

  it("the API's refusals are re-made from the documented fields: no page, trace, host or path reaches the browser", async () => {
    const upstream = await double();
    const handler = handlerOver(upstream);
    const cases: {
      path: string;
      fault: { status: number; headers?: Record<string, string>; body: string };
      expected: unknown;
    }[] = [
      {
        path: '/skus/404404',
        fault: {
          status: 404,
          headers: { 'content-type': 'text/html', server: 'nginx/1.18.0 (Ubuntu)', 'x-powered-by': 'Rails' },
          body: '<html><body><h1>404 Not Found</h1><hr>nginx/1.18.0 at api-internal-7.corp.example:8080</body></html>',
        },
        expected: {
          errors: [{ code: 'NotFound', messages: ['The catalog API refused the request (status 404)'] }],
        },
      },
      {
        path: '/skus/400400',
        fault: {
          status: 400,
          headers: { 'content-type': 'application/json', 'set-cookie': 'upstream_session=abc' },
          body: JSON.stringify({
            error: 'NoMethodError',
            backtrace: ['/srv/app/releases/2026/app/models/sku.rb:42:in `price`'],
            host: 'db-primary.internal',
          }),
        },
        expected: {
          errors: [{ code: 'ApiError', messages: ['The catalog API refused the request (status 400)'] }],
        },
      },
      {
        path: '/skus/422422',
        fault: {
          status: 422,
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify({
            errors: [
              { code: 'InvalidSearch', messages: ['The query is too short'], detail: 'db-primary.internal' },
            ],
            debug: { sql: 'SELECT * FROM skus', file: '/srv/app/search.rb' },
          }),
        },
        expected: { errors: [{ code: 'InvalidSearch', messages: ['The query is too short'] }] },
      },
      {
        path: '/skus/422423',
        fault: {
          status: 422,
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify({
            errors: [{ code: 'InvalidSearch', messages: ['undefined method at /srv/app/search.rb:44'] }],
          }),
        },
        expected: {
          errors: [{ code: 'Unprocessable', messages: ['The catalog API refused the request (status 422)'] }],
        },
      },
    ];
    for (const { path, fault, expected } of cases) {
      upstream.fail(path, fault);
      const answer = await handler(get(path));
      const text = await shown(answer);
      expect(answer.status, path).toBe(fault.status);
      expect(answer.headers.get('content-type')).toBe(JSON_TYPE);
      expect(await answer.json()).toEqual(expected);
      for (const leak of [
        'nginx',
        'Rails',
        'srv/app',
        'db-primary',
        'internal',
        'upstream_session',
        'SELECT',
        '<',
      ])
        expect(text, `${path}: ${leak}`).not.toContain(leak);
    }
  });

  it('a redirect to another host is followed without the token and never reaches the browser', async () => {
    const upstream = await double();
    const handler = handlerOver(upstream);
    for (const status of [301, 302, 307, 308]) {
      const path = `/skus/${PHONE + status}`;
      upstream.fail(path, (other) => ({ status, headers: { location: `${other}${SKU}` }, body: '' }));
      const answer = await handler(get(path));
      const text = await shown(answer);
      expect(answer.status, String(status)).toBe(502);
      expect(answer.headers.get('location')).toBeNull();
      expect(text).not.toContain(upstream.otherHost);
    }
    expect(upstream.reachedOtherHost.length).toBeGreaterThan(0);
    for (const { url, headers } of upstream.reachedOtherHost) {
      expect(headers.authorization).toBeUndefined();
      expect(url).not.toContain('oauth_token');
      expect(JSON.stringify(headers)).not.toContain(upstream.sandbox.clientSecret);
    }
  });

  it('over real sockets (toNodeHandler): a hit and an upstream-invalid answer as the browser receives them', async () => {
    const upstream = await double();
    const handler = handlerOver(upstream);
    const served = await listen(toNodeHandler(handler, { origin: ORIGIN }));
    closers.push(served.close);
    const base = `${served.base}${MOUNT}`;
    await fetch(`${base}${SKU}`).then((r) => r.text());
    const hit = await fetch(`${base}${SKU}`);
    expect(hit.status).toBe(200);
    expect(hit.headers.get('x-catalog-cache')).toBe('hit');
    expect(hit.headers.get('content-type')).toBe(JSON_TYPE);
    expect(hit.headers.get('x-content-type-options')).toBe('nosniff');
    expect(hit.headers.get('content-security-policy')).toBe("default-src 'none'; frame-ancestors 'none'");
    await hit.text();
    upstream.fail('/categories/40', HTML_CHALLENGE);
    const invalid = await fetch(`${base}/categories/40`);
    expect(invalid.status).toBe(502);
    expect(invalid.headers.get('content-type')).toBe(JSON_TYPE);
    expect(invalid.headers.get('x-content-type-options')).toBe('nosniff');
    expect(invalid.headers.get('content-security-policy')).toBe("default-src 'none'; frame-ancestors 'none'");
    expect(await invalid.text()).not.toContain('<');
  });
});
