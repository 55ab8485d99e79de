import { Argument, Command, Option } from 'commander';
import { defaultStateDir } from '../file/index.js';
import { CREDENTIALS, idList, positiveInt, type RedisFlags, redisSettings, redisUrl } from './arguments.js';
import type { Params } from './checkpoint.js';
import { commanderError, printError } from './cli-error.js';
import { EXIT, type ExportOptions, runExport } from './export.js';
import { HELP_AFTER } from './help-text.js';
import { addUsageCommand } from './usage.js';
import { packageVersion } from './version.js';

/** fileCoordination's default directory (PRICE_CATALOG_STATE_DIR is the option's own env). */
function userStateDir(): string {
  return defaultStateDir({ ...process.env, PRICE_CATALOG_STATE_DIR: undefined });
}

interface ExportFlags extends RedisFlags {
  category?: number;
  manufacturer?: number;
  search?: string;
  orderBy?: string;
  orderDir?: string;
  filterIds?: number[];
  manufacturerIds?: number[];
  shopIds?: number[];
  distance?: number;
  availability?: number;
  format: 'jsonl' | 'csv';
  out: string;
  per: number;
  maxCalls?: number;
  dailyLimit: number;
  plan?: boolean;
  restart?: boolean;
  baseUrl?: string;
  authUrl?: string;
  clientId?: string;
  clientSecret?: string;
  stateDir: string;
  cache: boolean;
}

