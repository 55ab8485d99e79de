/**
 * `price-catalog usage`: the application's calls today, what is left and when the day resets,
 * read from the store the exporter counts in (the state directory, or Redis with `--redis`).
 * It makes the client the exporter makes and asks only its budget store: no request is sent.
 */
import { type Command, Option } from 'commander';
import { fileCoordination } from '../file/index.js';
import { type Coordination, createClient, type DailyUsage } from '../index.js';
import { utcDay } from '../internal/day.js';
import { CREDENTIALS, positiveInt, type RedisFlags, redisSettings } from './arguments.js';
import { RunBudget } from './budget.js';
import { printError } from './cli-error.js';
import { EXIT } from './export-options.js';
import { closeRedis, ioredisInstalled, openRedis, type RedisSettings, redisLabel } from './redis.js';

export interface UsageOptions {
  baseUrl: string;
  authUrl: string;
  clientId: string;
  clientSecret: string;
  dailyLimit: number;
  stateDir: string;
  redis: RedisSettings | undefined;
  json: boolean;
  stdout: NodeJS.WritableStream;
  stderr: NodeJS.WritableStream;
}

/** Prints the day's usage; resolves to the exit code. */
export async function runUsage(o: UsageOptions): Promise<number> {
  if (o.redis && !(await ioredisInstalled())) {
    printError(
      o.stderr,
      'usage: --redis needs the ioredis package (an optional peer dependency of price-catalog): `npm install ioredis`',
    );
    return EXIT.error;
  }
  const redis = o.redis ? openRedis(o.redis) : undefined;
  const shared: Coordination = redis ?? fileCoordination({ dir: o.stateDir, cache: false });
  try {
    const usage = await readUsage(o, shared);
    if (redis && o.redis && usage.calls === 0 && !(await redis.holdsState().catch(() => true))) {
      // A prefix no process ever wrote to is most likely not the application's: 0 would mislead.
      printError(
        o.stderr,
        `usage: warning: the Redis prefix "${o.redis.prefix}" holds no state of any application, so 0 may not be your count: pass the prefix your application's processes use with --redis-prefix (or PRICE_CATALOG_REDIS_PREFIX)`,
      );
    }
    o.stdout.write(o.json ? `${JSON.stringify(usageJson(usage))}\n` : usageText(usage, Date.now()));
    return EXIT.done;
  } catch (error) {
    const where = o.redis ? redisLabel(o.redis.url) : o.stateDir;
    const why = error instanceof Error ? `${error.name}: ${error.message}` : String(error);
    printError(o.stderr, `usage: cannot read the day's budget from ${where}: ${why}`);
    return EXIT.error;
  } finally {
    if (redis) await closeRedis(redis);
  }
}

/** The application's day as its budget store counts it now (the count the client's usage() reads). */
async function readUsage(o: UsageOptions, shared: Coordination): Promise<DailyUsage> {
  const today = utcDay();
  const budget = new RunBudget(shared, undefined, () => today);
  const api = createClient({
    baseUrl: o.baseUrl,
    authUrl: o.authUrl,
    clientId: o.clientId,
    clientSecret: o.clientSecret,
    dailyLimit: o.dailyLimit,
    coordination: budget.coordination,
    logLevel: 'off',
  });
  const calls = await budget.spent(api);
  const { limit, resetsAt } = api.usage();
  return {
    day: today,
    calls,
    limit,
    remaining: limit === null ? null : Math.max(0, limit - calls),
    resetsAt,
  };
}

function usageJson(usage: DailyUsage) {
  return { ...usage, resetsAt: usage.resetsAt.toISOString() };
}

const BAR_WIDTH = 30;

