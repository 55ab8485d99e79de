import type {
  CategoryRecord,
  FilterGroupRecord,
  FilterRecord,
  ManufacturerRecord,
  ProductRecord,
  ReviewFormRecord,
  SandboxData,
  ShopLocationRecord,
  ShopRecord,
  ShopReviewRecord,
  SkuRecord,
  SkuReviewRecord,
  SpecificationGroupRecord,
  SpecificationRecord,
} from './types.js';

/** Lookups over a SandboxData, built once per catalog. */
export interface CatalogIndex {
  category: Map<number, CategoryRecord>;
  children: Map<number, CategoryRecord[]>;
  manufacturer: Map<number, ManufacturerRecord>;
  shop: Map<number, ShopRecord>;
  locationsByShop: Map<number, ShopLocationRecord[]>;
  sku: Map<number, SkuRecord>;
  skusByCategory: Map<number, SkuRecord[]>;
  skusByManufacturer: Map<number, SkuRecord[]>;
  product: Map<number, ProductRecord>;
  productsBySku: Map<number, ProductRecord[]>;
  productsByShop: Map<number, ProductRecord[]>;
  specGroupsByCategory: Map<number, SpecificationGroupRecord[]>;
  specsByCategory: Map<number, SpecificationRecord[]>;
  filterGroupsByCategory: Map<number, FilterGroupRecord[]>;
  filter: Map<number, FilterRecord>;
  reviewFormByCategory: Map<number, ReviewFormRecord>;
  /** Oldest first, as generated. */
  reviewsBySku: Map<number, SkuReviewRecord[]>;
  /** Oldest first, as generated. */
  shopReviewsByShop: Map<number, ShopReviewRecord[]>;
}

function groupBy<T>(items: readonly T[], key: (item: T) => number): Map<number, T[]> {
  const out = new Map<number, T[]>();
  for (const item of items) {
    const k = key(item);
    const list = out.get(k);
    if (list) list.push(item);
    else out.set(k, [item]);
  }
  return out;
}

function byId<T extends { id: number }>(items: readonly T[]): Map<number, T> {
  return new Map(items.map((item) => [item.id, item]));
}

export function indexData(data: SandboxData): CatalogIndex {
  return {
    category: byId(data.categories),
    children: groupBy(data.categories, (c) => c.parent_id),
    manufacturer: byId(data.manufacturers),
    shop: byId(data.shops),
    locationsByShop: groupBy(data.shopLocations, (l) => l.shop_id),
    sku: byId(data.skus),
    skusByCategory: groupBy(data.skus, (s) => s.category_id),
    skusByManufacturer: groupBy(data.skus, (s) => s.manufacturer_id),
    product: byId(data.products),
    productsBySku: groupBy(data.products, (p) => p.sku_id),
    productsByShop: groupBy(data.products, (p) => p.shop_id),
    specGroupsByCategory: groupBy(data.specificationGroups, (g) => g.category_id),
    specsByCategory: groupBy(data.specifications, (s) => s.category_id),
    filterGroupsByCategory: groupBy(data.filterGroups, (g) => g.category_id),
    filter: byId(data.filters),
    reviewFormByCategory: new Map(data.reviewForms.map((form) => [form.category_id, form])),
    reviewsBySku: groupBy(data.skuReviews, (r) => r.sku_id),
    shopReviewsByShop: groupBy(data.shopReviews, (r) => r.shop_id),
  };
}
