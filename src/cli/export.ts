import { join } from 'node:path';
import { requestToken } from '../core/auth.js';
import { createLog, logTokenRequests } from '../core/logger.js';
import {
  AbortError,
  ApiError,
  type CatalogClient,
  type CategorySkusParams,
  createClient,
  DailyLimitError,
  type Logger,
  type Page,
  type RateLimitInfo,
  TokenError,
} from '../index.js';
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
import { CallLedger, nextDayStart, serverDay } from './ledger.js';
import { createProgress } from './progress.js';
import { type Format, formatRecords, header, type RecordKind } from './records.js';

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
  /** Where the call ledger and the ETag cache live. */
  stateDir: string;
  cache: boolean;
  stderr: NodeJS.WriteStream;
  /** Fired on the first SIGINT (tests and the bin pass process signals through this). */
  signals: NodeJS.EventEmitter;
}

/** Exit codes: done, error, bad usage, stopped and resumable (budget, --max-calls), interrupted. */
export const EXIT = { done: 0, error: 1, usage: 2, resumable: 75, interrupted: 130 } as const;

type StopReason = 'budget' | 'max-calls' | 'interrupted' | 'plan';

export async function runExport(o: ExportOptions): Promise<number> {
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
  let checkpoint = loadCheckpoint(o.out);
  if (checkpoint && o.restart) {
    removeCheckpoint(o.out);
    checkpoint = undefined;
  }
  if (checkpoint && checkpoint.job !== job) {
    o.stderr.write(
      `${o.out} has a checkpoint of another export (${describeJob(checkpoint.job)}); run that command to finish it, or add --restart to start this one over\n`,
    );
    return EXIT.usage;
  }

  const log = (line: string): void => {
    o.stderr.write(`[price-catalog] ${line}\n`);
  };
  // The SDK's own logging (its level from PRICE_CATALOG_LOG: `debug` shows each request and
  // answer, token requests included), redacted by the SDK, onto this command's stderr.
  const sink: Logger = {
    error: (message) => log(`error: ${message}`),
    warn: (message) => log(`warn: ${message}`),
    info: (message) => log(`info: ${message}`),
    debug: (message) => log(`debug: ${message}`),
  };
  const sdkLog = createLog({ logger: sink });
  const ledger = new CallLedger(join(o.stateDir, 'calls.json'), o.baseUrl, o.clientId, o.dailyLimit);
  const tokenUrl = `${o.authUrl.replace(/\/+$/, '')}/oauth2/token`;
  let day = '';
  let lastDate: string | null = null;
  let runCalls = 0;
  let state: Checkpoint | undefined;
  let rateLimit: RateLimitInfo | undefined;

  // Every request goes through here: the API calls are counted (the server counts every one,
  // retries and redirect hops included; a token request is not a call), and the server's Date kept.
  const countingFetch: typeof fetch = async (input, init) => {
    const url = input instanceof Request ? input.url : String(input);
    if (url.split('?')[0] !== tokenUrl) {
      ledger.count(day || serverDay(lastDate));
      runCalls++;
      if (state) state.calls++;
    }
    const response = await fetch(input, init);
    lastDate = response.headers.get('date') ?? lastDate;
    return response;
  };

  const stopForBudget = (): number => {
    const resume = nextDayStart(day).toISOString();
    log(
      `Stopped: the daily budget is spent (${
        ledger.lockedOut(day)
          ? `the server refuses this application for its day ${day}; this machine counted ${ledger.spent(day)} calls`
          : `${ledger.spent(day)} of ${o.dailyLimit} calls counted on the server's day ${day}`
      }).` +
        `${state ? ` ${state.records} records in ${o.out}, checkpoint saved.` : ''} Resume after ${resume} (the server's next UTC day) with the same command.`,
    );
    return EXIT.resumable;
  };

  // The server's day, and whether it still grants tokens (it refuses all day once its count went
  // over): a token request is not an API call, so asking costs nothing of the budget.
  try {
    await requestToken(
      { authUrl: o.authUrl, fetch: logTokenRequests(countingFetch, sdkLog) },
      {
        grant_type: 'client_credentials',
        client_id: o.clientId,
        client_secret: o.clientSecret,
        scope: 'public',
      },
    );
    day = serverDay(lastDate);
  } catch (error) {
    day = serverDay(lastDate);
    if (error instanceof TokenError && error.status === 403) {
      ledger.lockOut(day);
      return stopForBudget();
    }
    throw error;
  }
  const leftToday = (): number => ledger.left(day);
  if (leftToday() === 0) return stopForBudget();
  const allowed = Math.min(leftToday(), o.maxCalls ?? Number.POSITIVE_INFINITY);

  const api = createClient({
    baseUrl: o.baseUrl,
    authUrl: o.authUrl,
    clientId: o.clientId,
    clientSecret: o.clientSecret,
    fetch: countingFetch,
    logger: sink,
    cache: o.cache ? diskCacheStore(join(o.stateDir, 'http-cache')) : false,
    // What this run may spend: the SDK refuses the call past it before sending it.
    dailyLimit: allowed,
  });

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
  const output = new OutputFile(o.out, state.bytes);
  const progress = createProgress(o.stderr);
  const say = (line: string): void => progress.log(`[price-catalog] ${line}`);
  if (checkpoint?.plan) {
    say(
      `Resuming ${o.out}: ${state.records} records in ${state.pages} pages written, ${state.calls} calls spent of ${planText(checkpoint.plan)}; ${leftToday()} of ${o.dailyLimit} calls left today (server day ${day}).`,
    );
  }

  if (o.planOnly && checkpoint?.plan) {
    output.close();
    say(`Plan only: the plan was made on the first run (${planText(checkpoint.plan)}); nothing fetched.`);
    return EXIT.done;
  }

  const controller = new AbortController();
  let stop: StopReason | undefined;
  const onSignal = (): void => {
    if (stop === 'interrupted') {
      controller.abort();
      return;
    }
    stop = 'interrupted';
    say('SIGINT: finishing the page in flight, then saving the checkpoint (Ctrl-C again to stop at once).');
  };
  o.signals.on('SIGINT', onSignal);

  try {
    while (state.queue.length > 0 && stop === undefined) {
      const task = state.queue[0] as Task;
      let page: Page<unknown, unknown>;
      try {
        page = (await fetchPage(api, task, o.per, controller.signal)) as Page<unknown, unknown>;
      } catch (error) {
        if (error instanceof DailyLimitError) {
          stop =
            o.maxCalls !== undefined && o.maxCalls < ledger.left(day) + runCalls ? 'max-calls' : 'budget';
          break;
        }
        if (isServerLockout(error)) {
          ledger.lockOut(day);
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
        for (const line of planLines(o, state.plan, state.calls, leftToday(), day, allowed)) say(line);
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
      saveCheckpoint(o.out, state);
      progress.update({
        records: state.records,
        pages: state.pages,
        calls: state.calls,
        plannedCalls: state.plan.calls,
        leftToday: leftToday(),
        rateLimit,
      });
    }
  } finally {
    o.signals.off('SIGINT', onSignal);
    output.close();
    progress.stop();
  }
  // The calls of a page that was not finished (SIGINT twice, refusal) still count for the job.
  saveCheckpoint(o.out, state);

  if (state.queue.length === 0) {
    removeCheckpoint(o.out);
    say(
      `Done: ${state.records} records in ${o.out} (${state.pages} pages; ${state.calls} calls over all runs, ${runCalls} in this run).`,
    );
    return EXIT.done;
  }
  const where = `${state.records} records in ${o.out}, checkpoint saved after page ${state.pages}`;
  switch (stop) {
    case 'budget':
      return stopForBudget();
    case 'max-calls':
      say(
        `Stopped: --max-calls ${o.maxCalls} reached (${runCalls} calls in this run). ${where}. Run the same command to go on.`,
      );
      return EXIT.resumable;
    case 'plan':
      say(`Plan only: ${where}. Run the same command without --plan to export.`);
      return EXIT.done;
    default:
      say(`Interrupted: ${where} (${runCalls} calls in this run). Run the same command to resume.`);
      return EXIT.interrupted;
  }
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
    // The SKUs of a search: the matching leaf categories' SKUs, filtered by the query.
    const categories = (page.items as { id: number; children_count: number }[]).filter(
      (c) => c.children_count === 0,
    );
    return {
      records: [],
      rest: [
        ...categories.map(
          (c): Task => ({
            list: 'category',
            id: c.id,
            params: { ...task.params, q: task.q },
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
  if (task.list === 'search') {
    // Each matching category costs at least one call; how many more is known only once listed.
    return { calls: pages + total * (o.what === 'offers' ? 2 : 1), exact: false, records: undefined, per };
  }
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
): string[] {
  const source =
    o.source.category !== undefined
      ? `category ${o.source.category}${o.source.search ? ` matching "${o.source.search}"` : ''}`
      : o.source.manufacturer !== undefined
        ? `manufacturer ${o.source.manufacturer}`
        : `the search "${o.source.search}"`;
  const needs = plan.calls - spent;
  const lines = [
    `Plan: ${o.what} of ${source}${plan.records === undefined ? '' : `, ${plan.exact ? '' : '≈'}${plan.records} records`}, pages of ${plan.per}: ${plan.exact ? '' : '≈'}${plan.calls} calls (${spent} spent on the first page).`,
    `Today (server day ${day}): ${left} of ${o.dailyLimit} calls left${o.maxCalls === undefined ? '' : `, --max-calls ${o.maxCalls}`}.`,
  ];
  const runCap = allowed - spent;
  if (needs <= runCap) lines.push(`The export fits: ${needs} more calls.`);
  else if (o.maxCalls !== undefined && o.maxCalls <= left)
    lines.push(
      `This run stops after ${o.maxCalls} calls; run the same command again to go on (${needs - runCap} more calls).`,
    );
  else
    lines.push(
      `It needs ${needs} more calls, more than is left today: this run stops after ${left + spent} calls and resumes after ${nextDayStart(day).toISOString()} (about ${Math.ceil((needs - runCap) / o.dailyLimit)} more day(s)).`,
    );
  return lines;
}

function describeJob(job: string): string {
  try {
    const j = JSON.parse(job) as { what: string; source: Record<string, unknown>; format: string };
    const source = Object.entries(j.source)
      .map(([k, v]) => `--${k} ${v}`)
      .join(' ');
    return `export ${j.what} ${source} --format ${j.format}`;
  } catch {
    return 'unknown';
  }
}

/** The server locked the client out for the day (its count went over, whatever ours said). */
function isServerLockout(error: unknown): boolean {
  return (
    (error instanceof TokenError && error.status === 403) ||
    (error instanceof ApiError && error.code === 'DailyLimitExceeded')
  );
}
