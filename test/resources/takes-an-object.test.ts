/**
 * A string (or a number, an array) where a method takes an object is refused before any request,
 * with the call to write: every method of the endpoint table whose arguments hold an object.
 */
import { describe, expect, it } from 'vitest';
import { ENDPOINT_ROWS, type EndpointRow, InvalidRequestError } from '../../src/index.js';
import { countingClients } from '../helpers/index.js';

/** Methods that take a string there as `{ q }`, and the one whose input is an array of ids. */
const NOT_REFUSED = new Set([
  'catalog.search',
  'catalog.autocomplete',
  'shops.search',
  'notifications.markViewed',
]);
const TAKES_AN_OBJECT = ENDPOINT_ROWS.filter(
  (row) => !NOT_REFUSED.has(row.name) && row.args.some((arg) => arg === 'params' || arg === 'input'),
);

function setup() {
  const { user, sent } = countingClients();
  return { api: user, sent };
}

/** `api.<name>(...)` with 7 for every path parameter and `given` in the first object's place. */
function callWith(api: object, row: EndpointRow, given: unknown): PromiseLike<unknown> {
  let method: unknown = api;
  let self: unknown = api;
  for (const part of row.name.split('.')) {
    self = method;
    method = (method as Record<string, unknown>)[part];
  }
  const slot = row.args.findIndex((arg) => arg === 'params' || arg === 'input');
  const args = row.args.slice(0, slot + 1).map((_, at) => (at === slot ? given : 7));
  return (method as (...values: unknown[]) => PromiseLike<unknown>).apply(self, args);
}

describe('a string where a method takes an object', () => {
  it('covers the methods of the table that take an object', () => {
    expect(TAKES_AN_OBJECT.map((row) => row.name)).toEqual(
      expect.arrayContaining([
        'catalog.categories.skus',
        'skus.shopProducts',
        'favorites.create',
        'skus.reviews.vote',
      ]),
    );
  });

  it.each(TAKES_AN_OBJECT.map((row) => [row.name, row] as const))(
    '%s is refused before sending, with the call to write',
    async (name, row) => {
      const { api, sent } = setup();
      for (const given of ['iphone', 5, ['iphone']]) {
        const error = await Promise.resolve(callWith(api, row, given)).then(
          () => undefined,
          (e: unknown) => e as InvalidRequestError,
        );
        expect(error).toBeInstanceOf(InvalidRequestError);
        const ids = row.pathParams.map(() => 7);
        const first = row.input?.[0] ?? (row.query.find((param) => param.required) ?? row.query[0])?.name;
        expect(error?.message).toMatch(new RegExp(`^${name} takes an object: api\\.${name}\\(`));
        expect(error?.message).toContain(`(${[...ids, `{ ${first}: `].join(', ')}`);
        expect(error?.code).toBe('InvalidParam');
      }
      expect(sent()).toBe(0);
    },
  );

  it('shows the required names, a string given in the first, and listed values', async () => {
    const { api } = setup();
    const message = (call: PromiseLike<unknown>) =>
      Promise.resolve(call).then(
        () => '',
        (e: Error) => e.message,
      );
    expect(await message(api.skus.shopProducts(452, 'abc' as never))).toBe(
      'skus.shopProducts takes an object: api.skus.shopProducts(452, { shop_uid: "abc" })',
    );
    expect(await message(api.shops.findLocations('athens' as never))).toBe(
      'shops.findLocations takes an object: api.shops.findLocations({ lat: …, lng: … })',
    );
    expect(await message(api.catalog.categories.skus(40, 'iphone' as never))).toBe(
      'catalog.categories.skus takes an object: api.catalog.categories.skus(40, { order_by: … })',
    );
    expect(await message(api.catalog.categories.manufacturers(40, 'x' as never))).toBe(
      'catalog.categories.manufacturers takes an object: api.catalog.categories.manufacturers(40, { order_by: "name" })',
    );
    expect(await message(api.catalog.categories.list('x' as never))).toBe(
      'catalog.categories.list takes an object: api.catalog.categories.list({ page: 1 })',
    );
    expect(await message(api.favorites.create(2119391 as never))).toBe(
      'favorites.create takes an object: api.favorites.create({ sku_id: … })',
    );
  });
});
