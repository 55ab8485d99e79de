import { describe, expect, it } from 'vitest';
import { MOUNT, ORIGIN, PHONE, setup } from './setup.js';

describe('only what the API takes: query names from the endpoint table, refused before any call', () => {
  it('a made-up query name is 400 without a call, so a thousand of them cost nothing', async () => {
    const { call, sandbox } = setup({ dailyLimit: 200 });
    for (let i = 0; i < 1000; i++) {
      const answer = await call(`${MOUNT}/categories/40?zz${i}=1`);
      expect(answer.status).toBe(400);
    }
    expect(await (await call(`${MOUNT}/categories/40?zz1=1`)).json()).toMatchObject({
      errors: [{ code: 'InvalidParam' }],
    });
    expect(sandbox.stats.apiCalls).toBe(0);
    // A name another route takes is still unknown here: `q` belongs to /search.
    expect((await call(`${MOUNT}/categories/40?q=phone`)).status).toBe(400);
    expect((await call(`${MOUNT}/search?q=phone`)).status).toBe(200);
  });

  it('an unknown name gets the closest one the endpoint takes, by meaning or spelling, as the client names it', async () => {
    const { call, sandbox } = setup();
    const cases: [string, string][] = [
      [`${MOUNT}/categories/40/skus?perpage=5`, 'per'],
      [`${MOUNT}/categories/40/skus?per_page=5`, 'per'],
      [`${MOUNT}/categories/40/skus?limit=5`, 'per'],
      [`${MOUNT}/categories/40/skus?orderby=pricevat`, 'order_by'],
      [`${MOUNT}/search?query=phone`, 'q'],
      [`${MOUNT}/categories/40/skus?pages=2`, 'page'],
    ];
    for (const [url, meant] of cases) {
      const answer = await call(url);
      expect(answer.status, url).toBe(400);
      const given = new URL(url, ORIGIN).searchParams.keys().next().value;
      expect(await answer.json(), url).toMatchObject({
        errors: [
          {
            code: 'InvalidParam',
            messages: [
              `The query parameter name "${given}" is not one this endpoint takes; did you mean \`${meant}\`?`,
            ],
          },
        ],
      });
    }
    // Nothing near: no guess. A credential-like name gets none either.
    for (const url of [`${MOUNT}/categories/40?zzz=1`, `${MOUNT}/search?q=phone&access_token=abc`]) {
      const body = (await (await call(url)).json()) as { errors: { messages: string[] }[] };
      expect(body.errors[0]?.messages[0], url).toMatch(/^The query parameter name "\w+" is not one/);
      expect(body.errors[0]?.messages[0], url).not.toContain('did you mean');
    }
    expect(sandbox.stats.apiCalls).toBe(0);
  });

  it('names of the prototype are names like any other: ?constructor[]=1 is no 500, ?constructor=1 an unknown name', async () => {
    const { call, sandbox } = setup();
    for (const query of [
      'constructor[]=1',
      'constructor=1',
      '__proto__=1',
      '__proto__[]=1',
      'toString=1',
      'hasOwnProperty[]=x',
    ]) {
      const answer = await call(`${MOUNT}/skus/${PHONE}?${query}`);
      expect(answer.status, query).toBe(400);
      expect(await answer.json()).toMatchObject({ errors: [{ code: 'InvalidParam' }] });
    }
    expect(sandbox.stats.apiCalls).toBe(0);
  });

  it.each(['oauth_token', 'access_token', 'client_id', 'client_secret', 'code', 'refresh_token'])(
    'a credential-like name (%s) is refused, never forwarded',
    async (name) => {
      const { call, sandbox } = setup();
      expect((await call(`${MOUNT}/search?q=phone&${name}=abc`)).status).toBe(400);
      expect((await call(`${MOUNT}/search?q=phone&${name}[]=abc`)).status).toBe(400);
      expect(sandbox.stats.apiCalls).toBe(0);
    },
  );

  it('equivalent queries share one entry and one call: names in any order, page=1 as good as none', async () => {
    // SKU lists are max-age=0 as recorded: here kept 5 minutes, so a second call would be the key's.
    const { call, sandbox } = setup({}, { cacheMaxAge: 300 });
    const first = await call(`${MOUNT}/categories/40/skus?per=2&order_by=pricevat`);
    expect(first.status).toBe(200);
    for (const query of [
      'order_by=pricevat&per=2',
      'page=1&per=2&order_by=pricevat',
      'per=2&page=1&order_by=pricevat',
    ]) {
      const again = await call(`${MOUNT}/categories/40/skus?${query}`);
      expect(again.status).toBe(200);
      expect(await again.json()).toEqual(await first.clone().json());
    }
    expect(sandbox.apiCalls({ path: '/categories/40/skus' })).toHaveLength(1);
    expect(sandbox.apiCalls({ path: '/categories/40/skus' })[0]?.query.has('page')).toBe(false);
    // page=2 is another page: another call.
    await call(`${MOUNT}/categories/40/skus?per=2&order_by=pricevat&page=2`);
    expect(sandbox.apiCalls({ path: '/categories/40/skus' })).toHaveLength(2);
  });

  it('a name given twice is refused, a name[] list is not', async () => {
    const { call, sandbox } = setup();
    expect((await call(`${MOUNT}/categories/40/skus?per=2&per=3`)).status).toBe(400);
    expect((await call(`${MOUNT}/categories/40/skus?page=1&page=2`)).status).toBe(400);
    expect(
      (await call(`${MOUNT}/skus/${PHONE}/products?availability[]=instock&availability[]=preorder`)).status,
    ).toBe(200);
    expect(sandbox.stats.apiCalls).toBe(1);
  });
});