/** The `price-catalog` command (commander), for the bin and for tests. */
export function buildProgram(
  run: (options: ExportOptions) => Promise<number>,
  io: Pick<ExportOptions, 'stderr' | 'stdout' | 'signals'>,
  /** The words the user typed after the program's name: the command an export prints to resume. */
  words: readonly string[] = [],
): Command {
  const program = new Command('price-catalog')
    .description('Command-line tools of the price-catalog SDK for the Catalog and Price-Comparison API v3')
    .configureOutput({
      writeErr: (text) => io.stderr.write(text),
      writeOut: (text) => (io.stdout ?? process.stdout).write(text),
      outputError: (text, write) => write(commanderError(text)),
    })
    .version(packageVersion(), '-V, --version', 'print the version of price-catalog')
    .exitOverride();
  program
    .command('export')
    .description('Export SKUs, or the offers of SKUs, to JSONL or CSV: planned, budget-aware and resumable')
    .addArgument(
      new Argument('<what>', 'skus, or offers (every product of those SKUs)').choices(['skus', 'offers']),
    )
    .addOption(new Option('--category <id>', 'SKUs of a category').argParser(positiveInt))
    .addOption(
      new Option('--manufacturer <id>', 'SKUs of a manufacturer')
        .argParser(positiveInt)
        .conflicts(['category']),
    )
    .option(
      '--search <q>',
      'SKUs matching a query: every SKU of a leaf category whose name holds its words, the SKUs named after it in others (with --category: the keyword within that category)',
    )
    .option(
      '--order-by <method>',
      'listing order (category: e.g. pricevat, popularity, rating; manufacturer: price, popularity)',
    )
    .addOption(new Option('--order-dir <dir>', 'listing order direction').choices(['asc', 'desc']))
    .addOption(new Option('--filter-ids <ids>', 'category filter ids, comma-separated').argParser(idList))
    .addOption(
      new Option('--manufacturer-ids <ids>', 'category listing: only these manufacturers').argParser(idList),
    )
    .addOption(
      new Option('--shop-ids <ids>', 'category listing: only SKUs these shops sell').argParser(idList),
    )
    .addOption(new Option('--distance <id>', 'category listing: a distances entry id').argParser(positiveInt))
    .addOption(
      new Option('--availability <id>', 'category listing: an availabilities entry id').argParser(
        positiveInt,
      ),
    )
    .addOption(new Option('--format <format>', 'output format').choices(['jsonl', 'csv']).default('jsonl'))
    .requiredOption(
      '--out <file>',
      'output file (its checkpoint is <file>.checkpoint.json); - writes the records to stdout (not resumable)',
    )
    .addOption(
      new Option('--per <n>', 'page size asked for (the server may serve fewer)')
        .argParser(positiveInt)
        .default(100),
    )
    .addOption(
      new Option('--max-calls <n>', 'spend at most this many calls in this run').argParser(positiveInt),
    )
    .addOption(
      new Option('--daily-limit <n>', "the application's daily call budget")
        .argParser(positiveInt)
        .env('PRICE_CATALOG_DAILY_LIMIT')
        .default(1000),
    )
    .option('--plan', 'fetch the first page, print the plan and stop (the page is kept for the export)')
    .option('--restart', 'drop the checkpoint of OUT and start over')
    .addOption(new Option('--base-url <url>', 'API root').env('PRICE_CATALOG_BASE_URL'))
    .addOption(new Option('--auth-url <url>', 'OAuth server root').env('PRICE_CATALOG_AUTH_URL'))
    .addOption(new Option('--client-id <id>', 'application client id').env('PRICE_CATALOG_CLIENT_ID'))
    .addOption(
      new Option('--client-secret <secret>', 'application client secret').env('PRICE_CATALOG_CLIENT_SECRET'),
    )
    .addOption(
      new Option(
        '--state-dir <dir>',
        "where the day's budget, the rate window and the token (shared by every process on this machine) and the ETag cache are kept",
      )
        .env('PRICE_CATALOG_STATE_DIR')
        .default(userStateDir()),
    )
    .option('--no-cache', 'keep no ETag cache on disk')
    .addOption(
      new Option(
        '--redis <url>',
        'share the daily budget, the rate window and the token with every process of the client id through Redis (needs ioredis) instead of the state directory',
      )
        .env('PRICE_CATALOG_REDIS_URL')
        .argParser(redisUrl),
    )
    .addOption(
      new Option('--redis-prefix <prefix>', 'key prefix: the one the other processes of the application use')
        .env('PRICE_CATALOG_REDIS_PREFIX')
        .default('price-catalog:'),
    )
    .addOption(
      new Option('--redis-timeout <ms>', 'longest wait for one Redis answer before the run stops')
        .argParser(positiveInt)
        .default(2000),
    )
    .addHelpText('after', HELP_AFTER)
    .action(async (what: 'skus' | 'offers', flags: ExportFlags, command: Command) => {
      if (flags.category === undefined && flags.manufacturer === undefined && flags.search === undefined) {
        command.error('give --category ID, --manufacturer ID or --search Q', {
          exitCode: EXIT.usage,
        });
      }
      if (flags.manufacturer !== undefined && flags.search !== undefined) {
        command.error('--search goes with --category (or alone), not with --manufacturer', {
          exitCode: EXIT.usage,
        });
      }
      const missing = CREDENTIALS.filter(([key]) => !flags[key]);
      if (missing.length > 0) {
        command.error(
          `${missing.map(([, flag, env]) => `${flag} (or the ${env} environment variable)`).join(', ')} ${missing.length === 1 ? 'is' : 'are'} required; prefer the environment for the secret: flags show in the process list`,
          { exitCode: EXIT.usage },
        );
      }
      const params: Params = {};
      if (flags.orderBy !== undefined) params.order_by = flags.orderBy;
      if (flags.orderDir !== undefined) params.order_dir = flags.orderDir;
      const categoryOnly: [keyof ExportFlags, string][] = [
        ['filterIds', 'filter_ids'],
        ['manufacturerIds', 'manufacturer_ids'],
        ['shopIds', 'shop_ids'],
        ['distance', 'distance'],
        ['availability', 'availability'],
      ];
      for (const [flag, wire] of categoryOnly) {
        const value = flags[flag];
        if (value === undefined) continue;
        if (flags.category === undefined) {
          command.error(
            `--${flag.replace(/[A-Z]/g, (c) => `-${c.toLowerCase()}`)} filters a category listing: give --category`,
            {
              exitCode: EXIT.usage,
            },
          );
        }
        params[wire] = value as number | number[];
      }
      const code = await run({
        what,
        source: { category: flags.category, manufacturer: flags.manufacturer, search: flags.search },
        params,
        format: flags.format,
        out: flags.out,
        per: flags.per,
        maxCalls: flags.maxCalls,
        dailyLimit: flags.dailyLimit,
        planOnly: flags.plan === true,
        restart: flags.restart === true,
        baseUrl: flags.baseUrl as string,
        authUrl: flags.authUrl as string,
        clientId: flags.clientId as string,
        clientSecret: flags.clientSecret as string,
        stateDir: flags.stateDir,
        cache: flags.cache,
        redis: redisSettings(flags),
        argv: words,
        ...io,
      });
      program.setOptionValue('exitCode', code);
    });
  addUsageCommand(program, io, { stateDir: userStateDir(), redisUrl }, (code) =>
    program.setOptionValue('exitCode', code),
  );
  return program;
}

/** Runs the command line; resolves to the exit code. */
export async function main(
  argv: string[],
  io: Pick<ExportOptions, 'stderr' | 'stdout' | 'signals'>,
): Promise<number> {
  const program = buildProgram(runExport, io, argv.slice(2));
  try {
    await program.parseAsync(argv);
  } catch (error) {
    const code = (error as { exitCode?: number; code?: string }).exitCode;
    if (typeof code === 'number' && (error as { code?: string }).code?.startsWith('commander.')) {
      return code === 1 ? EXIT.usage : code;
    }
    printError(io.stderr, error instanceof Error ? error.message : String(error));
    return EXIT.error;
  }
  return (program.getOptionValue('exitCode') as number | undefined) ?? EXIT.done;
}
