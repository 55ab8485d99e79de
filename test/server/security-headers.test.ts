// Every answer of the handler carries nosniff and a CSP that lets nothing run or frame it; the
// sign-in redirects carry Referrer-Policy: no-referrer; and no header of the API's reaches the
// browser but the documented ones (ETag, a derived Cache-Control, Age, the rewritten Link).
import { connect } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { SANDBOX_USERS } from '../../src/sandbox/index.js';
import { toNodeHandler } from '../../src/server/index.js';
import { CookieJar, MOUNT, ORIGIN, PHONE, setup, signIn } from './setup.js';
import { handlerOver, listen, upstreamDouble } from './upstream-double.js';

const CSP = "default-src 'none'; frame-ancestors 'none'";
const closers: (() => Promise<void>)[] = [];
afterEach(async () => {
  for (const close of closers.splice(0)) await close();
});

function expectSecured(response: Response | { status: number; headers: Headers }, what: string): void {
  expect(response.headers.get('x-content-type-options'), what).toBe('nosniff');
  expect(response.headers.get('content-security-policy'), what).toBe(CSP);
  const redirect = response.status >= 300 && response.status < 400;
  expect(response.headers.get('referrer-policy'), what).toBe(redirect ? 'no-referrer' : null);
}

/** Every header a handler answer may carry: its own, and the API's it documents (etag, cache-control, age, link). */
const DOCUMENTED = new Set([
  'content-type',
  'cache-control',
  'etag',
  'age',
  'link',
  'x-catalog-cache',
  'x-content-type-options',
  'content-security-policy',
  'referrer-policy',
  'retry-after',
  'x-daily-limit',
  'allow',
  'location',
  'set-cookie',
]);

