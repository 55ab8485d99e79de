// Imports the built entry points by name, as an ESM user would: errors from `price-catalog/redis`
// are instances of the classes `price-catalog` exports (one copy shared by both entry points),
// CoordinationError (exported by `price-catalog/redis`) included.
import { PriceCatalogError, RateLimitError } from 'price-catalog';
import { CoordinationError, redisCoordination } from 'price-catalog/redis';

const [url, deadUrl] = process.argv.slice(2);
const live = redisCoordination({ url, prefix: `pkg-esm-${process.pid}:` });
const slot = await live.windows.acquire('tok', 5, { maxWaitMs: 1000, reason: 'window' });
await slot.exhausted({ limit: 5, remaining: 0, reset: Math.ceil(Date.now() / 1000) + 60 });
const limited = await live.windows.acquire('tok', 5, { maxWaitMs: 1000, reason: '403' }).catch((e) => e);
await live.close();
const dead = redisCoordination({ url: deadUrl, commandTimeoutMs: 300 });
const down = await dead.budget.take('app', '2026-11-23', 10).catch((e) => e);
await dead.close();
console.log(
  JSON.stringify({
    rateLimit: limited instanceof RateLimitError && limited instanceof PriceCatalogError,
    coordination: down instanceof CoordinationError && down instanceof PriceCatalogError,
  }),
);
