import {
  type CatalogClient,
  type Coordination,
  DailyLimitError,
  InvalidRequestError,
  memoryCoordination,
  NotFoundError,
  RateLimitWaitError,
  type RecordStore,
  type Sku,
} from '../index.js';
import { nextDayStart, type UtcDay, utcDay } from '../internal/day.js';
import { sleep } from '../internal/waits.js';
import { ChangeFeed } from './changes.js';
import { checkCategory, checkName, checkSku, sharedCalls } from './options.js';
import { listingKey, nextUnit, type Shared, type Unit, unitOf, type WatchList } from './plan.js';
import {
  memoryRecords,
  parsePlace,
  parsePrice,
  parseUnit,
  placeText,
  priceText,
  samePrice,
  type UnitState,
  unitText,
} from './records.js';
import type {
  PriceChange,
  PriceWatch,
  PriceWatchOptions,
  SeenPrice,
  SkuPrice,
  WatchedCategory,
  WatchedSku,
  WatchSpending,
  WatchStep,
} from './types.js';

/** Places of SKUs read again from the store at most this often (units are read at every step). */
const PLACES_TTL_MS = 3_600_000;
/** With nothing to watch, look again this much later. */
const IDLE_MS = 60_000;
/** A sleeping watch looks at the shared plan at least this often. */
const MAX_SLEEP_MS = 3_600_000;
/** Offers fetched at most after one call's moves. */
const MAX_OFFERS = 3;
const PER_PAGE = 100;

const dayEnd = (now: number): number => nextDayStart(utcDay(now)).getTime();

/** Memory records for coordinations without their own, one per coordination object. */
const ownRecords = new WeakMap<Coordination, RecordStore>();

interface Seen {
  sku: number;
  price: SkuPrice;
}

/** Errors that say the call was never sent: its share is given back. */
const notSent = (error: unknown): boolean =>
  error instanceof DailyLimitError ||
  error instanceof RateLimitWaitError ||
  error instanceof InvalidRequestError;

/** The watch behind `createPriceWatch` (its methods are documented on `PriceWatch`). */
export class Watch implements PriceWatch {
  private readonly client: CatalogClient;
  private readonly coordination: Coordination;
  private readonly records: RecordStore;
  private readonly name: string;
  private readonly orderBy: string;
  private readonly offers: boolean;
  private readonly share: PriceWatchOptions['share'];
  private readonly list: WatchList = { skus: new Map(), listings: new Map() };
  private readonly feed = new ChangeFeed();
  private places: Shared['places'] = new Map();
  private placesReadAt = Number.NEGATIVE_INFINITY;
  private running: { stop: AbortController; done: Promise<void> } | undefined;

  constructor(options: PriceWatchOptions) {
    if (!options || typeof options.client?.catalog !== 'object')
      throw new InvalidRequestError(
        'price watch: `client` must be a client of createClient()',
        'InvalidOption',
        'client',
      );
    this.client = options.client;
    this.coordination = options.coordination ?? memoryCoordination();
    this.records = this.coordination.records ?? recordsOf(this.coordination);
    this.name = checkName(options.name);
    this.orderBy = options.orderBy ?? 'popularity';
    if (/price/i.test(this.orderBy))
      throw new InvalidRequestError(
        'price watch: orderBy must not be a price order (SKUs would change pages as prices move)',
        'InvalidOption',
        'orderBy',
      );
    this.offers = options.offers ?? false;
    this.share = options.share;
    this.shareToday();
  }

  private key(map: string): string {
    return `watch:${this.name}:${map}`;
  }

  /** The share as calls for today (a fraction follows the client's daily limit). */
  private shareToday(): number {
    return sharedCalls(this.share, this.client.usage().limit);
  }

  add(items: WatchedSku | WatchedCategory | number | Iterable<WatchedSku | WatchedCategory | number>): void {
    for (const item of iterate(items)) {
      if (typeof item === 'object' && !('sku' in item)) {
        const { category, filters, weight } = checkCategory(item);
        this.list.listings.set(listingKey(category, filters), { category, filters, weight });
      } else {
        const { sku, category, weight } = checkSku(item as WatchedSku | number);
        const known = this.list.skus.get(sku);
        this.list.skus.set(sku, { category: category ?? known?.category, weight });
      }
    }
  }

  remove(items: WatchedCategory | number | Iterable<WatchedCategory | number>): void {
    for (const item of iterate(items)) {
      if (typeof item === 'number') this.list.skus.delete(item);
      else {
        const { category, filters } = checkCategory(item as WatchedCategory);
        this.list.listings.delete(listingKey(category, filters));
      }
    }
  }

  async price(sku: number): Promise<SeenPrice | undefined> {
    const [text] = await this.records.get(this.key('prices'), [String(sku)]);
    return parsePrice(text);
  }

  async spent(): Promise<WatchSpending> {
    const day = utcDay(Date.now());
    return {
      day,
      calls: await this.coordination.budget.count(this.key('spent'), day),
      share: this.shareToday(),
    };
  }

  onChange(listener: (change: PriceChange) => void): () => void {
    return this.feed.onChange(listener);
  }

