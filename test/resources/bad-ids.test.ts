import { describe, expect, it, vi } from 'vitest';
import { type CatalogClient, InvalidRequestError } from '../../src/index.js';
import { countingClients } from '../helpers/index.js';

/** A JSON.stringify of any of these would throw, loop or run code; none may reach a message. */
const toJSON = vi.fn(() => 'called');
const hostileObject = {
  toJSON,
  toString: () => '1',
  valueOf: () => 1,
};
const trap = new Proxy(
  {},
  {
    get: () => {
      throw new Error('proxy read');
    },
  },
);
const revocable = Proxy.revocable([], {});
revocable.revoke();
const cyclic: Record<string, unknown> = {};
cyclic.self = cyclic;

/** Every value no path id may be, with a label for the test name. */
const BAD_IDS: [string, unknown][] = [
  ['a BigInt', 10n],
  ['a huge BigInt', 2n ** 200n],
  ['an object', { id: 1 }],
  ['an object with toJSON/toString/valueOf', hostileObject],
  ['a throwing Proxy', trap],
  ['a revoked Proxy', revocable.proxy],
  ['a cyclic object', cyclic],
  ['an array', [1]],
  ['NaN', Number.NaN],
  ['Infinity', Number.POSITIVE_INFINITY],
  ['a float', 1.5],
  ['a negative', -3],
  ['zero', 0],
  ['minus zero', -0],
  ['an unsafe integer', 2 ** 53],
  ['null', null],
  ['undefined', undefined],
  ['a boolean', true],
  ['a symbol', Symbol('x')],
  ['a function', () => 1],
  ['a string with /', '1/2'],
  ['a string with ?', '1?x=1'],
  ['a string with #', '1#x'],
  ['..', '..'],
  ['a dot segment after digits', '1/../2'],
  ['an encoded dot segment', '%2e%2e'],
  ['an encoded slash', '1%2F2'],
  ['an empty string', ''],
  ['spaces', ' 1 '],
  ['a full-width digit', '１'],
  ['hex', '0x10'],
  ['exponent', '1e3'],
  ['an unsafe digit string', '9007199254740993'],
  ['a long digit string', '1'.repeat(40)],
  ['control and bidi characters', '1\u0000\u202e\n'],
];

/** A user's and the application's clients on a fresh sandbox, every request counted. */
const setup = countingClients;

type Api = CatalogClient;
/** A representative method of every resource that takes an id, called with `bad` in the id's place. */
const METHODS: [string, 'app' | 'user', (api: Api, bad: never) => PromiseLike<unknown>][] = [
  ['catalog.categories.get', 'app', (api, bad) => api.catalog.categories.get(bad)],
  ['catalog.categories.skus (path)', 'app', (api, bad) => api.catalog.categories.skus(bad)],
  [
    'catalog.categories.skus (filter_ids)',
    'app',
    (api, bad) => api.catalog.categories.skus(40, { filter_ids: [bad] }),
  ],
  ['catalog.manufacturers.skus', 'app', (api, bad) => api.catalog.manufacturers.skus(bad)],
  ['skus.get', 'app', (api, bad) => api.skus.get(bad)],
  ['skus.product', 'app', (api, bad) => api.skus.product(bad)],
  ['skus.reviews.list', 'app', (api, bad) => api.skus.reviews.list(bad)],
  ['skus.reviews.delete (review id)', 'user', (api, bad) => api.skus.reviews.delete(2119391, bad)],
  [
    'skus.reviews.create (answer_ids)',
    'user',
    (api, bad) => api.skus.reviews.create(2119391, { rating: 5, answer_ids: [bad] }),
  ],
  ['shops.get', 'app', (api, bad) => api.shops.get(bad)],
  ['shops.location', 'app', (api, bad) => api.shops.location(452, bad)],
  ['favorites.get', 'user', (api, bad) => api.favorites.get(bad)],
  ['favorites.forSku', 'user', (api, bad) => api.favorites.forSku(bad)],
  ['favorites.create (sku_id)', 'user', (api, bad) => api.favorites.create({ sku_id: bad })],
  ['user.addresses.update', 'user', (api, bad) => api.user.addresses.update(bad, { label: 'Home' })],
  ['notifications.get', 'user', (api, bad) => api.notifications.get(bad)],
  ['notifications.markViewed', 'user', (api, bad) => api.notifications.markViewed([bad])],
];

describe('a bad id is an InvalidRequestError before any request', () => {
  it.each(METHODS)('%s', async (_name, kind, call) => {
    const clients = setup();
    for (const [label, bad] of BAD_IDS) {
      const error = await Promise.resolve()
        .then(() => call(clients[kind], bad as never))
        .then(
          () => undefined,
          (e: unknown) => e,
        );
      expect(error, label).toBeInstanceOf(InvalidRequestError);
      expect((error as InvalidRequestError).code, label).toBe('InvalidId');
      const message = (error as Error).message;
      expect(message.length, label).toBeLessThan(160);
      expect(message, label).not.toMatch(/[\p{Cc}\u202e]/u);
      expect(message, label).not.toContain('called');
    }
    expect(clients.sent()).toBe(0);
    expect(toJSON).not.toHaveBeenCalled();
  });

  it('favorite list ids may be negative (auto lists), but nothing else bad', async () => {
    const clients = setup();
    for (const [label, bad] of BAD_IDS.filter(([, v]) => v !== -3)) {
      await expect(clients.user.favorites.lists.delete(bad as never), label).rejects.toMatchObject({
        name: 'InvalidRequestError',
        code: 'InvalidId',
      });
    }
    expect(clients.sent()).toBe(0);
  });

  it('the message names the type and a short, escaped rendering, never the whole input', async () => {
    const { app } = setup();
    const message = async (bad: unknown) =>
      ((await app.skus.get(bad as never).catch((e: unknown) => e)) as Error).message;
    expect(await message(10n)).toBe('id must be a positive integer, got bigint 10n');
    expect(await message(1.5)).toBe('id must be a positive integer, got number 1.5');
    expect(await message({ a: 1 })).toBe('id must be a positive integer, got an object');
    expect(await message('1/../2')).toBe('id must be a positive integer, got string "1/../2"');
    expect(await message('a"\\\u202e')).toBe('id must be a positive integer, got string "a\\"\\\\\\u{202e}"');
    expect(await message('x'.repeat(500))).toBe(
      `id must be a positive integer, got string "${'x'.repeat(40)}…"`,
    );
  });

  it('a fieldset that cannot be serialized (a BigInt, a cycle) is refused, not a TypeError', async () => {
    const clients = setup();
    for (const fields of [[1n], cyclic, { root: [10n] }]) {
      const error = await clients.app.skus.product(1, { fields: fields as never }).catch((e: unknown) => e);
      expect(error).toBeInstanceOf(InvalidRequestError);
    }
    expect(clients.sent()).toBe(0);
  });

  it('valid ids still go through: numbers and strings of digits', async () => {
    const { app } = setup();
    expect((await app.shops.get(452)).id).toBe(452);
    expect((await app.shops.get('452' as never)).id).toBe(452);
  });
});
