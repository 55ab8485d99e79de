import { existsSync, rmSync, statSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileCoordination, StateFileError } from '../file/index.js';
import {
  AbortError,
  ApiError,
  type CatalogClient,
  type CategorySkusParams,
  type Coordination,
  createClient,
  DailyLimitError,
  InvalidRequestError,
  type Logger,
  type Page,
  type RateLimitInfo,
  TokenError,
} from '../index.js';
import { CoordinationError, type RedisCoordination } from '../redis/index.js';
import { nextDayStart, RunBudget, serverDay } from './budget.js';
import {
  type Checkpoint,
  loadCheckpoint,
  lockOutput,
  OutputFile,
  type Params,
  type Plan,
  removeCheckpoint,
  saveCheckpoint,
  type Task,
} from './checkpoint.js';
import { diskCacheStore } from './disk-cache.js';
import { createProgress } from './progress.js';
import { type Format, formatRecords, header, type RecordKind } from './records.js';
import { closeRedis, ioredisInstalled, openRedis, type RedisSettings, redisLabel } from './redis.js';
import { nameHoldsQuery } from './search-match.js';
import { probeToken } from './token-probe.js';

export interface ExportOptions {
  what: RecordKind;
  source: { category?: number | undefined; manufacturer?: number | undefined; search?: string | undefined };
  /** The listing's filters, with the API's own names. */
  params: Params;
  format: Format;
  out: string;
  per: number;
  maxCalls: number | undefined;
  dailyLimit: number;
  planOnly: boolean;
  restart: boolean;
  baseUrl: string;
  authUrl: string;
  clientId: string;
  clientSecret: string;
  /**
   * The state directory (`price-catalog/file`): the day's budget, the token's rate window and the
   * application token shared with every other process and run on this machine, and the ETag cache.
   */
  stateDir: string;
  cache: boolean;
  /**
   * Share the daily budget, the token's rate window and the application token through Redis
   * with every other process of this client id (`price-catalog/redis`).
   */
  redis?: RedisSettings | undefined;
  stderr: NodeJS.WriteStream;
  /** Where `--out -` writes the records (default process.stdout). */
  stdout?: NodeJS.WritableStream | undefined;
  /** Fired on the first SIGINT (tests and the bin pass process signals through this). */
  signals: NodeJS.EventEmitter;
}

/** Exit codes: done, error, bad usage, stopped and resumable (budget, --max-calls), interrupted. */
export const EXIT = { done: 0, error: 1, usage: 2, resumable: 75, interrupted: 130 } as const;

type StopReason = 'budget' | 'max-calls' | 'interrupted' | 'plan';

/** How long a page in flight may still finish after Ctrl-C, before it is abandoned. */
const SIGINT_GRACE_MS = 1000;

/** `n call(s)`, `n page(s)`: the plural only when n is not 1. */
export function count(n: number, noun: string): string {
  return `${n} ${noun}${n === 1 ? '' : 's'}`;
}

export async function runExport(o: ExportOptions): Promise<number> {
  // `--out -`: the records go to stdout, with no lock, checkpoint or resume.
  if (o.out === '-') return await exportLocked(o);
  const folder = dirname(resolve(o.out));
  if (!existsSync(folder) || !statSync(folder).isDirectory()) {
    o.stderr.write(
      `price-catalog: export: the directory of --out does not exist: ${folder} (create it first, e.g. mkdir -p ${shellWord(folder)})\n`,
    );
    return EXIT.usage;
  }
  const unlock = lockOutput(o.out);
  try {
    return await exportLocked(o);
  } finally {
    unlock();
  }
}

