import * as z from 'zod/mini';
import { SpecificationGroupSchema, SpecificationSchema } from './catalog.js';
import { ListMetaSchema, nullableNumber, nullableString } from './common.js';
import { object } from './object.js';
import { ShopSchema } from './shops.js';

/** The full cost of buying a product with the user's preferences (since 3.2.0). */
export const BlpSchema = object({
  shipping_cost: nullableNumber(),
  payment_method_cost: z.optional(z.nullable(z.number())),
  final_price: z.optional(z.nullable(z.number())),
});
export type Blp = z.infer<typeof BlpSchema>;

export const ProductSchema = object({
  id: z.number(),
  name: z.string(),
  /** Null when blank (rule 2): a product not (or no longer) matched to a SKU. */
  sku_id: nullableNumber(),
  shop_id: z.number(),
  category_id: nullableNumber(),
  availability: nullableString(),
  click_url: z.string(),
  /** The shop's own id for the product; a string even when it looks numeric ("062276"). */
  shop_uid: nullableString(),
  /** Exact shipping cost when the shop sets it. */
  expenses: z.optional(z.nullable(z.number())),
  web_uri: z.string(),
  /** Element shape not documented. */
  sizes: z.optional(z.nullable(z.array(z.unknown()))),
  /** In product cards. */
  color: z.optional(nullableString()),
  price: nullableNumber(),
  /** Since 3.1.0. */
  immediate_pickup: z.optional(z.boolean()),
  blp: z.optional(BlpSchema),
  /** With `embed=shop`. */
  shop: z.optional(ShopSchema),
});
export type Product = z.infer<typeof ProductSchema>;

/** A product's own fields, without the associations `embed` adds: what `fields[root]` names. */
export const ProductFieldsSchema = z.omit(ProductSchema, { shop: true });
export type ProductFields = z.infer<typeof ProductFieldsSchema>;

// Not in the spec: the recorded GET /products/:id answer carries the user's delivery location
// and payment method that `blp` was computed for.
export const PersonalizationSchema = object({
  location: z.optional(
    z.nullable(
      object({
        address_id: z.optional(z.nullable(z.number())),
        label: nullableString(),
        lat: nullableString(),
        lng: nullableString(),
        type: z.string(),
        country_code: nullableString(),
      }),
    ),
  ),
  payment_method: z.optional(z.nullable(object({ type: z.string() }))),
});
export type Personalization = z.infer<typeof PersonalizationSchema>;

export const ProductEnvelopeSchema = object({
  product: ProductSchema,
  meta: z.optional(object({ personalization: z.optional(PersonalizationSchema) })),
});
export type ProductEnvelope = z.infer<typeof ProductEnvelopeSchema>;

// Sparse fieldsets (`fields[root]`, `fields[shop]`, `fields_except[...]`) may drop any field of
// the product or of its embedded shop; the fields kept keep their types.
export const SparseProductSchema = z.extend(z.partial(ProductSchema), {
  shop: z.optional(z.partial(ShopSchema)),
});
export type SparseProduct = z.infer<typeof SparseProductSchema>;

export const SparseProductEnvelopeSchema = z.extend(ProductEnvelopeSchema, { product: SparseProductSchema });
export type SparseProductEnvelope = z.infer<typeof SparseProductEnvelopeSchema>;

/** GET /skus/:id/products and GET /shops/:shop_id/products/search. */
export const ProductListSchema = object({ products: z.array(ProductSchema), meta: ListMetaSchema });
export type ProductList = z.infer<typeof ProductListSchema>;

// --- product cards --------------------------------------------------------------------------

export const ProductCardSchema = object({
  products: z.array(ProductSchema),
  shop: ShopSchema,
  blp: z.optional(BlpSchema),
  /** Null in every answer seen; shape not documented. */
  reseller: z.unknown(),
});
export type ProductCard = z.infer<typeof ProductCardSchema>;

export const ProductCardGroupSchema = object({ cards: z.array(ProductCardSchema) });
export type ProductCardGroup = z.infer<typeof ProductCardGroupSchema>;

/** GET /skus/:id/product_cards. */
export const ProductCardGroupListSchema = object({ product_cards: z.array(ProductCardGroupSchema) });
export type ProductCardGroupList = z.infer<typeof ProductCardGroupListSchema>;

// --- SKU specifications and price history ---------------------------------------------------

/** GET /skus/:id/specifications: the category's specifications with this SKU's values. */
export const SkuSpecificationListSchema = object({
  specifications: z.array(SpecificationSchema),
  /** With `include: 'group'`; each specification then has its `group_id`. */
  groups: z.optional(z.array(SpecificationGroupSchema)),
  // Not in the spec (which answers `{specifications}` only): the recording adds the SKU's
  // full description here.
  meta: z.optional(object({ full_description: z.optional(nullableString()) })),
});
export type SkuSpecificationList = z.infer<typeof SkuSpecificationListSchema>;

export const AveragePricePointSchema = object({ date: z.string(), price: z.number() });
export type AveragePricePoint = z.infer<typeof AveragePricePointSchema>;

export const LowestPricePointSchema = object({
  date: z.string(),
  price: z.number(),
  shop_name: nullableString(),
});
export type LowestPricePoint = z.infer<typeof LowestPricePointSchema>;

export const PriceHistorySchema = object({
  average: z.array(AveragePricePointSchema),
  lowest: z.array(LowestPricePointSchema),
});
export type PriceHistory = z.infer<typeof PriceHistorySchema>;

/** GET /skus/:id/price_history (shape not in the spec). */
export const PriceHistoryEnvelopeSchema = object({ history: PriceHistorySchema });
export type PriceHistoryEnvelope = z.infer<typeof PriceHistoryEnvelopeSchema>;
