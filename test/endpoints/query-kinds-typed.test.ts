import { describe, expect, expectTypeOf, it } from 'vitest';
import type { ArgsMisfit, DetailsOf, PathParamNames } from '../../src/endpoints/row.js';
import type { SKU_METHODS } from '../../src/endpoints/skus.js';
import { ENDPOINTS } from '../../src/index.js';

// What tsc refuses (`npm test` runs `tsc --noEmit`): each `@ts-expect-error` fails the build
// if the line under it ever compiles.
type SkuDetails = DetailsOf<typeof SKU_METHODS>;

describe("a read's query kinds are held to its literal's names by tsc", () => {
  it('refuses a missing, extra or misspelt name and a kind of none', () => {
    const page = { page: 'integer', per: 'integer' } as const;
    const whole = { 'skus.shopProducts': { query: { shop_uid: 'string', ...page } } } satisfies SkuDetails;
    // @ts-expect-error `shop_uid` has no kind.
    const missing = { 'skus.shopProducts': { query: { ...page } } } satisfies SkuDetails;
    // @ts-expect-error `shop_id` is not among the literal's names.
    const misspelt = { 'skus.shopProducts': { query: { shop_id: 'string', ...page } } } satisfies SkuDetails;
    // @ts-expect-error `text` is no QueryKind.
    const badKind = { 'skus.shopProducts': { query: { shop_uid: 'text', ...page } } } satisfies SkuDetails;
    // @ts-expect-error a read without query names takes none.
    const extra = { 'skus.get': { query: { page: 'integer' } } } satisfies SkuDetails;
    expect([missing, misspelt, badKind, extra]).toHaveLength(4);
    expect(ENDPOINTS['skus.shopProducts'].query).toEqual([
      { name: 'shop_uid', kind: whole['skus.shopProducts'].query.shop_uid, required: true },
      { name: 'page', kind: 'integer' },
      { name: 'per', kind: 'integer' },
    ]);
  });

  it("takes a read's names in its literal's order, and a write's from its details", () => {
    expect(ENDPOINTS['catalog.categories.manufacturers'].query.map((param) => param.name)).toEqual([
      'order_by',
      'order_dir',
      'page',
      'per',
    ]);
    expect(ENDPOINTS['skus.reviews.flag'].query).toEqual([
      { name: 'flag[reason]', kind: 'string', values: ['bad_language', 'wrong_section', 'spam'] },
    ]);
  });
});

describe("a literal's args are held to its path by tsc", () => {
  it('reads the path parameters off the template', () => {
    expectTypeOf<PathParamNames<'/skus/:sku_id/reviews/:review_id/edit'>>().toEqualTypeOf<
      'sku_id' | 'review_id'
    >();
    expectTypeOf<PathParamNames<'/favorites'>>().toEqualTypeOf<never>();
  });

  it('names a missing or misspelt path parameter', () => {
    type Call<A extends readonly string[]> = { path: '/skus/:sku_id/reviews/:review_id'; args: A };
    expectTypeOf<ArgsMisfit<Call<['sku_id', 'review_id', 'input']>>>().toEqualTypeOf<never>();
    expectTypeOf<ArgsMisfit<Call<['sku_id', 'input']>>>().toEqualTypeOf<'review_id'>();
    expectTypeOf<ArgsMisfit<Call<['id', 'review_id']>>>().toEqualTypeOf<'id' | 'sku_id'>();
    expectTypeOf<ArgsMisfit<(typeof SKU_METHODS)['skus.reviews.update']>>().toEqualTypeOf<never>();
  });
});
