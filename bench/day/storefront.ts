import type { CatalogClient } from 'price-catalog';
import type { SandboxData } from 'price-catalog/testing';

/** One API resource a page shows: its path (the key ages are tracked by) and how a client reads it. */
export interface Part {
  resource: string;
  load(client: CatalogClient): Promise<unknown>;
}

/** A storefront page: a leaf category's first listing page, or a SKU page (the SKU and its offers). */
export interface StorePage {
  name: string;
  parts: Part[];
}

export const MOST_REVIEWED = 150;

/**
 * The pages of the storefront, in the sandbox data's order (categories, then SKUs by reviews):
 * the `skuPages` most reviewed SKUs have a page (the week's shop: every SKU).
 */
export function storefront(data: SandboxData, skuPages = MOST_REVIEWED): StorePage[] {
  const leaves = data.categories.filter((c) => c.children_count === 0).sort((a, b) => a.id - b.id);
  const skus = [...data.skus]
    .sort((a, b) => b.reviews_count - a.reviews_count || a.id - b.id)
    .slice(0, skuPages);
  return [
    ...leaves.map((category) => ({
      name: `category ${category.id}`,
      parts: [
        {
          resource: `/categories/${category.id}/skus`,
          load: (client: CatalogClient) =>
            client.catalog.categories.skus(category.id).then((page) => page.items),
        },
      ],
    })),
    ...skus.map((sku) => ({
      name: `sku ${sku.id}`,
      parts: [
        { resource: `/skus/${sku.id}`, load: (client: CatalogClient) => client.skus.get(sku.id) },
        {
          resource: `/skus/${sku.id}/products`,
          load: (client: CatalogClient) => client.skus.products(sku.id).then((page) => page.items),
        },
      ],
    })),
  ];
}

/** The SKUs whose prices the day moves: those of the SKU pages. */
export function pricedSkus(data: SandboxData): { id: number; price: number }[] {
  return [...data.skus]
    .sort((a, b) => b.reviews_count - a.reviews_count || a.id - b.id)
    .slice(0, MOST_REVIEWED)
    .map((sku) => ({ id: sku.id, price: sku.price_min }));
}