async function exportLocked(o: ExportOptions): Promise<number> {
  const job = JSON.stringify({
    what: o.what,
    source: o.source,
    params: o.params,
    format: o.format,
    per: o.per,
  });
  let checkpoint = o.out === '-' ? undefined : loadCheckpoint(o.out);
  if (checkpoint && o.restart) {
    removeCheckpoint(o.out);
    checkpoint = undefined;
  }
  if (checkpoint && checkpoint.job !== job) {
    o.stderr.write(
      `${o.out} has a checkpoint of another export. To finish that one, run:\n  ${commandOf(checkpoint.job, o.out)}\nor add --restart to this command to start it over (the checkpoint of the other goes).\n`,
    );
    return EXIT.usage;
  }

  const log = (line: string): void => {
    o.stderr.write(`[price-catalog] ${line}\n`);
  };
  if (o.redis && !(await ioredisInstalled())) {
    log(
      'error: --redis needs the ioredis package (an optional peer dependency of price-catalog): install it where price-catalog is installed, with `npm install ioredis` (`npm install --global ioredis` when price-catalog is installed globally).',
    );
    return EXIT.error;
  }
  // The day's budget, the token's window and the application token: shared through Redis with
  // every process of the client id (--redis), else through the state directory with every process
  // and run on this machine (scripts using fileCoordination() on the same directory included).
  const redis = o.redis ? openRedis(o.redis) : undefined;
  const shared: Coordination = redis ?? fileCoordination({ dir: o.stateDir, cache: false });
  const run: Run = { log, state: checkpoint };
  try {
    return await exportWith(o, job, checkpoint, shared, redis, run);
  } catch (error) {
    if (error instanceof InvalidRequestError && error.code === 'InvalidOption') {
      // The SDK's own word on a URL it cannot use (no scheme, not http(s)), with the flag to fix.
      const flag =
        error.param === 'authUrl'
          ? '--auth-url / PRICE_CATALOG_AUTH_URL'
          : '--base-url / PRICE_CATALOG_BASE_URL';
      log(`error: ${error.message} (${flag}). Nothing was sent.`);
      return EXIT.usage;
    }
    if (!(error instanceof CoordinationError) && !(error instanceof StateFileError)) throw error;
    // The shared count could not be read or written: the SDK sent nothing without it. The output
    // ends on the last complete page and its checkpoint is on disk: the same command resumes.
    const where = run.state?.pages
      ? ` ${count(run.state.records, 'record')} ${written(o.out)}, checkpoint saved after page ${run.state.pages}; run the same command to resume once ${redis ? 'Redis answers' : 'the state directory is fixed'}.`
      : ` Nothing was fetched; run the same command once ${redis ? 'Redis answers' : 'the state directory is fixed'}.`;
    log(
      redis
        ? `error: Redis coordination failed (CoordinationError, ${redisLabel(o.redis?.url ?? '')}): ${oneLine(error.message)}.${where}`
        : `error: the state directory failed (StateFileError): ${oneLine(error.message)}.${where}`,
    );
    return EXIT.error;
  } finally {
    if (redis) await closeRedis(redis);
  }
}

/** What the error path needs to know of a run in progress. */
interface Run {
  log: (line: string) => void;
  state: Checkpoint | undefined;
}

