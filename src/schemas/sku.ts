import * as z from 'zod/mini';
import { ListMetaSchema, nullableNumber, nullableString } from './common.js';
import { object } from './object.js';

export const SkuImagesSchema = object({
  main: z.nullable(z.string()),
  alternatives: z.array(z.string()),
});

/** A SKU: one sellable item, an aggregation of the products of many shops. */
export const SkuSchema = object({
  id: z.number(),
  /** May be empty: null when blank (rule 2). */
  ean: nullableString(),
  /** Part number; may be empty: null when blank. */
  pn: nullableString(),
  name: z.string(),
  display_name: z.string(),
  category_id: z.number(),
  /** `"<shop id>|<shop name>|<shop slug>"`; see `parseFirstProductShopInfo`. */
  first_product_shop_info: z.nullable(z.string()),
  click_url: z.nullable(z.string()),
  // Prices, counts and the summary can be blank (rule 2), e.g. a SKU no shop offers now.
  price_max: nullableNumber(),
  price_min: nullableNumber(),
  reviewscore: nullableNumber(),
  shop_count: nullableNumber(),
  plain_spec_summary: nullableString(),
  manufacturer_id: z.nullable(z.number()),
  future: z.boolean(),
  reviews_count: nullableNumber(),
  virtual: z.boolean(),
  images: SkuImagesSchema,
  web_uri: z.string(),
  /** Since 3.1.1. */
  comparable: z.optional(z.boolean()),
  /** Since 3.1.0, in category SKU listings. */
  favorited: z.optional(z.boolean()),
  reviewable: z.optional(z.boolean()),
  name_source: z.optional(z.nullable(z.string())),
  /** Since 3.2.1; shape not documented. */
  sizes: z.optional(z.nullable(z.array(z.unknown()))),
  /** Since 3.2.1. */
  description: z.optional(z.nullable(z.string())),
});
export type Sku = z.infer<typeof SkuSchema>;

/** GET /skus/:id. */
export const SkuEnvelopeSchema = object({ sku: SkuSchema });
export type SkuEnvelope = z.infer<typeof SkuEnvelopeSchema>;

/** GET /skus/:id/similar (recorded, not in the spec). */
export const SimilarSkuListSchema = object({ skus: z.array(SkuSchema), meta: ListMetaSchema });
export type SimilarSkuList = z.infer<typeof SimilarSkuListSchema>;
