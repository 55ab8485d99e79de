import type { CatalogClient, Coordination, Product } from '../index.js';

/** A SKU to watch, with how many of your users watch it. */
export interface WatchedSku {
  sku: number;
  /** Its category (the SKU's `category_id`): lets the watch cover it with listing pages. */
  category?: number | undefined;
  /** How many users watch it (or any weight of yours); default 1. Heavier SKUs are refreshed more often. */
  weight?: number | undefined;
}

/** Every SKU of a category's listing, narrowed by the listing's filters. */
export interface WatchedCategory {
  category: number;
  manufacturer_ids?: readonly number[] | undefined;
  shop_ids?: readonly number[] | undefined;
  /** The weight of each of its SKUs; default 1. */
  weight?: number | undefined;
}

/** What the API last said of a SKU's price. */
export interface SkuPrice {
  price_min: number | null;
  price_max: number | null;
  shop_count: number | null;
}

/** A SKU's last known price and when the API gave it. */
export interface SeenPrice extends SkuPrice {
  seenAt: Date;
}

/** A watched SKU whose price_min, price_max or shop_count moved since the watch last saw it. */
export interface PriceChange {
  sku: number;
  before: SkuPrice;
  after: SkuPrice;
  /** When the API gave `after`. */
  seenAt: Date;
  /** The SKU's offers, fetched after the move when `offers` is on and the share allowed the call. */
  offers?: Product[] | undefined;
}

/** The watch's part of the application's day: a number of calls, or a fraction of the daily limit. */
export type WatchShare = { calls: number } | { fraction: number };

export interface PriceWatchOptions {
  /** The application's client (application token). Give it the same `coordination` as the watch. */
  client: CatalogClient;
  /**
   * Where the watch keeps its prices, its plan and what it spent: the client's coordination
   * (`fileCoordination()`, `redisCoordination()`); default a memory coordination of its own.
   */
  coordination?: Coordination | undefined;
  /** Calls a UTC day the watch may make; the rest of the day is left to the application. */
  share: WatchShare;
  /** Keeps watches of one application apart in the coordination; default `default`. */
  name?: string | undefined;
  /**
   * Listing order, which must keep a SKU on its page while prices move; default `popularity`.
   * Never a price order: a SKU whose price moved would change pages.
   */
  orderBy?: string | undefined;
  /** After a move, also fetch the SKU's offers (one call each, within the share); default false. */
  offers?: boolean | undefined;
}

/** What one step of the watch did. */
export type WatchStep =
  | { kind: 'page'; category: number; page: number; changes: number }
  | { kind: 'sku'; sku: number; changes: number }
  /** Nothing due before `until` (another process made the call, or the share is spent for today). */
  | { kind: 'wait'; until: Date }
  /** The call failed (reported to `onError` listeners too); the watch goes on at its next step. */
  | { kind: 'failed'; error: unknown };

export interface WatchSpending {
  /** UTC day, `YYYY-MM-DD`. */
  day: string;
  calls: number;
  share: number;
}