async function exportWith(
  o: ExportOptions,
  job: string,
  checkpoint: Checkpoint | undefined,
  shared: Coordination,
  redis: RedisCoordination | undefined,
  run: Run,
): Promise<number> {
  const { log } = run;
  // The SDK's own logging (its level from PRICE_CATALOG_LOG: `debug` shows each request and
  // answer, token requests included), redacted by the SDK, onto this command's stderr.
  const sink: Logger = {
    error: (message) => log(`error: ${message}`),
    warn: (message) => log(`warn: ${message}`),
    info: (message) => log(`info: ${message}`),
    debug: (message) => log(`debug: ${message}`),
  };
  const tokenUrl = `${o.authUrl.replace(/\/+$/, '')}/oauth2/token`;
  let day = '';
  let lastDate: string | null = null;
  let runCalls = 0;
  let state: Checkpoint | undefined;
  let rateLimit: RateLimitInfo | undefined;
  let lockedOut = false;
  /** The shared count last read (the state directory, or Redis). */
  let sharedSpent = 0;
  // The budget counted under the server's day, and --max-calls on top.
  const budget = new RunBudget(shared, o.maxCalls, () => day || serverDay(lastDate));

  // Every request goes through here: the job's calls are counted once an answer came (the budget
  // itself is counted by the SDK in the shared store; a token request is not a call), and the
  // server's Date kept.
  const countingFetch: typeof fetch = async (input, init) => {
    const url = input instanceof Request ? input.url : String(input);
    const response = await fetch(input, init);
    if (url.split('?')[0] !== tokenUrl) {
      runCalls++;
      if (state) state.calls++;
    }
    lastDate = response.headers.get('date') ?? lastDate;
    return response;
  };

  const api = createClient({
    baseUrl: o.baseUrl,
    authUrl: o.authUrl,
    clientId: o.clientId,
    clientSecret: o.clientSecret,
    fetch: countingFetch,
    logger: sink,
    cache: o.cache ? diskCacheStore(join(o.stateDir, 'http-cache')) : false,
    // The whole application's budget, taken call by call from the shared count (and --max-calls
    // on top): the SDK refuses the call past it before sending it.
    coordination: budget.coordination,
    dailyLimit: o.dailyLimit,
  });

  const stopForBudget = (): number => {
    const resume = nextDayStart(day).toISOString();
    const why = lockedOut
      ? `the server refuses this application for its day ${day}; ${redis ? 'Redis' : 'this machine'} counted ${count(sharedSpent, 'call')}`
      : redis
        ? `${sharedSpent} of ${o.dailyLimit} calls counted in Redis by every process of this client id; server day ${day}`
        : `${sharedSpent} of ${o.dailyLimit} calls counted on the server's day ${day}`;
    log(
      `Stopped: the ${redis ? 'shared ' : ''}daily budget is spent (${why}).` +
        `${state ? ` ${count(state.records, 'record')} ${written(o.out)}, checkpoint saved.` : ''} Resume after ${resume} (the server's next UTC day) with the same command.`,
    );
    return EXIT.resumable;
  };

  // The server's day, and whether it still grants tokens (it refuses all day once its count went
  // over): a token request is not an API call, so asking costs nothing of the budget.
  const probe = await probeToken(o, countingFetch).finally(() => {
    day = serverDay(lastDate);
  });
  if (probe === 'locked-out') {
    lockedOut = true;
    sharedSpent = await budget.spent(api);
    return stopForBudget();
  }

  /** Calls left on the server's day, as the shared count (state directory or Redis) has them. */
  const leftToday = async (): Promise<number> => {
    sharedSpent = await budget.spent(api);
    return Math.max(0, o.dailyLimit - sharedSpent);
  };
  const leftNow = await leftToday();
  if (leftNow === 0) return stopForBudget();
  const allowed = Math.min(leftNow, o.maxCalls ?? Number.POSITIVE_INFINITY);
  const budgetText = redis
    ? ` in the shared budget (Redis ${redisLabel(o.redis?.url ?? '')}, every process of this client id)`
    : '';

  state = checkpoint ?? {
    version: 1,
    job,
    bytes: 0,
    records: 0,
    pages: 0,
    calls: 0,
    plan: undefined,
    queue: firstTasks(o),
    done: false,
  };
  run.state = state;
  const toStdout = o.out === '-';
  const output: Pick<OutputFile, 'append' | 'close'> = toStdout
    ? stdoutOutput(o.stdout ?? process.stdout)
    : new OutputFile(o.out, state.bytes);
  const save = (): void => {
    if (!toStdout) saveCheckpoint(o.out, state as Checkpoint);
  };
  const progress = createProgress(o.stderr);
  const say = (line: string): void => progress.log(`[price-catalog] ${line}`);
  if (checkpoint?.plan) {
    say(
      `Resuming ${o.out}: ${count(state.records, 'record')} in ${count(state.pages, 'page')} written, ${count(state.calls, 'call')} spent of ${planText(checkpoint.plan)}; ${leftNow} of ${o.dailyLimit} calls left today${budgetText} (server day ${day}).`,
    );
  }

  if (o.planOnly && checkpoint?.plan) {
    output.close();
    say(`Plan only: the plan was made on the first run (${planText(checkpoint.plan)}); nothing fetched.`);
    return EXIT.done;
  }

  const controller = new AbortController();
  let stop: StopReason | undefined;
  let grace: ReturnType<typeof setTimeout> | undefined;
  const onSignal = (): void => {
    if (stop === 'interrupted') {
      controller.abort();
      return;
    }
    stop = 'interrupted';
    say(
      `SIGINT: stopping; the page in flight has ${SIGINT_GRACE_MS / 1000} s to finish, then the checkpoint is saved (Ctrl-C again to stop at once).`,
    );
    // A call waiting for the rate window (up to a minute) or a slow answer is abandoned after the
    // grace: its page is fetched again on resume, nothing is written twice.
    grace = setTimeout(() => controller.abort(), SIGINT_GRACE_MS);
  };
  o.signals.on('SIGINT', onSignal);
  /** Nothing was written by this new export: nothing is left to block the next command on --out. */
  const fresh = checkpoint === undefined;

  try {
    while (state.queue.length > 0 && stop === undefined) {
      const task = state.queue[0] as Task;
      let page: Page<unknown, unknown>;
      try {
        page = (await fetchPage(api, task, o.per, controller.signal)) as Page<unknown, unknown>;
      } catch (error) {
        if (error instanceof DailyLimitError) {
          stop = budget.capped ? 'max-calls' : 'budget';
          break;
        }
        if (isServerLockout(error)) {
          lockedOut = true;
          stop = 'budget';
          break;
        }
        if (error instanceof AbortError && stop === 'interrupted') break;
        throw error;
      }
      rateLimit = page.rateLimit ?? rateLimit;
      const { records, rest } = expand(task, page);
      if (!state.plan) {
        state.plan = plan(o, task, page);
        for (const line of planLines(o, state.plan, state.calls, await leftToday(), day, allowed, budgetText))
          say(line);
        if (o.planOnly) stop = 'plan';
      }
      let text = formatRecords(task.list === 'products' ? 'offers' : 'skus', o.format, records);
      if (state.bytes === 0) text = header(o.what, o.format) + text;
      state.bytes += output.append(text, state.bytes);
      state.records += records.length;
      state.pages++;
      state.queue = [...rest, ...state.queue.slice(1)];
      // Calls made for this page belong to it; the plan cannot be below what was spent.
      if (state.queue.length === 0) state.plan.calls = state.calls;
      else state.plan.calls = Math.max(state.plan.calls, state.calls + 1);
      save();
      progress.update({
        records: state.records,
        pages: state.pages,
        calls: state.calls,
        plannedCalls: state.plan.calls,
        leftToday: await leftToday(),
        rateLimit,
      });
    }
  } finally {
    clearTimeout(grace);
    o.signals.off('SIGINT', onSignal);
    output.close();
    progress.stop();
    if (fresh && state.pages === 0 && !toStdout) {
      // The first page failed (a wrong category, the budget, Ctrl-C): no output, no checkpoint,
      // so the corrected command on the same --out starts without --restart.
      removeCheckpoint(o.out);
      rmSync(o.out, { force: true });
    } else {
      // The calls of a page that was not finished (SIGINT, refusal, Redis failing) still count
      // for the job.
      save();
    }
  }

  if (state.queue.length === 0) {
    if (!toStdout) removeCheckpoint(o.out);
    say(
      `Done: ${count(state.records, 'record')} ${written(o.out)} (${count(state.pages, 'page')}; ${count(state.calls, 'call')} over all runs, ${runCalls} in this run).`,
    );
    return EXIT.done;
  }
  const where = toStdout
    ? `${count(state.records, 'record')} ${written(o.out)} (stdout cannot be resumed: give --out FILE to export resumably)`
    : state.pages === 0
      ? `nothing written to ${o.out} yet, no checkpoint kept`
      : `${count(state.records, 'record')} ${written(o.out)}, checkpoint saved after page ${state.pages}`;
  switch (stop) {
    case 'budget':
      sharedSpent = await budget.spent(api);
      return stopForBudget();
    case 'max-calls':
      say(
        `Stopped: --max-calls ${o.maxCalls} reached (${count(runCalls, 'call')} in this run). ${where}. Run the same command to go on.`,
      );
      return EXIT.resumable;
    case 'plan':
      say(`Plan only: ${where}. Run the same command without --plan to export.`);
      return EXIT.done;
    default:
      say(
        `Interrupted: ${where} (${count(runCalls, 'call')} in this run). ${toStdout ? 'Run the command again to start over.' : `Run the same command to resume from page ${state.pages + 1}.`}`,
      );
      return EXIT.interrupted;
  }
}

