import { addReviews } from './build-reviews.js';
import { addUsers } from './build-users.js';
import { buildCategories } from './categories.js';
import { CATEGORY_TREE, type CategoryNode, ROOT_CATEGORY_ID } from './category-tree.js';
import { idSequence } from './id-sequence.js';
import { buildLeafFilters, createIdSources } from './leaf-filters.js';
import { buildManufacturers } from './manufacturers.js';
import type { LeafProfile } from './profile-types.js';
import { LEAF_PROFILES } from './profiles.js';
import { deriveRng } from './random.js';
import { buildShopLocations, buildShops } from './shops.js';
import { buildLeafSkus } from './skus.js';
import type { SandboxData } from './types.js';

/** The whole seeded catalog. Pure: the same seed always gives equal data. */
export function buildData(seed: number): SandboxData {
  return buildCatalog(seed, CATEGORY_TREE, LEAF_PROFILES);
}

/** A catalog over `tree`, one profile per leaf (the scaled sandbox passes a larger tree). */
export function buildCatalog(
  seed: number,
  tree: readonly CategoryNode[],
  profiles: readonly LeafProfile[],
): SandboxData {
  const categories = buildCategories(deriveRng(seed, 'categories'), profiles, tree);
  const manufacturers = buildManufacturers(deriveRng(seed, 'manufacturers'));
  const shops = buildShops(deriveRng(seed, 'shops'));
  const shopLocations = buildShopLocations(deriveRng(seed, 'locations'), shops);
  const data: SandboxData = {
    rootId: ROOT_CATEGORY_ID,
    categories,
    manufacturers,
    shops,
    shopLocations,
    skus: [],
    products: [],
    specificationGroups: [],
    specifications: [],
    filterGroups: [],
    filters: [],
    reviewForms: [],
    skuReviews: [],
    shopReviews: [],
    users: [],
    favoriteLists: [],
    favorites: [],
    addresses: [],
    savedOrders: [],
    notifications: [],
  };

  const rng = deriveRng(seed, 'skus');
  const ids = createIdSources(deriveRng(seed, 'spec-ids'));
  const nextSkuId = idSequence(rng, 2_119_391, 25_000);
  const nextProductId = idSequence(rng, 25_809_770, 400);
  const manufacturersByName = new Map(manufacturers.map((m) => [m.name, m]));
  for (const profile of profiles) {
    const category = categories.find((c) => c.id === profile.categoryId);
    if (category?.children_count !== 0) throw new Error(`sandbox data: ${profile.categoryId} is not a leaf`);
    const filters = buildLeafFilters(rng, ids, profile);
    const family = category.family_id;
    const leaf = buildLeafSkus({
      rng,
      profile,
      category,
      filters,
      manufacturers: manufacturersByName,
      shops: shops.filter(
        (shop) => shop.families.length === 0 || (family !== null && shop.families.includes(family)),
      ),
      nextSkuId,
      nextProductId,
    });
    data.specificationGroups.push(...filters.groups);
    data.specifications.push(...filters.specifications);
    data.filterGroups.push(...filters.filterGroups);
    data.filters.push(...filters.filters);
    data.skus.push(...leaf.skus);
    data.products.push(...leaf.products);
  }
  addReviews(
    seed,
    data,
    profiles.map((profile) => profile.categoryId),
  );
  addUsers(seed, data);
  return data;
}