  onError(listener: (error: unknown) => void): () => void {
    return this.feed.onError(listener);
  }

  changes(options: { signal?: AbortSignal | undefined } = {}): AsyncIterableIterator<PriceChange> {
    return this.feed.iterate(options.signal);
  }

  start(): void {
    if (this.running) return;
    const stop = new AbortController();
    const done = (async () => {
      while (!stop.signal.aborted) {
        const step = await this.step();
        if (step.kind === 'page' || step.kind === 'sku') continue;
        // After a failure (the store or the API away) the loop looks again a minute later, never at once.
        const until = step.kind === 'wait' ? step.until.getTime() : Date.now() + IDLE_MS;
        const wait = Math.min(Math.max(0, until - Date.now()), MAX_SLEEP_MS);
        await sleep(wait, stop.signal).catch(() => undefined);
      }
    })();
    this.running = { stop, done };
  }

  async stop(): Promise<void> {
    const running = this.running;
    this.running = undefined;
    running?.stop.abort();
    await running?.done;
  }

  async step(): Promise<WatchStep> {
    let claim: { unit: Unit; before: UnitState | undefined; day: UtcDay } | { until: number };
    try {
      claim = await this.coordination.locks.withLock(this.key('plan'), () => this.claim(Date.now()));
    } catch (error) {
      this.feed.fail(error);
      return { kind: 'failed', error };
    }
    if ('until' in claim) return { kind: 'wait', until: new Date(claim.until) };
    const { unit, before, day } = claim;
    try {
      if (unit.kind === 'sku') return { kind: 'sku', sku: unit.sku, changes: await this.callSku(unit.sku) };
      return { kind: 'page', category: unit.category, page: unit.page, changes: await this.callPage(unit) };
    } catch (error) {
      if (notSent(error)) await this.giveBack(unit, before, day, error);
      if (error instanceof NotFoundError && unit.kind === 'sku') this.list.skus.delete(unit.sku);
      this.feed.fail(error);
      return { kind: 'failed', error };
    }
  }

  /** Under the plan's lock: is a call due, is there share left, which unit; claims it. */
  private async claim(
    now: number,
  ): Promise<{ unit: Unit; before: UnitState | undefined; day: UtcDay } | { until: number }> {
    const plan = this.key('plan');
    const [next] = await this.records.get(plan, ['next']);
    if (next !== undefined && now < Number(next)) return { until: Number(next) };
    const shared = await this.shared(now);
    const key = nextUnit(this.list, shared, now);
    if (key === undefined) return { until: now + IDLE_MS };
    const day = utcDay(now);
    const share = this.shareToday();
    if (!(await this.coordination.budget.take(this.key('spent'), day, share))) {
      await this.records.set(plan, { next: String(dayEnd(now)) });
      return { until: dayEnd(now) };
    }
    const spent = await this.coordination.budget.count(this.key('spent'), day);
    // The calls left, spread evenly over what is left of the day: none at once, none unused at 24:00.
    const gap = (dayEnd(now) - now) / (Math.max(0, share - spent) + 1);
    const before = shared.units.get(key);
    await this.records.set(this.key('units'), {
      [key]: unitText({ at: now, items: before?.items ?? 0, moves: before?.moves ?? 0 }),
    });
    await this.records.set(plan, { next: String(Math.ceil(now + gap)) });
    return { unit: unitOf(key), before, day };
  }

  /** A call refused before it was sent: its share and its unit's turn are given back. */
  private async giveBack(
    unit: Unit,
    before: UnitState | undefined,
    day: UtcDay,
    error: unknown,
  ): Promise<void> {
    await this.coordination.budget.refund?.(this.key('spent'), day);
    if (before) await this.records.set(this.key('units'), { [unit.key]: unitText(before) });
    else await this.records.delete(this.key('units'), [unit.key]);
    if (error instanceof DailyLimitError)
      await this.records.set(this.key('plan'), { next: String(dayEnd(Date.now())) });
  }

  private async shared(now: number): Promise<Shared> {
    const [units, listings] = await Promise.all([
      this.records.all(this.key('units')),
      this.records.all(this.key('listings')),
    ]);
    if (now - this.placesReadAt >= PLACES_TTL_MS) {
      const places = await this.records.all(this.key('places'));
      this.places = new Map(
        Object.entries(places).map(([sku, text]) => [
          Number(sku),
          parsePlace(text) ?? { page: '', moves: 0 },
        ]),
      );
      this.placesReadAt = now;
    }
    return {
      units: new Map(Object.entries(units).map(([key, text]) => [key, parseUnit(text) as UnitState])),
      listings: new Map(Object.entries(listings).map(([key, text]) => [key, Number(text)])),
      places: this.places,
    };
  }