function oneLine(text: string): string {
  return text.replace(/\s+/g, ' ').replace(/\.$/, '');
}

function firstTasks(o: ExportOptions): Task[] {
  const { category, manufacturer, search } = o.source;
  if (category !== undefined) {
    const params = search === undefined ? o.params : { ...o.params, q: search };
    return [{ list: 'category', id: category, params, page: 1, emit: o.what }];
  }
  if (manufacturer !== undefined)
    return [{ list: 'manufacturer', id: manufacturer, params: o.params, page: 1, emit: o.what }];
  return [{ list: 'search', q: search as string, params: o.params, page: 1, emit: o.what }];
}

function fetchPage(api: CatalogClient, task: Task, per: number, signal: AbortSignal) {
  const options = { signal };
  switch (task.list) {
    case 'category':
      return api.catalog.categories.skus(
        task.id,
        { ...(task.params as CategorySkusParams), per, page: task.page },
        options,
      );
    case 'manufacturer':
      return api.catalog.manufacturers.skus(
        task.id,
        { ...(task.params as object), per, page: task.page },
        options,
      );
    case 'search':
      return api.catalog.search({ q: task.q, per, page: task.page }, options);
    case 'products':
      return api.skus.products(task.skuId, { per, page: task.page }, options);
  }
}

