import type {
  CategoryRecord,
  FilterGroupRecord,
  FilterRecord,
  ManufacturerRecord,
  ProductRecord,
  SandboxData,
  ShopLocationRecord,
  ShopRecord,
  SkuRecord,
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
  specGroupsByCategory: Map<number, SpecificationGroupRecord[]>;
  specsByCategory: Map<number, SpecificationRecord[]>;
  filterGroupsByCategory: Map<number, FilterGroupRecord[]>;
  filter: Map<number, FilterRecord>;
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
    specGroupsByCategory: groupBy(data.specificationGroups, (g) => g.category_id),
    specsByCategory: groupBy(data.specifications, (s) => s.category_id),
    filterGroupsByCategory: groupBy(data.filterGroups, (g) => g.category_id),
    filter: byId(data.filters),
  };
}
