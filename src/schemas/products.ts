import * as v from 'zod/mini';
import { SpecificationGroupSchema, SpecificationSchema } from './catalog.js';
import { ListMetaSchema, nullableNumber, nullableString } from './common.js';
import { ShopSchema } from './shops.js';

/** The full cost of buying a product with the user's preferences (since 3.2.0). */
export const BlpSchema = v.object({
  shipping_cost: nullableNumber(),
  payment_method_cost: v.optional(v.nullable(v.number())),
  final_price: v.optional(v.nullable(v.number())),
});
export type Blp = v.infer<typeof BlpSchema>;

export const ProductSchema = v.object({
  id: v.number(),
  name: v.string(),
  /** Null when blank (rule 2): a product not (or no longer) matched to a SKU. */
  sku_id: nullableNumber(),
  shop_id: v.number(),
  category_id: nullableNumber(),
  availability: nullableString(),
  click_url: v.string(),
  /** The shop's own id for the product; a string even when it looks numeric ("062276"). */
  shop_uid: nullableString(),
  /** Exact shipping cost when the shop sets it. */
  expenses: v.optional(v.nullable(v.number())),
  web_uri: v.string(),
  /** Element shape not documented. */
  sizes: v.optional(v.nullable(v.array(v.unknown()))),
  /** In product cards. */
  color: v.optional(nullableString()),
  price: nullableNumber(),
  /** Since 3.1.0. */
  immediate_pickup: v.optional(v.boolean()),
  blp: v.optional(BlpSchema),
  /** With `embed=shop`. */
  shop: v.optional(ShopSchema),
});
export type Product = v.infer<typeof ProductSchema>;

/** A product's own fields, without the associations `embed` adds: what `fields[root]` names. */
export const ProductFieldsSchema = v.omit(ProductSchema, { shop: true });
export type ProductFields = v.infer<typeof ProductFieldsSchema>;

// Not in the spec: the recorded GET /products/:id answer carries the user's delivery location
// and payment method that `blp` was computed for.
export const PersonalizationSchema = v.object({
  location: v.optional(
    v.nullable(
      v.object({
        address_id: v.optional(v.nullable(v.number())),
        label: nullableString(),
        lat: nullableString(),
        lng: nullableString(),
        type: v.string(),
        country_code: nullableString(),
      }),
    ),
  ),
  payment_method: v.optional(v.nullable(v.object({ type: v.string() }))),
});
export type Personalization = v.infer<typeof PersonalizationSchema>;

export const ProductEnvelopeSchema = v.object({
  product: ProductSchema,
  meta: v.optional(v.object({ personalization: v.optional(PersonalizationSchema) })),
});
export type ProductEnvelope = v.infer<typeof ProductEnvelopeSchema>;

// Sparse fieldsets (`fields[root]`, `fields[shop]`, `fields_except[...]`) may drop any field of
// the product or of its embedded shop; the fields kept keep their types.
export const SparseProductSchema = v.extend(v.partial(ProductSchema), {
  shop: v.optional(v.partial(ShopSchema)),
});
export type SparseProduct = v.infer<typeof SparseProductSchema>;

export const SparseProductEnvelopeSchema = v.extend(ProductEnvelopeSchema, { product: SparseProductSchema });
export type SparseProductEnvelope = v.infer<typeof SparseProductEnvelopeSchema>;

export const ProductListMetaSchema = v.extend(ListMetaSchema, {
  /** The order in use (a SKU's products: cheapest first). */
  ordered_by: v.optional(v.nullable(v.string())),
});
export type ProductListMeta = v.infer<typeof ProductListMetaSchema>;

/** GET /skus/:id/products and GET /shops/:shop_id/products/search. */
export const ProductListSchema = v.object({ products: v.array(ProductSchema), meta: ProductListMetaSchema });
export type ProductList = v.infer<typeof ProductListSchema>;

// --- product cards --------------------------------------------------------------------------

export const ProductCardSchema = v.object({
  products: v.array(ProductSchema),
  shop: ShopSchema,
  blp: v.optional(BlpSchema),
  /** Null in every answer seen, and left out of some; shape not documented. */
  reseller: v.optional(v.unknown()),
});
export type ProductCard = v.infer<typeof ProductCardSchema>;

export const ProductCardGroupSchema = v.object({ cards: v.array(ProductCardSchema) });
export type ProductCardGroup = v.infer<typeof ProductCardGroupSchema>;

/** GET /skus/:id/product_cards. */
export const ProductCardGroupListSchema = v.object({ product_cards: v.array(ProductCardGroupSchema) });
export type ProductCardGroupList = v.infer<typeof ProductCardGroupListSchema>;

// --- SKU specifications and price history ---------------------------------------------------

/** GET /skus/:id/specifications: the category's specifications with this SKU's values. */
export const SkuSpecificationListSchema = v.object({
  specifications: v.array(SpecificationSchema),
  /** With `include: 'group'`; each specification then has its `group_id`. */
  groups: v.optional(v.array(SpecificationGroupSchema)),
  // Not in the spec (which answers `{specifications}` only): the recording adds the SKU's
  // full description here.
  meta: v.optional(v.object({ full_description: v.optional(nullableString()) })),
});
export type SkuSpecificationList = v.infer<typeof SkuSpecificationListSchema>;

export const AveragePricePointSchema = v.object({ date: v.string(), price: v.number() });
export type AveragePricePoint = v.infer<typeof AveragePricePointSchema>;

export const LowestPricePointSchema = v.object({
  date: v.string(),
  price: v.number(),
  shop_name: nullableString(),
});
export type LowestPricePoint = v.infer<typeof LowestPricePointSchema>;

export const PriceHistorySchema = v.object({
  average: v.array(AveragePricePointSchema),
  lowest: v.array(LowestPricePointSchema),
});
export type PriceHistory = v.infer<typeof PriceHistorySchema>;

/** GET /skus/:id/price_history (shape not in the spec). */
export const PriceHistoryEnvelopeSchema = v.object({ history: PriceHistorySchema });
export type PriceHistoryEnvelope = v.infer<typeof PriceHistoryEnvelopeSchema>;
