/**
 * A first try's mistakes get messages that point the right way: a name another API uses for
 * what this one calls `per` or `q` (Node: the meanings are not in browser bundles), a string
 * where the query object goes, a port or scheme fetch itself refuses.
 */
import { describe, expect, it } from 'vitest';
import { ConnectionError, createClient } from '../../src/index.js';
import { expectRefused, newSandbox, sandboxClient } from '../helpers/index.js';

/** The error a call ends with. */
async function failure(call: PromiseLike<unknown>): Promise<Error> {
  return Promise.resolve(call).then(
    () => {
      throw new Error('expected the call to fail');
    },
    (error: unknown) => error as Error,
  );
}

describe('near names by meaning as well as spelling', () => {
  it.each([
    [{ per_page: 5 }, 'per_page', 'per'],
    [{ perPage: 5 }, 'perPage', 'per'],
    [{ page_size: 5 }, 'page_size', 'per'],
    [{ limit: 5 }, 'limit', 'per'],
    [{ sort: 'pricevat' }, 'sort', 'order_by'],
    [{ direction: 'asc' }, 'direction', 'order_dir'],
  ])('%o on the SKUs of a category (`%s`): did you mean `%s`?', async (params, name, meant) => {
    const sandbox = newSandbox();
    const api = sandboxClient(sandbox);
    await expectRefused(sandbox, () => api.catalog.categories.skus(40, params as never), 'InvalidParam');
    const error = await failure(api.catalog.categories.skus(40, params as never));
    expect(error).toMatchObject({
      param: name,
      message: `unknown query parameter \`${name}\`; did you mean \`${meant}\`?`,
    });
  });

  it('`{ query }` on a search means `q`; a meaning the endpoint does not take falls back to spelling', async () => {
    const sandbox = newSandbox();
    const api = sandboxClient(sandbox);
    const search = await failure(api.catalog.search({ query: 'iphone' } as never));
    expect(search.message).toBe('unknown query parameter `query`; did you mean `q`?');
    // The categories list takes page and per, not q: `query` means nothing there, `pages` is `page`.
    const list = await failure(api.catalog.categories.list({ query: 'x' } as never));
    expect(list.message).toBe('unknown query parameter `query` (known: page, per)');
    const pages = await failure(api.catalog.categories.list({ pages: 2 } as never));
    expect(pages.message).toBe('unknown query parameter `pages`; did you mean `page`?');
    expect(sandbox.apiCalls()).toHaveLength(0);
  });
});

describe('a string where the query goes', () => {
  it("search('iphone') is search({ q: 'iphone' }): the same request, the same answer", async () => {
    const sandbox = newSandbox();
    const api = sandboxClient(sandbox);
    const byString = await api.catalog.search('iphone');
    const byObject = await api.catalog.search({ q: 'iphone' });
    expect(byString.items.length).toBeGreaterThan(0);
    expect(byString.items).toEqual(byObject.items);
    const [first, second] = sandbox.apiCalls();
    expect(first?.query.get('q')).toBe('iphone');
    expect(second?.query.toString()).toBe(first?.query.toString());
  });

  it("shops.search('...') and autocomplete('...') take the string as q too", async () => {
    const sandbox = newSandbox();
    const api = sandboxClient(sandbox);
    const shops = await api.shops.search('shop');
    expect(shops.items).toEqual((await api.shops.search({ q: 'shop' })).items);
    const suggestions = await api.catalog.autocomplete('iph');
    expect(suggestions).toEqual(await api.catalog.autocomplete({ q: 'iph' }));
    // The object form is the string form's request: its cached answer, no second call.
    const sent = sandbox.apiCalls().map((call) => call.query.get('q'));
    expect(sent).toEqual(['shop', 'iph']);
  });

  it('a string short of 2 characters is refused as the object would be', async () => {
    const sandbox = newSandbox();
    const api = sandboxClient(sandbox);
    await expectRefused(sandbox, () => api.catalog.search('i'), 'InvalidSearch');
  });

  it('a string where another query object goes is refused before sending, with the call to write', async () => {
    const sandbox = newSandbox();
    const api = sandboxClient(sandbox);
    await expectRefused(sandbox, () => api.catalog.categories.skus(40, 'iphone' as never), 'InvalidParam');
    const error = await failure(api.catalog.categories.skus(40, 'iphone' as never));
    expect(error.message).toBe(
      'catalog.categories.skus takes an object: api.catalog.categories.skus(40, { order_by: … })',
    );
  });
});

describe("fetch's own refusals are named", () => {
  it.each([1, 6000])('a port fetch blocks (:%i) says so, not "could not be reached"', async (port) => {
    const api = createClient({ baseUrl: `http://127.0.0.1:${port}`, token: 't', maxRetries: 0 });
    const error = await failure(api.catalog.categories.get(40));
    expect(error).toBeInstanceOf(ConnectionError);
    expect(error.message).toBe(
      `GET http://127.0.0.1:${port}/categories/40 failed: fetch refuses this port, one browsers and Node block (bad port): use another port`,
    );
    // It reached no server: the day's budget is given back.
    expect(api.usage().calls).toBe(0);
  });

  it('the token endpoint on a blocked port says so too, and no secret', async () => {
    const api = createClient({
      baseUrl: 'http://127.0.0.1:1',
      authUrl: 'http://127.0.0.1:1',
      clientId: 'id',
      clientSecret: 'the-secret',
      maxRetries: 0,
    });
    const error = await failure(api.catalog.categories.get(40));
    expect(error).toBeInstanceOf(ConnectionError);
    expect(error.message).toContain('http://127.0.0.1:1/oauth2/token: fetch refuses this port');
    expect(error.message).not.toContain('the-secret');
  });

  it.each([
    ['ftp:', 'unknown scheme'],
    ['file:', 'not implemented... yet...'],
  ])(
    'a URL of a scheme fetch refuses (%s, from a fetch of your own) says so, not "could not be reached"',
    async (scheme, words) => {
      // The SDK checks its own URLs; a fetch you pass may still send one elsewhere.
      const fetch: typeof globalThis.fetch = (input, init) =>
        globalThis.fetch(String(input).replace(/^https:/, scheme), init);
      const api = createClient({ baseUrl: 'https://api.example.com', token: 't', maxRetries: 0, fetch });
      const error = await failure(api.catalog.categories.get(40));
      expect(error).toBeInstanceOf(ConnectionError);
      expect(error.message).toBe(
        `GET https://api.example.com/categories/40 failed: fetch does not take this URL's scheme (${words}): use http: or https:`,
      );
      // It reached no server: the day's budget is given back.
      expect(api.usage().calls).toBe(0);
    },
  );

  it.each(['ftp://api.example.com', 'file:///srv/api', 'ws://127.0.0.1:8080', 'localhost:8080'])(
    'a URL of a scheme fetch does not take (%s) is refused by createClient, the schemes named',
    (url) => {
      const why = 'must be an http(s) URL such as https://api.example.com';
      expect(() => createClient({ baseUrl: url, token: 't' })).toThrow(`createClient: baseUrl ${why}`);
      expect(() =>
        createClient({ baseUrl: 'https://api.example.com', authUrl: url, clientId: 'i', clientSecret: 's' }),
      ).toThrow(`createClient: authUrl ${why}`);
    },
  );
});
