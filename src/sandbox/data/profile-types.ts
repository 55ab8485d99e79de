import type { Rng } from './random.js';

/** A filter over a number read from a spec value or the price: `min <= n < max`. */
export interface RangeBand {
  label: string;
  min: number;
  max: number;
}

export interface SpecDef {
  name: string;
  unit?: string;
  group: string;
  values: readonly string[];
  /** Values per manufacturer name where the generic list would be absurd (iOS on a Samsung). */
  byManufacturer?: Readonly<Record<string, readonly string[]>>;
  /**
   * Values by the model's tier and kind (a feature phone has no 12 GB of RAM): the first pattern
   * matching `manufacturer model` wins, before `byManufacturer` and `values`.
   */
  byModel?: readonly ModelValues[];
  /** Label in `plain_spec_summary`; '' puts the value alone; absent leaves the spec out. */
  summary?: string;
  /** A filter group with one filter per value: 2 spec, 3 synced spec. */
  filter?: 2 | 3;
  /** A custom-range filter group (filter_type 4) over the numeric value. */
  bands?: { group: string; bands: readonly RangeBand[] };
  /** The value is part of the SKU name: `Galaxy A52 (128GB)`. */
  variant?: boolean;
}

/** The values of one spec for the models whose `manufacturer model` matches `pattern`. */
export interface ModelValues {
  pattern: RegExp;
  values: readonly string[];
}

/** A price range, in euros, for the models whose `manufacturer model` matches `pattern`. */
export interface ModelPrice {
  pattern: RegExp;
  price: readonly [number, number];
}

/** How the SKUs of one leaf category are generated. */
export interface LeafProfile {
  categoryId: number;
  /** A fixed count, or a seeded count in [min, max]. */
  skus: number | readonly [number, number];
  /** Base prices are drawn log-uniformly from this range (the category's, in euros). */
  price: readonly [number, number];
  /**
   * Narrower ranges for models whose name says their tier (a flagship is not priced like a feature
   * phone): the first pattern matching `manufacturer model` wins; other models use `price`.
   */
  modelPrices?: readonly ModelPrice[];
  /** Upper bounds of the price filter bands (filter_type 0). */
  priceBands: readonly number[];
  manufacturers: readonly string[];
  /** A model name for a manufacturer, without the variant. */
  model(rng: Rng, manufacturer: string): string;
  /** `(128GB)` by default; fashion names carry a bare colour. */
  variantFormat?: 'parenthesized' | 'bare';
  groups: readonly string[];
  specs: readonly SpecDef[];
  /** Keyword filters (filter_type 1), each given to a share of the SKUs. */
  keywords?: readonly string[];
  /** Sizes (filter_type 5); SKUs carry a run of them in `sizes`. */
  sizes?: readonly string[];
  orderBy: Readonly<Record<string, string>>;
  defaultOrder: string;
  /** The name of a part number, e.g. `SM-A525F`; empty for none. */
  partNumber(rng: Rng, manufacturer: string): string;
}
