import { bandOf, type LeafFilters, valueKey } from './leaf-filters.js';
import { buildProducts, round2 } from './products.js';
import { valuesFor, withUnitText } from './profile-helpers.js';
import type { LeafProfile, SpecDef } from './profile-types.js';
import type { Rng } from './random.js';
import { MAX_SEEDED_REVIEWS } from './sku-reviews.js';
import { slugify } from './slug.js';
import { fileStamp } from './timestamps.js';
import type { CategoryRecord, ManufacturerRecord, ProductRecord, ShopRecord, SkuRecord } from './types.js';

export interface LeafSkus {
  skus: SkuRecord[];
  products: ProductRecord[];
}

export interface LeafContext {
  rng: Rng;
  profile: LeafProfile;
  category: CategoryRecord;
  filters: LeafFilters;
  manufacturers: ReadonlyMap<string, ManufacturerRecord>;
  /** Shops that sell in this category's family. */
  shops: readonly ShopRecord[];
  nextSkuId: () => number;
  nextProductId: () => number;
}

const IMAGE_HOSTS = ['a', 'b', 'c', 'd'];

function variantText(value: string, unit: string, bare: boolean): string {
  if (bare) return value;
  const n = Number(value);
  // Storage reads as the shops write it: 1000GB is "1TB", 0.128GB is "128MB".
  const text =
    unit === 'GB' && n >= 1000
      ? `${n / 1000}TB`
      : unit === 'GB' && n < 1
        ? `${Math.round(n * 1000)}MB`
        : `${value}${unit}`;
  return `(${text})`;
}

function withUnit(spec: SpecDef, value: string): string {
  const unit = spec.unit ?? '';
  return unit === '' ? value : unit === '"' ? `${value}"` : withUnitText(value, unit);
}

function summaryPart(spec: SpecDef, value: string): string {
  return spec.summary === '' ? withUnit(spec, value) : `${spec.summary}: ${withUnit(spec, value)}`;
}

/** A model keeps its price tier across variants and seeds; each larger variant costs a little more. */
function basePriceOf(rng: Rng, profile: LeafProfile, model: string, variantIndex: number): number {
  let h = 2166136261;
  for (let i = 0; i < model.length; i++) h = Math.imul(h ^ model.charCodeAt(i), 16777619) >>> 0;
  const tier = Math.min(0.97, (h / 4294967296) * 0.8 + variantIndex * 0.04 + rng.next() * 0.05);
  const [low, high] = profile.modelPrices?.find((range) => range.pattern.test(model))?.price ?? profile.price;
  return Math.exp(Math.log(low) + tier * (Math.log(high) - Math.log(low)));
}

/** Earlier manufacturers of a profile are the market leaders: they get more SKUs. */
function pickManufacturer(rng: Rng, names: readonly string[]): string {
  return names[Math.floor(names.length * rng.next() ** 1.6)] ?? (names[0] as string);
}

function images(rng: Rng, id: number, slug: string): SkuRecord['images'] {
  const folder = String(Math.floor(id / 1000)).padStart(6, '0');
  const stamp = () => fileStamp(rng, 2015, 2023);
  let imageId = 14_000_000 + rng.int(0, 2_000_000);
  return {
    main: `https://${rng.pick(IMAGE_HOSTS)}.img.sandbox.test/images/sku_main_images/${folder}/${id}/medium_${stamp()}_${slug}.jpeg`,
    alternatives: Array.from({ length: rng.int(0, 8) }, () => {
      imageId += rng.int(1, 3);
      const imageFolder = String(Math.floor(imageId / 1000)).padStart(6, '0');
      return `https://${rng.pick(IMAGE_HOSTS)}.img.sandbox.test/images/sku_images/${imageFolder}/${imageId}/${stamp()}_${rng.hex(8)}.jpeg`;
    }),
  };
}

/**
 * The draw from which a SKU has two reviews or more. The seeded users favorite SKUs with two or
 * more, so this keeps them on the same SKUs whatever the spread above it.
 */
const TWO_REVIEWS_FROM = 250 ** (-1 / 3);
const TAIL = 0.85;

/**
 * How many reviews a reviewed SKU has, from one uniform draw: a long tail as on a real site (half
 * have six or fewer, about one in ten more than 40, a few some hundreds).
 */
export function reviewCountOf(u: number): number {
  const scale = 1 / ((1 - TWO_REVIEWS_FROM) ** -TAIL - 1);
  return Math.min(MAX_SEEDED_REVIEWS, Math.floor(1 + scale * ((1 - u) ** -TAIL - 1)));
}

function skuCount(rng: Rng, profile: LeafProfile): number {
  return typeof profile.skus === 'number' ? profile.skus : rng.int(profile.skus[0], profile.skus[1]);
}

