import * as v from 'zod/mini';
import { ListMetaSchema, nullableNumber, nullableString } from './common.js';

export const SkuImagesSchema = v.object({
  main: v.nullable(v.string()),
  alternatives: v.array(v.string()),
});

/** A SKU: one sellable item, an aggregation of the products of many shops. */
export const SkuSchema = v.object({
  id: v.number(),
  /** May be empty: null when blank (rule 2). */
  ean: nullableString(),
  /** Part number; may be empty: null when blank. */
  pn: nullableString(),
  name: v.string(),
  display_name: v.string(),
  category_id: v.number(),
  /** `"<shop id>|<shop name>|<shop slug>"`; see `parseFirstProductShopInfo`. Can be null or absent. */
  first_product_shop_info: v.optional(v.nullable(v.string())),
  /** Can be null or absent. */
  click_url: v.optional(v.nullable(v.string())),
  // Prices, counts and the summary can be blank (rule 2), e.g. a SKU no shop offers now.
  price_max: nullableNumber(),
  price_min: nullableNumber(),
  reviewscore: nullableNumber(),
  shop_count: nullableNumber(),
  plain_spec_summary: nullableString(),
  manufacturer_id: v.nullable(v.number()),
  future: v.boolean(),
  reviews_count: nullableNumber(),
  virtual: v.boolean(),
  images: SkuImagesSchema,
  web_uri: v.string(),
  /** Since 3.1.1. */
  comparable: v.optional(v.boolean()),
  /** Since 3.1.0, in category SKU listings. */
  favorited: v.optional(v.boolean()),
  reviewable: v.optional(v.boolean()),
  name_source: v.optional(v.nullable(v.string())),
  /** Since 3.2.1; shape not documented. */
  sizes: v.optional(v.nullable(v.array(v.unknown()))),
  /** Since 3.2.1. */
  description: v.optional(v.nullable(v.string())),
});
export type Sku = v.infer<typeof SkuSchema>;

/** GET /skus/:id. */
export const SkuEnvelopeSchema = v.object({ sku: SkuSchema });
export type SkuEnvelope = v.infer<typeof SkuEnvelopeSchema>;

/** GET /skus/:id/similar (recorded, not in the spec). */
export const SimilarSkuListSchema = v.object({ skus: v.array(SkuSchema), meta: ListMetaSchema });
export type SimilarSkuList = v.infer<typeof SimilarSkuListSchema>;
