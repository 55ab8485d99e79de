import type { Catalog } from '../data/catalog-cache.js';
import { round2 } from '../data/products.js';
import { createRng } from '../data/random.js';
import { slugify } from '../data/slug.js';
import type { CategoryRecord, SandboxData, SkuRecord } from '../data/types.js';
import type { ResolvedOptions } from '../options.js';

export type BulkCategory = NonNullable<ResolvedOptions['bulkCategory']>;

/** SKU number `i` (0-based) of a bulk category has id `BULK_SKU_ID_BASE + i + 1`: above every seeded id. */
export const BULK_SKU_ID_BASE = 900_000_000;

const IMAGE_HOSTS = ['a', 'b', 'c', 'd'] as const;

/** The bulk category's record: a leaf right under the root, its own family, ordered newest first. */
export function bulkCategoryRecord(root: CategoryRecord, bulk: BulkCategory): CategoryRecord {
  return {
    id: bulk.id,
    name: bulk.name,
    children_count: 0,
    image_url: null,
    parent_id: root.id,
    fashion: false,
    layout_mode: 'list',
    web_uri: `https://www.sandbox.test/c/${bulk.id}/${slugify(bulk.name).toLowerCase()}.html`,
    code: 'load_test',
    path: `${root.path},${bulk.id}`,
    show_specifications: false,
    manufacturer_title: root.manufacturer_title,
    family_id: bulk.id,
    show_manufacturers_filter: false,
    adult: false,
    onclick_behaviour: 'onclick_to_sku_page',
    show_spec_summary: true,
    unit_price_label: null,
    reviewable: false,
    comparable: true,
    order_by_methods: { newest: 'Νεότερα' },
    default_order_by: 'newest',
  };
}

/**
 * The seeded catalog with the bulk category added as the root's last child. The seeded catalog
 * stays as it is (it is shared by every sandbox of the seed); only the category lists and lookups
 * that change are copied. The bulk SKUs are not in it: `bulkSku()` makes them on demand.
 */
export function withBulkCategory(catalog: Catalog, bulk: BulkCategory | undefined): Catalog {
  if (!bulk) return catalog;
  const { data, index } = catalog;
  if (index.category.has(bulk.id)) {
    throw new RangeError(`createSandbox: bulkCategory.id ${bulk.id} is the id of a seeded category`);
  }
  const oldRoot = index.category.get(data.rootId);
  if (!oldRoot) throw new Error(`the seeded catalog has no root category ${data.rootId}`);
  const root: CategoryRecord = Object.freeze({ ...oldRoot, children_count: oldRoot.children_count + 1 });
  const added = Object.freeze(bulkCategoryRecord(root, bulk));
  const swap = (c: CategoryRecord): CategoryRecord => (c.id === root.id ? root : c);

  const categories = Object.freeze([...data.categories.map(swap), added]) as CategoryRecord[];
  const category = new Map(index.category).set(root.id, root).set(added.id, added);
  const children = new Map<number, CategoryRecord[]>();
  for (const [parent, list] of index.children) children.set(parent, list.map(swap));
  children.set(root.id, [...(children.get(root.id) ?? []), added]);
  const overlay: SandboxData = Object.freeze({ ...data, categories });
  return { data: overlay, index: { ...index, category, children } };
}

/**
 * SKU number `i` (0-based) of the bulk category: the same for the same seed and index, shaped like
 * a seeded SKU (about 1.3 KB on the wire), with no reviews, filters or products behind it.
 */
export function bulkSku(data: SandboxData, seed: number, bulk: BulkCategory, i: number): SkuRecord {
  const rng = createRng((Math.imul(i + 1, 0x9e3779b1) ^ Math.imul(seed, 0x85ebca6b)) >>> 0);
  const id = BULK_SKU_ID_BASE + i + 1;
  const n = String(i + 1).padStart(7, '0');
  const manufacturer = rng.pick(data.manufacturers);
  const shop = rng.pick(data.shops);
  const name = `Load Test ${n}`;
  const displayName = `${manufacturer.name} ${name}`;
  const slug = slugify(displayName);
  const priceMin = round2(5 + rng.next() * 995);
  const folder = String(Math.floor(id / 1000)).padStart(6, '0');
  const host = (): string => rng.pick(IMAGE_HOSTS);
  return {
    id,
    ean: `2${String(id).padStart(12, '0')}`,
    pn: `LT-${n}`,
    name,
    display_name: displayName,
    category_id: bulk.id,
    first_product_shop_info: `${shop.id}|${shop.name}|${shop.slug}`,
    click_url: null,
    price_max: round2(priceMin * (1 + rng.next() * 0.4)),
    price_min: priceMin,
    reviewscore: 0,
    shop_count: rng.int(1, 25),
    plain_spec_summary: `Load-test item ${i + 1} of ${bulk.skus}, Βάρος: ${rng.int(100, 9000)} g, Χρώμα: ${rng.pick(['Μαύρο', 'Λευκό', 'Γκρι', 'Μπλε'])}, Εγγύηση: ${rng.int(1, 5)} έτη, Κωδικός: ${rng.hex(12)}`,
    manufacturer_id: manufacturer.id,
    future: false,
    reviews_count: 0,
    virtual: false,
    images: {
      main: `https://${host()}.img.sandbox.test/images/sku_main_images/${folder}/${id}/medium_${slug.toLowerCase()}.jpeg`,
      alternatives: Array.from(
        { length: 4 },
        (_, k) =>
          `https://${host()}.img.sandbox.test/images/sku_images/${folder}/${id}${k}/${rng.hex(8)}_${rng.hex(8)}.jpeg`,
      ),
    },
    web_uri: `https://www.sandbox.test/s/${id}/${slug}.html`,
    comparable: true,
    reviewable: false,
    name_source: 'name',
    sizes: null,
    description: null,
    ecommerce_enabled: rng.chance(0.5),
    filter_ids: [],
    spec_values: {},
    popularity: 0,
  };
}