export function buildLeafSkus(ctx: LeafContext): LeafSkus {
  const { rng, profile, category, filters } = ctx;
  const count = skuCount(rng, profile);
  const seen = new Set<string>();
  const skus: SkuRecord[] = [];
  const products: ProductRecord[] = [];

  for (let index = 0; index < count; index++) {
    let manufacturer = '';
    let name = '';
    let model = '';
    let values = new Map<SpecDef, string>();
    const variant = profile.specs.find((spec) => spec.variant);
    for (let attempt = 0; attempt < 60; attempt++) {
      manufacturer = pickManufacturer(rng, profile.manufacturers);
      // The model first: its tier and kind choose the values its specs can take.
      model = profile.model(rng, manufacturer);
      values = new Map(profile.specs.map((spec) => [spec, rng.pick(valuesFor(spec, manufacturer, model))]));
      name = variant
        ? `${model} ${variantText(values.get(variant) ?? '', variant.unit ?? '', profile.variantFormat === 'bare')}`
        : model;
      if (!seen.has(`${manufacturer} ${name}`)) break;
    }
    const displayName = `${manufacturer} ${name}`;
    seen.add(displayName);
    const maker = ctx.manufacturers.get(manufacturer);
    if (!maker) throw new Error(`sandbox data: unknown manufacturer ${manufacturer}`);

    const id = ctx.nextSkuId();
    // The big leaf always holds a few future SKUs, so tests can rely on finding one there.
    const future = rng.chance(0.04) || (count >= 300 && (index === 7 || index === 150));
    const virtual = !future && rng.chance(0.03);
    const reviews = future || rng.chance(0.35) ? 0 : reviewCountOf(rng.next());
    const slug = slugify(displayName);
    const summary = profile.specs
      .filter((spec) => spec.summary !== undefined)
      .map((spec) => summaryPart(spec, values.get(spec) ?? ''))
      .join(', ');
    const sizes = profile.sizes ? contiguousRun(rng, profile.sizes) : null;
    const variantIndex = variant
      ? valuesFor(variant, manufacturer, model).indexOf(values.get(variant) ?? '')
      : 0;
    const basePrice = basePriceOf(rng, profile, `${manufacturer} ${model}`, Math.max(0, variantIndex));

    const sku: SkuRecord = {
      id,
      ean: rng.chance(0.6) ? '' : eans(rng),
      pn: profile.partNumber(rng, manufacturer),
      name,
      display_name: displayName,
      category_id: category.id,
      first_product_shop_info: null,
      click_url: null,
      price_max: 0,
      price_min: 0,
      reviewscore: reviews === 0 ? 0 : Math.round((2.5 + 2.5 * rng.next() ** 0.6) * 100000) / 100000,
      shop_count: 0,
      plain_spec_summary: summary,
      manufacturer_id: maker.id,
      future,
      reviews_count: reviews,
      virtual,
      images: images(rng, id, slugify(displayName, '_').toLowerCase()),
      web_uri: `https://www.sandbox.test/s/${id}/${slug}.html`,
      comparable: category.comparable && !virtual,
      reviewable: category.reviewable && !virtual,
      name_source: rng.chance(0.85) ? 'display_name' : 'name',
      sizes,
      description: rng.chance(0.6) ? `${displayName}: ${summary || category.name}.` : null,
      ecommerce_enabled: rng.chance(0.3),
      filter_ids: [],
      spec_values: {},
      popularity: reviews * 20 + rng.int(0, 5000),
    };
    for (const [spec, value] of values) {
      const specId = filters.specIdByName.get(spec.name);
      if (specId !== undefined) sku.spec_values[specId] = [withUnit(spec, value)];
    }

    const offers = future ? [] : buildProducts(rng, ctx.nextProductId, sku, basePrice, ctx.shops);
    settleAggregates(rng, sku, offers, ctx.shops);
    sku.filter_ids = filterIdsOf(rng, sku, values, filters);
    skus.push(sku);
    products.push(...offers);
  }
  return { skus, products };
}

/** price_min, price_max, shop_count and the cheapest shop follow from the SKU's products. */
function settleAggregates(
  rng: Rng,
  sku: SkuRecord,
  offers: readonly ProductRecord[],
  shops: readonly ShopRecord[],
): void {
  if (offers.length === 0) return;
  const cheapest = offers.reduce((best, offer) => (offer.price < best.price ? offer : best));
  sku.price_min = round2(Math.min(...offers.map((offer) => offer.price)));
  sku.price_max = round2(Math.max(...offers.map((offer) => offer.price)));
  sku.shop_count = offers.length;
  const shop = shops.find((candidate) => candidate.id === cheapest.shop_id);
  if (shop && rng.chance(0.5)) sku.first_product_shop_info = `${shop.id}|${shop.name}|${shop.slug}`;
  if (sku.virtual) {
    sku.click_url = `https://www.sandbox.test/products/show/${cheapest.id}`;
    sku.web_uri = sku.click_url;
  }
}

function filterIdsOf(
  rng: Rng,
  sku: SkuRecord,
  values: ReadonlyMap<SpecDef, string>,
  filters: LeafFilters,
): number[] {
  const ids: number[] = [];
  if (!sku.future) {
    const price = bandOf(filters.priceFilters, sku.price_min);
    if (price) ids.push(price.filterId);
  }
  for (const [spec, value] of values) {
    const byValue = filters.valueFilters.get(valueKey(spec.name, value));
    if (byValue !== undefined) ids.push(byValue);
    const band = bandOf(filters.bandFilters.get(spec.name) ?? [], Number.parseFloat(value));
    if (band) ids.push(band.filterId);
  }
  for (const { filterId } of filters.keywordFilters) if (rng.chance(0.3)) ids.push(filterId);
  for (const size of sku.sizes ?? []) {
    const id = filters.sizeFilters.get(size);
    if (id !== undefined) ids.push(id);
  }
  return ids.sort((a, b) => a - b);
}

function contiguousRun(rng: Rng, sizes: readonly string[]): string[] {
  const length = rng.int(Math.min(3, sizes.length), sizes.length);
  const start = rng.int(0, sizes.length - length);
  return sizes.slice(start, start + length);
}

function eans(rng: Rng): string {
  const one = () =>
    `${rng.pick(['520', '880', '400', '690', '871'])}${String(rng.int(0, 9_999_999_999)).padStart(10, '0')}`;
  return rng.chance(0.3) ? `${one()} ${one()}` : one();
}
