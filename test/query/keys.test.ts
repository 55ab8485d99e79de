import { hashKey } from '@tanstack/query-core';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { createClient, InvalidRequestError } from '../../src/index.js';
import { catalogQueries } from '../../src/query/index.js';

const api = createClient({ baseUrl: 'https://api.example.test', token: 'key-tests' });
const q = catalogQueries(api);

// Params of a SKU list, as a caller could write them: any subset, any key order.
const params = fc.record(
  {
    page: fc.integer({ min: 1, max: 50 }),
    per: fc.integer({ min: 1, max: 100 }),
    order_by: fc.constantFrom('pricevat', 'popularity', 'rating'),
    order_dir: fc.constantFrom('asc' as const, 'desc' as const),
    q: fc.string({ maxLength: 8 }),
    filter_ids: fc.array(fc.integer({ min: 1, max: 10_000 }), { maxLength: 4 }),
  },
  { requiredKeys: [] },
);

/** The same params with their keys in another order and undefined fields added. */
function reshuffled(
  value: Record<string, unknown>,
  order: number[],
  extra: string[],
): Record<string, unknown> {
  const keys = Object.keys(value);
  const shuffled = order
    .map((i) => keys[i % Math.max(keys.length, 1)])
    .filter((k): k is string => k !== undefined);
  const out: Record<string, unknown> = {};
  for (const key of [...shuffled, ...keys]) if (!(key in out)) out[key] = value[key];
  for (const key of extra) if (!(key in out)) out[key] = undefined;
  return out;
}

describe('query keys (properties)', () => {
  it('equal params give equal keys: key order and undefined fields do not matter', () => {
    fc.assert(
      fc.property(
        params,
        fc.array(fc.nat(10)),
        fc.array(fc.constantFrom('distance', 'availability', 'q', 'shop_ids')),
        (value, order, extra) => {
          const a = q.catalog.categories.skus(40, value).queryKey;
          const b = q.catalog.categories.skus(40, reshuffled(value, order, extra)).queryKey;
          expect(b).toEqual(a);
          expect(hashKey(b)).toBe(hashKey(a));
        },
      ),
    );
  });

  it('different params give different keys', () => {
    fc.assert(
      fc.property(params, params, (a, b) => {
        fc.pre(JSON.stringify(Object.entries(a).sort()) !== JSON.stringify(Object.entries(b).sort()));
        expect(hashKey(q.catalog.categories.skus(40, a).queryKey)).not.toBe(
          hashKey(q.catalog.categories.skus(40, b).queryKey),
        );
      }),
    );
  });

  it('a signal in the options never enters the key; other options do', () => {
    const plain = q.catalog.categories.get(40).queryKey;
    expect(q.catalog.categories.get(40, { signal: new AbortController().signal }).queryKey).toEqual(plain);
    expect(q.catalog.categories.get(40, { apiVersion: '3.1' }).queryKey).toEqual([
      ...plain,
      { apiVersion: '3.1' },
    ]);
  });

  it('bad input is refused with a typed error', () => {
    expect(() => catalogQueries(null as never)).toThrow(InvalidRequestError);
    expect(() => catalogQueries(api, { user: '' })).toThrow(InvalidRequestError);
    expect(() => catalogQueries(api, { user: {} as never })).toThrow(/user must be a string or a number/);
  });
});
