import { SkuListMetaSchema } from 'price-catalog';
import { describe, expect, it } from 'vitest';
import * as v from 'zod/mini';

// The maps keyed by id or name (available_filters' counts, order_by_methods) check every value,
// as zod's record did, though they are written as objects with a catchall (smaller bundles).
describe('maps keyed by id or name in a SKU list meta', () => {
  it('take any key and return every entry', () => {
    const meta = {
      order_by_methods: { price: 'Price', popularity: 'Popularity' },
      available_filters: { filters: { '12': 3, '40': 0 }, manufacturers: {}, shops: { '7': 1 } },
    };
    expect(v.parse(SkuListMetaSchema, meta)).toEqual(meta);
  });

  it('refuse a value of the wrong type, at its key', () => {
    const filters = v.safeParse(SkuListMetaSchema, { available_filters: { filters: { '12': 'three' } } });
    expect(filters.success).toBe(false);
    expect(filters.error?.issues[0]?.path).toEqual(['available_filters', 'filters', '12']);
    const methods = v.safeParse(SkuListMetaSchema, { order_by_methods: { price: 1 } });
    expect(methods.error?.issues[0]?.path).toEqual(['order_by_methods', 'price']);
  });

  it('refuse what is not an object', () => {
    for (const filters of [[1, 2], 'x', 3]) {
      const result = v.safeParse(SkuListMetaSchema, { available_filters: { filters } });
      expect(result.success).toBe(false);
    }
  });
});