describe('security headers on every answer', () => {
  it('hits, misses, refusals, 304s, HEAD, OPTIONS, 405, 429, 503 and the sign-in pages', async () => {
    const { sandbox, handler, call } = setup({
      visitorShare: 2,
      anonymousShare: 1000,
      dailyLimit: 30,
      reserve: 0,
    });
    const answers: [string, Response][] = [];
    const keep = async (what: string, response: Promise<Response> | Response) => {
      answers.push([what, await response]);
      return answers.at(-1)?.[1] as Response;
    };
    const miss = await keep('miss', call(`${MOUNT}/skus/${PHONE}`));
    await keep('hit', call(`${MOUNT}/skus/${PHONE}`));
    await keep(
      '304',
      call(`${MOUNT}/skus/${PHONE}`, { headers: { 'if-none-match': miss.headers.get('etag') ?? '' } }),
    );
    await keep('HEAD', call(`${MOUNT}/skus/${PHONE}`, { method: 'HEAD' }));
    await keep('OPTIONS', call(`${MOUNT}/skus/${PHONE}`, { method: 'OPTIONS' }));
    await keep(
      'OPTIONS cross-site',
      call(`${MOUNT}/skus/${PHONE}`, { method: 'OPTIONS', headers: { origin: 'https://evil.test' } }),
    );
    await keep('405', call(`${MOUNT}/skus/${PHONE}`, { method: 'PUT' }));
    await keep('404 not served', call(`${MOUNT}/nothing/here`));
    await keep('400 path', call(`${MOUNT}/skus/1%2f2`));
    await keep('401', call(`${MOUNT}/favorites`));
    await keep('404 API', call(`${MOUNT}/skus/999999999`));
    await keep('login redirect', call(`${MOUNT}/auth/login?return_to=/account`));
    await keep('session', call(`${MOUNT}/auth/session`));
    await keep('callback refused', call(`${MOUNT}/auth/callback?state=x&code=y`));
    const jar = new CookieJar();
    const flow = await signIn(sandbox, handler, jar, SANDBOX_USERS.carol);
    answers.push(['sign-in login', flow.login], ['sign-in callback redirect', flow.done]);
    await keep(
      'logout',
      call(`${MOUNT}/auth/logout`, { method: 'POST', headers: { origin: ORIGIN, cookie: jar.header() } }),
    );
    for (let i = 0; i < 4; i++)
      await keep(
        `share ${i}`,
        handler(new Request(`${ORIGIN}${MOUNT}/skus/${2184146 + i}`), { clientAddress: '192.0.2.1' }),
      );
    for (let i = 0; i < 40; i++)
      await keep(
        `budget ${i}`,
        handler(new Request(`${ORIGIN}${MOUNT}/skus/${2184200 + i}`), { clientAddress: `192.0.2.${10 + i}` }),
      );
    const statuses = new Set(answers.map(([, r]) => r.status));
    for (const status of [200, 204, 303, 304, 400, 401, 403, 404, 405, 429, 503])
      expect(statuses).toContain(status);
    for (const [what, response] of answers) {
      expectSecured(response, what);
      for (const [name] of response.headers) expect(DOCUMENTED, `${what}: ${name}`).toContain(name);
      const type = response.headers.get('content-type');
      if (type !== null) expect(type, what).toBe('application/json; charset=utf-8');
    }
  });

  it("no header of the API's reaches the browser but the documented ones", async () => {
    const upstream = await upstreamDouble();
    closers.push(upstream.close);
    const handler = handlerOver(upstream);
    const { access_token } = upstream.sandbox.issueUserToken();
    const good = await (
      await upstream.sandbox.fetch(`${upstream.sandbox.baseUrl}/skus/${PHONE}`, {
        headers: { authorization: `Bearer ${access_token}` },
      })
    ).text();
    upstream.fail(`/skus/${PHONE}`, {
      status: 200,
      headers: {
        'content-type': 'application/json',
        'cache-control': 'public, max-age=60, s-maxage=600',
        etag: 'W/"abc"',
        server: 'nginx/1.18.0',
        'x-powered-by': 'Express',
        'set-cookie': 'upstream=1; Path=/',
        'access-control-allow-origin': '*',
        'content-security-policy': "script-src 'unsafe-inline'",
        'x-frame-options': 'ALLOWALL',
        'x-request-id': 'internal-7f3a',
        via: '1.1 api-internal-7.corp.example',
        link: [
          `<${upstream.baseUrl}/skus/${PHONE}?page=2&oauth_token=t0ken>; rel="next"; title="<b>x</b>"`,
          '<https://evil.example/p>; rel="prev"',
          `<${upstream.baseUrl}/skus/1>; rel="preload"`,
        ].join(', '),
      },
      body: good,
    });
    const answer = await handler(new Request(`${ORIGIN}${MOUNT}/skus/${PHONE}`));
    expect(answer.status).toBe(200);
    expect([...answer.headers.keys()].sort()).toEqual(
      [
        'age',
        'link',
        'cache-control',
        'content-security-policy',
        'content-type',
        'etag',
        'x-catalog-cache',
        'x-content-type-options',
      ].sort(),
    );
    expect(answer.headers.get('etag')).toBe('W/"abc"');
    // Made again from the API's pagination links only: no other host, relation, parameter or token.
    expect(answer.headers.get('link')).toBe(`<${MOUNT}/skus/${PHONE}?page=2>; rel="next"`);
    // What is left of the API's max-age=60: a second may pass between the fetch and the answer.
    expect(answer.headers.get('cache-control')).toMatch(/^private, max-age=(59|60)$/);
    expect(answer.headers.get('content-security-policy')).toBe(CSP);
  });

  it("over real sockets: the Node adapter's own answers (a bad target, TRACE) carry them too", async () => {
    const { handler } = setup();
    const served = await listen(toNodeHandler(handler));
    closers.push(served.close);
    const port = Number(new URL(served.base).port);
    const raw = (head: string) =>
      new Promise<string>((resolve, reject) => {
        const socket = connect(port, '127.0.0.1', () => socket.write(head));
        let text = '';
        socket.on('data', (chunk) => (text += chunk.toString('latin1')));
        socket.on('end', () => resolve(text));
        socket.on('error', reject);
      });
    for (const head of [
      `GET ${MOUNT}/skus/..%2f HTTP/1.1\r\nHost: 127.0.0.1\r\nConnection: close\r\n\r\n`,
      `TRACE ${MOUNT}/skus/${PHONE} HTTP/1.1\r\nHost: 127.0.0.1\r\nConnection: close\r\n\r\n`,
      `GET ${MOUNT}/auth/login HTTP/1.1\r\nHost: 127.0.0.1\r\nConnection: close\r\n\r\n`,
    ]) {
      const text = (await raw(head)).toLowerCase();
      expect(text, head).toContain('x-content-type-options: nosniff');
      expect(text, head).toContain(`content-security-policy: ${CSP}`.toLowerCase());
    }
    const login = (
      await raw(`GET ${MOUNT}/auth/login HTTP/1.1\r\nHost: 127.0.0.1\r\nConnection: close\r\n\r\n`)
    ).toLowerCase();
    expect(login).toMatch(/^http\/1\.1 303/);
    expect(login).toContain('referrer-policy: no-referrer');
  });
});
