// Properties of the handler's input checks, through the handler itself: whatever a browser sends,
// only a documented path of plain segments reaches the API, a query reaches it as the browser
// wrote it (or is refused), and a sign-in only ever sends the browser back to a path of this site.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { createCatalogHandler } from '../../src/server/index.js';
import { MOUNT, ORIGIN } from './setup.js';

/** A handler over a stub API that answers every call `{}` and records the URLs it was sent. */
function stubbed(cacheControl = 'no-store') {
  const sent: URL[] = [];
  const handler = createCatalogHandler({
    baseUrl: 'https://api.test',
    authUrl: 'https://auth.test',
    clientId: 'id',
    clientSecret: 'secret',
    logLevel: 'off',
    // Hundreds of runs: no budget or rate window in the way.
    dailyLimit: null,
    // The stub answers `{}` to every path: what reaches the API is the point here, not the schemas.
    validation: 'off',
    rateLimit: 100_000,
    fetch: async (input, init) => {
      const request = new Request(input, init);
      const url = new URL(request.url);
      if (url.pathname === '/oauth2/token') {
        return Response.json({ access_token: 'a'.repeat(40), token_type: 'bearer', expires_in: 3600 });
      }
      sent.push(url);
      return Response.json({}, { headers: { 'cache-control': cacheControl } });
    },
  });
  return { handler, sent };
}

const PLAIN = /^[A-Za-z0-9_-]{1,64}$/;
const segment = fc.oneof(
  fc.constantFrom(
    'skus',
    'categories',
    'root',
    'reviews',
    'oauth2',
    'token',
    '..',
    '.',
    '%2f',
    '%2e%2e',
    '%00',
    '',
  ),
  fc.string({ unit: 'binary', maxLength: 8 }),
  fc.integer({ min: 0, max: 1e9 }).map(String),
);

describe('the handler: properties of what reaches the API', () => {
  it('any path: a 4xx or an API call to a documented path of plain segments, never a 5xx', async () => {
    const { handler, sent } = stubbed();
    await fc.assert(
      fc.asyncProperty(fc.array(segment, { minLength: 0, maxLength: 5 }), async (segments) => {
        const before = sent.length;
        const target = `${ORIGIN}${MOUNT}/${segments.map((s) => s.replace(/[\s#?]/g, encodeURIComponent)).join('/')}`;
        const response = await handler(new Request(target));
        expect(response.status).toBeLessThan(500);
        for (const url of sent.slice(before)) {
          expect(url.origin).toBe('https://api.test');
          expect(
            url.pathname
              .split('/')
              .slice(1)
              .every((s) => PLAIN.test(s)),
          ).toBe(true);
        }
        if (sent.length > before) expect(response.status).toBe(200);
      }),
      { numRuns: 300 },
    );
  });

  it('any query value: refused with a 400, or sent to the API exactly as the browser wrote it', async () => {
    const { handler, sent } = stubbed();
    await fc.assert(
      fc.asyncProperty(fc.string({ unit: 'grapheme', minLength: 2, maxLength: 20 }), async (q) => {
        const before = sent.length;
        const response = await handler(new Request(`${ORIGIN}${MOUNT}/search?${new URLSearchParams({ q })}`));
        if (response.status === 400) return;
        expect(response.status).toBe(200);
        expect(sent.length).toBe(before + 1);
        expect(sent.at(-1)?.searchParams.get('q')).toBe(q);
        expect([...(sent.at(-1)?.searchParams.keys() ?? [])]).toEqual(['q']);
      }),
      { numRuns: 200 },
    );
  });

  it('any return_to: the sign-in sends the browser back to a path of this site, or to /', async () => {
    const { handler } = stubbed();
    await fc.assert(
      fc.asyncProperty(fc.string({ unit: 'binary', maxLength: 30 }), async (back) => {
        const login = await handler(
          new Request(`${ORIGIN}${MOUNT}/auth/login?return_to=${encodeURIComponent(back)}`),
        );
        const cookie = login.headers.getSetCookie()[0] as string;
        const value = (cookie.split(';')[0] as string).split('=')[1] as string;
        const kept = atob((value.split('.')[1] as string).replace(/-/g, '+').replace(/_/g, '/'));
        const path = new TextDecoder().decode(Uint8Array.from(kept, (c) => c.charCodeAt(0)));
        expect(path === '/' || path === back).toBe(true);
        expect(path).toMatch(/^\/(?![/\\])[\x21-\x7e]*$/);
        expect(new URL(path, ORIGIN).origin).toBe(ORIGIN);
      }),
      { numRuns: 300 },
    );
  });

  it('any query names in any order: a 4xx before any call, or one call for every order of the same names (page=1 or not)', async () => {
    const name = fc.constantFrom(
      'per',
      'order_by',
      'fields[root]',
      'constructor',
      'constructor[]',
      '__proto__',
      'toString',
      'code',
      'access_token',
      'zz1',
    );
    await fc.assert(
      fc.asyncProperty(
        fc.uniqueArray(fc.tuple(name, fc.string({ unit: 'grapheme-ascii', maxLength: 6 })), {
          maxLength: 4,
          selector: ([n]) => n,
        }),
        fc.boolean(),
        async (pairs, withPage) => {
          const { handler, sent } = stubbed('max-age=60');
          const ask = (list: [string, string][]) =>
            handler(new Request(`${ORIGIN}${MOUNT}/categories/40/skus?${new URLSearchParams(list)}`));
          const first = await ask(pairs);
          const again = await ask(
            [...(withPage ? [['page', '1'] as [string, string]] : []), ...pairs].reverse(),
          );
          expect(first.status).toBeLessThan(500);
          expect(again.status).toBe(first.status);
          expect(sent.length).toBe(first.status === 200 ? 1 : 0);
        },
      ),
      { numRuns: 150 },
    );
  });
});