/** The records a page gives, and the listings that follow it (before the rest of the queue). */
function expand(task: Task, page: Page<unknown, unknown>): { records: unknown[]; rest: Task[] } {
  const next = page.nextPageNumber();
  const following: Task[] = next === undefined ? [] : [{ ...task, page: next }];
  if (task.list === 'products') return { records: page.items, rest: following };
  if (task.list === 'search') {
    // The SKUs of a search: its leaf categories (a category with children is not listed: its SKUs
    // are in its leaves). A leaf the search matched by its name is listed whole, as its
    // match_count counts it; any other with the query as keyword, as the search counts its SKUs.
    const categories = (page.items as SearchCategory[]).filter((c) => c.children_count === 0);
    return {
      records: [],
      rest: [
        ...categories.map(
          (c): Task => ({
            list: 'category',
            id: c.id,
            params: nameHoldsQuery(c.name, task.q) ? { ...task.params } : { ...task.params, q: task.q },
            page: 1,
            emit: task.emit,
          }),
        ),
        ...following,
      ],
    };
  }
  if (task.emit === 'skus') return { records: page.items, rest: following };
  const skus = page.items as { id: number }[];
  return {
    records: [],
    rest: [...skus.map((sku): Task => ({ list: 'products', skuId: sku.id, page: 1 })), ...following],
  };
}

/** From the first page's totals: the calls the job needs. */
function plan(o: ExportOptions, task: Task, page: Page<unknown, unknown>): Plan {
  const p = page.pagination;
  const per = p?.per ?? o.per;
  const pages = p?.total_pages ?? 1;
  const total = p?.total_results ?? page.items.length;
  if (task.list === 'search') return searchPlan(o, page, pages, total, per);
  if (o.what === 'skus') return { calls: pages, exact: true, records: total, per };
  // Offers: one products listing per SKU, more pages for SKUs with more offers than a page holds
  // (shop_count of the first page's SKUs tells the mix).
  const skus = page.items as { shop_count?: number }[];
  const n = Math.max(1, skus.length);
  const pagesPerSku = skus.reduce((sum, s) => sum + Math.max(1, Math.ceil((s.shop_count ?? 0) / per)), 0) / n;
  const offersPerSku = skus.reduce((sum, s) => sum + (s.shop_count ?? 0), 0) / n;
  return {
    calls: pages + Math.ceil(total * pagesPerSku),
    exact: false,
    records: Math.round(total * offersPerSku),
    per,
  };
}

