import type { BaseClient, BudgetStore, Coordination } from '../index.js';
import { type RedisCoordination, redisCoordination } from '../redis/index.js';

export interface RedisSettings {
  url: string;
  /** Key prefix: the one the other processes of the application use (default `price-catalog:`). */
  prefix: string;
  /** Longest wait for one Redis answer before the run stops with CoordinationError. */
  timeoutMs: number;
}

/** Whether ioredis (an optional peer dependency, needed by `price-catalog/redis`) can be loaded. */
export async function ioredisInstalled(): Promise<boolean> {
  try {
    await import('ioredis');
    return true;
  } catch {
    return false;
  }
}

/** The Redis URL as it may be shown: without a user name or password. */
export function redisLabel(url: string): string {
  try {
    const parsed = new URL(url);
    parsed.username = '';
    parsed.password = '';
    return parsed.toString();
  } catch {
    return 'the Redis URL given';
  }
}

/**
 * `--redis`: the budget, the token's rate window and the application token of the client id
 * shared through Redis (`price-catalog/redis`) with every other process of the application.
 * Redis is the truth for the day's budget (the SDK takes each call from the shared count before
 * sending it); on top of it this run's `--max-calls` is counted here.
 */
export class SharedBudget {
  readonly coordination: Coordination;
  /** The last call refused was refused by `--max-calls`, not by the shared budget. */
  capped = false;
  private readonly redis: RedisCoordination;
  private runTaken = 0;
  private counted: Promise<number> | undefined;

  constructor(settings: RedisSettings, maxCalls: number | undefined) {
    this.redis = redisCoordination({
      url: settings.url,
      prefix: settings.prefix,
      commandTimeoutMs: settings.timeoutMs,
      // The exporter keeps its own ETag cache (on disk, or none with --no-cache).
      cache: false,
    });
    const shared = this.redis.budget;
    const cap = maxCalls ?? Number.POSITIVE_INFINITY;
    const budget: BudgetStore = {
      take: async (app, day, limit) => {
        if (this.runTaken >= cap) {
          this.capped = true;
          return false;
        }
        // Counted before the await: a second call cannot slip past the cap meanwhile.
        this.runTaken++;
        try {
          const taken = await shared.take(app, day, limit);
          if (!taken) {
            this.runTaken--;
            this.capped = false;
          }
          return taken;
        } catch (error) {
          this.runTaken--;
          throw error;
        }
      },
      count: (app, day) => {
        this.counted = Promise.resolve(shared.count(app, day));
        return this.counted;
      },
    };
    this.coordination = {
      budget,
      windows: this.redis.windows,
      appTokens: this.redis.appTokens,
      locks: this.redis.locks,
    };
  }

  /**
   * Calls the whole application has spent today, as Redis counts them (the key the SDK itself
   * uses: the client's usage() reads it). Rejects with CoordinationError when Redis cannot answer.
   */
  async spent(api: Pick<BaseClient, 'usage'>): Promise<number> {
    this.counted = undefined;
    api.usage();
    if (this.counted === undefined) throw new Error('the client did not read its budget store');
    return await this.counted;
  }

  /** Closes the Redis client, waiting at most `ms` (a Redis that is down may never answer QUIT). */
  async close(ms = 250): Promise<void> {
    let timer: ReturnType<typeof setTimeout> | undefined;
    await Promise.race([
      this.redis.close().catch(() => undefined),
      new Promise<void>((resolve) => {
        timer = setTimeout(resolve, ms);
      }),
    ]);
    clearTimeout(timer);
  }
}