/** Three lines: the count, a bar of the day's budget, the reset. */
export function usageText(usage: DailyUsage, now: number): string {
  const { calls, limit, remaining, resetsAt, day } = usage;
  const left = Math.max(0, resetsAt.getTime() - now);
  const hours = Math.floor(left / 3_600_000);
  const minutes = Math.floor((left % 3_600_000) / 60_000);
  const reset = `resets at ${resetsAt.toISOString()} (in ${hours} h ${minutes} min)`;
  if (limit === null) return `${day} (UTC): ${calls} calls, no daily limit\n${reset}\n`;
  const share = limit === 0 ? 1 : Math.min(1, calls / limit);
  const filled = Math.round(share * BAR_WIDTH);
  const bar = `[${'#'.repeat(filled)}${'.'.repeat(BAR_WIDTH - filled)}] ${Math.round(share * 100)}%`;
  return `${day} (UTC): ${calls} of ${limit} calls used, ${remaining} left\n${bar}\n${reset}\n`;
}

interface UsageFlags extends RedisFlags {
  baseUrl?: string;
  authUrl?: string;
  clientId?: string;
  clientSecret?: string;
  dailyLimit: number;
  stateDir: string;
  json?: boolean;
}

/**
 * Adds `usage` to the program. The store flags are the exporter's, with its defaults: `stateDir`
 * is the default state directory, `redisUrl` the parser of `--redis`.
 */
export function addUsageCommand(
  program: Command,
  io: { stdout?: NodeJS.WritableStream | undefined; stderr: NodeJS.WritableStream },
  defaults: { stateDir: string; redisUrl: (value: string) => string },
  setExitCode: (code: number) => void,
): void {
  program
    .command('usage')
    .description(
      "The application's calls today (UTC), what is left and when the day resets, from the exporter's store; sends no request",
    )
    .addOption(
      new Option('--daily-limit <n>', "the application's daily call budget")
        .argParser(positiveInt)
        .env('PRICE_CATALOG_DAILY_LIMIT')
        .default(1000),
    )
    .addOption(new Option('--base-url <url>', 'API root').env('PRICE_CATALOG_BASE_URL'))
    .addOption(new Option('--auth-url <url>', 'OAuth server root').env('PRICE_CATALOG_AUTH_URL'))
    .addOption(new Option('--client-id <id>', 'application client id').env('PRICE_CATALOG_CLIENT_ID'))
    .addOption(
      new Option('--client-secret <secret>', 'application client secret').env('PRICE_CATALOG_CLIENT_SECRET'),
    )
    .addOption(
      new Option('--state-dir <dir>', "where the day's budget is kept")
        .env('PRICE_CATALOG_STATE_DIR')
        .default(defaults.stateDir),
    )
    .addOption(
      new Option(
        '--redis <url>',
        'read the budget shared through Redis (needs ioredis) instead of the state directory',
      )
        .env('PRICE_CATALOG_REDIS_URL')
        .argParser(defaults.redisUrl),
    )
    .addOption(
      new Option('--redis-prefix <prefix>', 'key prefix: the one the other processes of the application use')
        .env('PRICE_CATALOG_REDIS_PREFIX')
        .default('price-catalog:'),
    )
    .addOption(
      new Option('--redis-timeout <ms>', 'longest wait for one Redis answer')
        .argParser(positiveInt)
        .default(2000),
    )
    .option('--json', 'print one JSON object: day, calls, limit, remaining, resetsAt')
    .action(async (flags: UsageFlags, command: Command) => {
      const missing = CREDENTIALS.filter(([key]) => !flags[key]);
      if (missing.length > 0) {
        command.error(
          `usage: ${missing.map(([, flag, env]) => `${flag} (or ${env})`).join(', ')} ${missing.length === 1 ? 'is' : 'are'} required: the application whose day is read, as the exporter is given it`,
          { exitCode: EXIT.usage },
        );
      }
      setExitCode(
        await runUsage({
          baseUrl: flags.baseUrl as string,
          authUrl: flags.authUrl as string,
          clientId: flags.clientId as string,
          clientSecret: flags.clientSecret as string,
          dailyLimit: flags.dailyLimit,
          stateDir: flags.stateDir,
          redis: redisSettings(flags),
          json: flags.json === true,
          stdout: io.stdout ?? process.stdout,
          stderr: io.stderr,
        }),
      );
    });
}