/** A category as `GET /search` lists it (the fields the exporter reads). */
interface SearchCategory {
  id: number;
  name: string;
  children_count: number;
  match_count?: number | null | undefined;
}

/**
 * The plan of a search, an estimate: `GET /search` pages through the matching categories
 * (`meta.pagination`: how many, exactly) and gives each category's `match_count`, the SKUs the
 * search counts in it. The calls are the search's pages, then each leaf category's listing:
 * `ceil(match_count / per)` pages (at least one). For a leaf matched by its name (exported whole)
 * that is the listing's size, as the search counts all its SKUs; for any other leaf, listed with
 * the query as keyword, the listing's pages are known only once it is listed (the listing filters
 * by its own rules). `match_count` is absent when the search has a strong SKU match, and only the
 * first page's categories are seen; later pages are taken to look alike.
 */
function searchPlan(
  o: ExportOptions,
  page: Page<unknown, unknown>,
  pages: number,
  total: number,
  per: number,
): Plan {
  const q = o.source.search ?? '';
  const categories = page.items as SearchCategory[];
  const leaves = categories.filter((c) => c.children_count === 0);
  const byName = leaves.filter((c) => nameHoldsQuery(c.name, q));
  const byKeyword = leaves.length - byName.length;
  const parents = categories.length - leaves.length;
  const counted = leaves.every((c) => typeof c.match_count === 'number');
  let listings = leaves.reduce((sum, c) => sum + Math.max(1, Math.ceil((c.match_count ?? 0) / per)), 0);
  let skus = leaves.reduce((sum, c) => sum + (c.match_count ?? 0), 0);
  const unseen = Math.max(0, total - categories.length);
  if (unseen > 0 && categories.length > 0) {
    listings += Math.ceil((listings * unseen) / categories.length);
    skus += Math.round((skus * unseen) / categories.length);
  }
  const offers = o.what === 'offers';
  const ids = (list: SearchCategory[]): string => list.map((c) => c.id).join(', ');
  const reasons = [
    `the search answer counts the matching categories (${total}, on ${pages} search page${pages === 1 ? '' : 's'}) and each listed category's match_count${counted ? '' : ' (absent here: the search has a strong SKU match)'}`,
    ...(byName.length > 0
      ? [
          `the ${byName.length === 1 ? 'leaf category' : `${byName.length} leaf categories`} whose name holds the query (${ids(byName)}) ${byName.length === 1 ? 'is' : 'are'} exported whole, in ceil(match_count / per) pages${byName.length === 1 ? '' : ' each'} as far as the listing holds the SKUs the search counts`,
        ]
      : []),
    ...(byKeyword > 0
      ? [
          `but how many pages (calls) each ${byName.length > 0 ? 'other ' : ''}category's SKU listing with the query takes is known only once it is listed`,
        ]
      : []),
    ...(parents > 0
      ? [
          `and the ${parents === 1 ? 'category' : `${parents} categories`} with subcategories (${ids(categories.filter((c) => c.children_count !== 0))}) ${parents === 1 ? 'is' : 'are'} not listed (only leaf categories are)`,
        ]
      : []),
    ...(unseen > 0
      ? [`and the ${unseen} categories on later search pages are taken to look like the first`]
      : []),
    ...(offers ? ['and the offers of each SKU once its products are listed'] : []),
  ];
  return {
    // Offers: at least one products listing per SKU.
    calls: pages + listings + (offers ? skus : 0),
    exact: false,
    records: !offers && counted ? skus : undefined,
    per,
    estimate: `${reasons.join(', ')}.`,
  };
}

