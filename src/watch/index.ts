/**
 * `price-catalog/watch`: a Node backend's watch over many SKUs' prices, within a share of the
 * application's day.
 *
 *   const watch = createPriceWatch({ client, coordination, share: { fraction: 0.6 } });
 *   watch.add([{ sku: 3443837, category: 40, weight: 12 }]);
 *   watch.start();
 *   for await (const change of watch.changes()) alert(change);
 *
 * Runtime values come from the main entry (`../index.js`), never from core modules.
 */
import type { PriceWatch, PriceWatchOptions } from './types.js';
import { Watch } from './watch.js';

export type {
  PriceChange,
  PriceWatch,
  PriceWatchOptions,
  SeenPrice,
  SkuPrice,
  WatchedCategory,
  WatchedSku,
  WatchShare,
  WatchSpending,
  WatchStep,
} from './types.js';

/**
 * A watch keeping SKUs' prices fresh within `share` of the application's day: it covers them with
 * listing pages (100 SKUs a call) where that is cheaper than one call per SKU, refreshes what many
 * users watch and what moves often first, spreads the calls over the UTC day, and keeps its state
 * in the coordination, so a restarted process and several processes spend nothing twice.
 */
export function createPriceWatch(options: PriceWatchOptions): PriceWatch {
  return new Watch(options);
}
