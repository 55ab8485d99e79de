/**
 * Shared pieces of the property tests: a fetch that records what the server side would see and
 * answers from the generated case, settling a call under fake timers with a bound, and a
 * process-level watch for unhandled rejections.
 */
import { vi } from 'vitest';
import { type ClientOptions, createClient, type Logger } from '../../src/index.js';

export const BASE = 'https://api.props.test/api/v3';
export const BASE_PATH = '/api/v3';

/**
 * Every property's numRuns, in one table so the total is stated and checked (runs.test.ts: at
 * least 10,000 cases, issue 10 §6). Each property takes its count from here and prints it with the
 * time it took.
 */
export const PLANNED_RUNS = {
  'query pairs': 3500,
  'search q at the sandbox': 400,
  'ids in paths': 2500,
  'raw request paths': 1200,
  'path params': 1000,
  responses: 2500,
  'responses, lenient validation': 1000,
  'body read faults': 500,
  'answer checks': 1000,
} as const;

export type PropertyName = keyof typeof PLANNED_RUNS;

/** fast-check parameters for the property `name`, printing its runs and time when it ends. */
export function runsOf(name: PropertyName): { numRuns: number } {
  return { numRuns: PLANNED_RUNS[name] };
}

/** Runs `check` and prints how many cases it ran and how long they took. */
export async function timed(name: PropertyName, check: () => Promise<void>): Promise<void> {
  const start = performance.now();
  const cpu = process.cpuUsage();
  let passed = false;
  try {
    await check();
    passed = true;
  } finally {
    const used = process.cpuUsage(cpu);
    const ran = passed ? `${PLANNED_RUNS[name]} runs passed` : 'failed';
    process.stdout.write(
      `property "${name}": ${ran} in ${Math.round(performance.now() - start)} ms (cpu ${Math.round((used.user + used.system) / 1000)} ms)\n`,
    );
  }
}

export const silentLogger: Logger = { warn: () => {}, debug: () => {} };

/** What the fetch stub saw: the request as the server would receive it. */
export interface Seen {
  method: string;
  url: URL;
  headers: Headers;
  /** The request's signal: a stub body ends with it, as a real fetch's body does. */
  signal: AbortSignal | undefined;
}

/** A client on a stub fetch: every request is recorded, `answer` gives the response. */
export function stubClient(
  answer: (request: Seen, index: number) => Response | Promise<Response>,
  options: Partial<ClientOptions> = {},
) {
  const seen: Seen[] = [];
  const fetch: typeof globalThis.fetch = async (input, init) => {
    // The SDK calls fetch(url, init); no Request copy, which would cost more than the rest of a case.
    const url = input instanceof Request ? input.url : String(input);
    const entry = {
      method: init?.method ?? (input instanceof Request ? input.method : 'GET'),
      url: new URL(url),
      headers: new Headers(init?.headers),
      signal: init?.signal ?? undefined,
    };
    seen.push(entry);
    return answer(entry, seen.length - 1);
  };
  const api = createClient({
    baseUrl: BASE,
    token: 'props-token',
    fetch,
    logger: silentLogger,
    cache: false,
    dailyLimit: null,
    // The stub's answers carry no X-RateLimit headers: no assumed window of 100 calls a minute.
    rateLimit: 1_000_000_000,
    ...options,
  });
  return { api, seen };
}

/**
 * A Response with any status 100–599: the constructor takes 200–599 only, so 1xx answers (which a
 * fetch stub or a proxy may hand over) get their status set on a 200 of the same body; statuses that
 * carry no body get none.
 */
export function anyResponse(status: number, body: BodyInit | null, headers: HeadersInit): Response {
  const nullBody = status === 204 || status === 205 || status === 304 || status < 200;
  const response = new Response(nullBody ? null : body, { status: status < 200 ? 200 : status, headers });
  if (status < 200) {
    Object.defineProperty(response, 'status', { value: status });
    Object.defineProperty(response, 'ok', { value: false });
  }
  return response;
}

export type Outcome<T> =
  | { kind: 'value'; value: T; fakeMs: number }
  | { kind: 'error'; error: unknown; fakeMs: number }
  | { kind: 'hang'; fakeMs: number };

/**
 * Settles `start()` under fake timers (installed by the caller): runs due timers one after another
 * until the call ends, giving up after `maxFakeMs` of fake time or `maxTimers` timers — a call
 * still pending then is a hang.
 */
export async function settle<T>(
  start: () => PromiseLike<T>,
  { maxFakeMs = 300_000, maxTimers = 200 } = {},
): Promise<Outcome<T>> {
  const t0 = Date.now();
  let outcome: Outcome<T> | undefined;
  Promise.resolve()
    .then(start)
    .then(
      (value) => {
        outcome = { kind: 'value', value, fakeMs: Date.now() - t0 };
      },
      (error: unknown) => {
        outcome = { kind: 'error', error, fakeMs: Date.now() - t0 };
      },
    );
  for (let i = 0; i < maxTimers; i++) {
    // Let the exchange run as far as it can without time passing (a few macrotask turns for streams).
    for (let turn = 0; turn < 4 && !outcome; turn++) await new Promise((resolve) => setImmediate(resolve));
    if (outcome) return outcome;
    if (Date.now() - t0 > maxFakeMs || vi.getTimerCount() === 0) break;
    await vi.advanceTimersToNextTimerAsync();
  }
  for (let turn = 0; turn < 4 && !outcome; turn++) await new Promise((resolve) => setImmediate(resolve));
  return outcome ?? { kind: 'hang', fakeMs: Date.now() - t0 };
}

/** Unhandled rejections seen while the properties run (a process-level listener). */
export function watchUnhandled() {
  const seen: unknown[] = [];
  const listener = (reason: unknown) => void seen.push(reason);
  return {
    seen,
    start: () => process.on('unhandledRejection', listener),
    stop: () => process.off('unhandledRejection', listener),
  };
}

/** Fake timers for setTimeout and Date only: setImmediate stays real, so stream reads progress. */
export function useFakeClock(): void {
  vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'setInterval', 'clearInterval', 'Date'] });
}
