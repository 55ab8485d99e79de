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

/** A price watch (`createPriceWatch`). */
export interface PriceWatch {
  /**
   * Watches SKUs (ids, or `{ sku, category, weight }`) or a category's listing (`{ category,
   * manufacturer_ids, shop_ids, weight }`). Adding again replaces the weight. Each process adds its
   * own list; what they share is the plan, the prices and the spending.
   */
  add(items: WatchedSku | WatchedCategory | number | Iterable<WatchedSku | WatchedCategory | number>): void;
  /** Stops watching SKUs (ids) or a category listing: what nothing watches any more costs no call. */
  remove(items: WatchedCategory | number | Iterable<WatchedCategory | number>): void;
  /** The SKU's last known price and when the API gave it (any process's call), if seen yet. */
  price(sku: number): Promise<SeenPrice | undefined>;
  /** Calls spent today of the share, by every process of this watch. */
  spent(): Promise<WatchSpending>;
  /** Each change this process sees; returns the function that stops listening. */
  onChange(listener: (change: PriceChange) => void): () => void;
  /** Each failed step or listener; returns the function that stops listening. */
  onError(listener: (error: unknown) => void): () => void;
  /** The changes this process sees from now on, until `signal` aborts or the loop is left. */
  changes(options?: { signal?: AbortSignal | undefined }): AsyncIterableIterator<PriceChange>;
  /** Runs the watch in the background: a step whenever one is due, until `stop()`. */
  start(): void;
  /** Stops the loop; resolves once the step under way (if any) has finished. */
  stop(): Promise<void>;
  /**
   * One step: when the next call of the shared plan is due (and the share allows it), makes it
   * and resolves what it did; otherwise resolves when to look again. For a scheduler of your own
   * (a cron job calls `step()`); `start()` calls it in a loop.
   */
  step(): Promise<WatchStep>;
}