function planText(plan: Plan): string {
  return `${plan.exact ? '' : '≈'}${plan.calls} planned`;
}

function planLines(
  o: ExportOptions,
  plan: Plan,
  spent: number,
  left: number,
  day: string,
  allowed: number,
  budgetText: string,
): string[] {
  const source =
    o.source.category !== undefined
      ? `category ${o.source.category}${o.source.search ? ` matching "${o.source.search}"` : ''}`
      : o.source.manufacturer !== undefined
        ? `manufacturer ${o.source.manufacturer}`
        : `the search "${o.source.search}"`;
  const needs = plan.calls - spent;
  const lines = [
    `Plan: ${o.what} of ${source}${plan.records === undefined ? '' : `, ${plan.exact ? '' : '≈'}${count(plan.records, 'record')}`}, pages of ${plan.per}: ${plan.exact ? '' : '≈'}${count(plan.calls, 'call')} (${spent} spent on the first page).`,
    ...(plan.estimate ? [`Estimate: ${plan.estimate}`] : []),
    `Today (server day ${day}): ${left} of ${o.dailyLimit} calls left${budgetText}${o.maxCalls === undefined ? '' : `, --max-calls ${o.maxCalls}`}.`,
  ];
  const runCap = allowed - spent;
  if (needs <= runCap) lines.push(`The export fits: ${count(needs, 'more call')}.`);
  else if (o.maxCalls !== undefined && o.maxCalls <= left)
    lines.push(
      `This run stops after ${count(o.maxCalls, 'call')}; run the same command again to go on (${count(needs - runCap, 'more call')}).`,
    );
  else
    lines.push(
      `It needs ${count(needs, 'more call')}, more than is left today: this run stops after ${count(left + spent, 'call')} and resumes after ${nextDayStart(day).toISOString()} (about ${Math.ceil((needs - runCap) / o.dailyLimit)} more day(s)).`,
    );
  return lines;
}

/** The flag of each listing parameter (the API's names in the checkpoint). */
const FLAGS: Record<string, string> = {
  order_by: '--order-by',
  order_dir: '--order-dir',
  filter_ids: '--filter-ids',
  manufacturer_ids: '--manufacturer-ids',
  shop_ids: '--shop-ids',
  distance: '--distance',
  availability: '--availability',
};

/** The command that runs the export a checkpoint belongs to, with every option that defines it. */
export function commandOf(job: string, out: string): string {
  const j = JSON.parse(job) as {
    what: string;
    source: Record<string, string | number | undefined>;
    params: Record<string, string | number | number[]>;
    format: string;
    per: number;
  };
  const words = ['price-catalog', 'export', j.what];
  for (const [name, value] of Object.entries(j.source))
    if (value !== undefined) words.push(`--${name}`, String(value));
  for (const [name, value] of Object.entries(j.params))
    words.push(
      FLAGS[name] ?? `--${name.replace(/_/g, '-')}`,
      Array.isArray(value) ? value.join(',') : String(value),
    );
  words.push('--format', j.format, '--per', String(j.per), '--out', out);
  return words.map(shellWord).join(' ');
}

/** A word as a POSIX shell reads it back: quoted when it holds anything but safe characters. */
function shellWord(word: string): string {
  return /^[\w@%+=:,./-]+$/.test(word) ? word : `'${word.replace(/'/g, `'\\''`)}'`;
}

/** Where the records went, for messages. */
function written(out: string): string {
  return out === '-' ? 'written to stdout' : `in ${out}`;
}

/** `--out -`: records to stdout (progress and messages stay on stderr). */
function stdoutOutput(stdout: NodeJS.WritableStream): Pick<OutputFile, 'append' | 'close'> {
  return {
    append(text) {
      stdout.write(text);
      return Buffer.byteLength(text);
    },
    close() {},
  };
}

/** The server locked the client out for the day (its count went over, whatever ours said). */
function isServerLockout(error: unknown): boolean {
  return (
    (error instanceof TokenError && error.status === 403) ||
    (error instanceof ApiError && error.code === 'DailyLimitExceeded')
  );
}