  private async callPage(unit: Extract<Unit, { kind: 'page' }>): Promise<number> {
    const page = await this.client.catalog.categories.skus(unit.category, {
      order_by: this.orderBy,
      per: PER_PAGE,
      page: unit.page,
      ...(unit.filters.manufacturer_ids.length > 0
        ? { manufacturer_ids: unit.filters.manufacturer_ids }
        : {}),
      ...(unit.filters.shop_ids.length > 0 ? { shop_ids: unit.filters.shop_ids } : {}),
    });
    const seenAt = Date.now();
    const listing = this.list.listings.has(unit.listing);
    const unfiltered = unit.listing === listingKey(unit.category);
    const watched = page.items.filter((sku) => listing || this.list.skus.has(sku.id));
    const writes: Promise<void>[] = [];
    if (page.pagination)
      writes.push(
        this.records.set(this.key('listings'), { [unit.listing]: String(page.pagination.total_pages) }),
      );
    const changes = await this.observe(watched.map(seen), seenAt);
    if (unfiltered) writes.push(this.place(unit.key, page.items, changes));
    const moves =
      changes.length + (parseUnit((await this.records.get(this.key('units'), [unit.key]))[0])?.moves ?? 0);
    writes.push(
      this.records.set(this.key('units'), {
        [unit.key]: unitText({ at: seenAt, items: page.items.length, moves }),
      }),
    );
    await Promise.all(writes);
    await this.deliver(changes);
    return changes.length;
  }

  private async callSku(id: number): Promise<number> {
    const sku = await this.client.skus.get(id);
    const seenAt = Date.now();
    const watch = this.list.skus.get(id);
    if (watch && watch.category === undefined) watch.category = sku.category_id;
    const changes = await this.observe([seen(sku)], seenAt);
    if (changes.length > 0) {
      const place = this.places.get(id) ?? { page: '', moves: 0 };
      place.moves += 1;
      this.places.set(id, place);
      await this.records.set(this.key('places'), { [String(id)]: placeText(place) });
    }
    await this.deliver(changes);
    return changes.length;
  }

  /** Where the explicitly watched SKUs of an unfiltered page are now, and the moves seen of them. */
  private async place(page: string, items: readonly Sku[], changes: readonly PriceChange[]): Promise<void> {
    const moved = new Set(changes.map((change) => change.sku));
    const on = new Set(items.map((sku) => sku.id));
    const fields: Record<string, string> = {};
    for (const sku of on) {
      if (!this.list.skus.has(sku)) continue;
      const place = { page, moves: (this.places.get(sku)?.moves ?? 0) + (moved.has(sku) ? 1 : 0) };
      this.places.set(sku, place);
      fields[String(sku)] = placeText(place);
    }
    // Watched SKUs this page held and holds no more: placed again by a page or their own call.
    for (const [sku, place] of this.places) {
      if (place.page !== page || on.has(sku)) continue;
      const left = { page: '', moves: place.moves };
      this.places.set(sku, left);
      fields[String(sku)] = placeText(left);
    }
    await this.records.set(this.key('places'), fields);
  }

  /** Compares what a call saw with the stored prices; stores the new ones; the changes. */
  private async observe(items: readonly Seen[], seenAt: number): Promise<PriceChange[]> {
    if (items.length === 0) return [];
    const prices = this.key('prices');
    const before = await this.records.get(
      prices,
      items.map((item) => String(item.sku)),
    );
    const fields: Record<string, string> = {};
    const changes: PriceChange[] = [];
    items.forEach((item, i) => {
      fields[String(item.sku)] = priceText(item.price, seenAt);
      const known = parsePrice(before[i]);
      if (known && !samePrice(known, item.price)) {
        const { seenAt: _, ...was } = known;
        changes.push({ sku: item.sku, before: was, after: item.price, seenAt: new Date(seenAt) });
      }
    });
    await this.records.set(prices, fields);
    return changes;
  }

  /** Offers of the heaviest moved SKUs (each a call of the share), then the changes to listeners. */
  private async deliver(changes: PriceChange[]): Promise<void> {
    if (this.offers && changes.length > 0) {
      const weight = (sku: number): number => this.list.skus.get(sku)?.weight ?? 1;
      const heaviest = [...changes].sort((a, b) => weight(b.sku) - weight(a.sku)).slice(0, MAX_OFFERS);
      for (const change of heaviest) {
        const day = utcDay(Date.now());
        if (!(await this.coordination.budget.take(this.key('spent'), day, this.shareToday()))) break;
        try {
          change.offers = (await this.client.skus.products(change.sku, { per: PER_PAGE })).items;
        } catch (error) {
          if (notSent(error)) await this.coordination.budget.refund?.(this.key('spent'), day);
          this.feed.fail(error);
        }
      }
    }
    for (const change of changes) this.feed.emit(change);
  }
}

function seen(sku: Sku): Seen {
  return {
    sku: sku.id,
    price: { price_min: sku.price_min, price_max: sku.price_max, shop_count: sku.shop_count },
  };
}

function recordsOf(coordination: Coordination): RecordStore {
  const records = ownRecords.get(coordination) ?? memoryRecords();
  ownRecords.set(coordination, records);
  return records;
}

function* iterate<T>(items: T | Iterable<T>): Iterable<T> {
  if (typeof items === 'object' && items !== null && Symbol.iterator in items) yield* items as Iterable<T>;
  else yield items as T;
}
