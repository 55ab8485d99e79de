/**
 * Faults while the body is read: the connection resets after the headers (undici's
 * `TypeError: terminated`) or the server stalls after the headers. Every call still ends, in a
 * result or a PriceCatalogError: a reset is a ConnectionError (retried for GET), a stall is a
 * TimeoutError at the per-attempt `timeout` (issue 10 §3, §4).
 */
import fc from 'fast-check';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { type CatalogClient, PriceCatalogError } from '../../src/index.js';
import { loadRecording } from '../helpers/index.js';
import { anyResponse, runsOf, settle, stubClient, timed, useFakeClock, watchUnhandled } from './harness.js';

const TIMEOUT_MS = 1_000;
const MAX_RETRIES = 1;
const RECORDED = JSON.stringify(loadRecording('categories_show').response.body);

interface Fault {
  status: number;
  /** `reset`: the stream errors after `cut` bytes; `stall`: it sends `cut` bytes and no more; `none`: all. */
  fault: 'reset' | 'stall' | 'none';
  cut: number;
}

const fault: fc.Arbitrary<Fault> = fc.record({
  status: fc.constantFrom(200, 200, 201, 400, 403, 404, 500, 503),
  fault: fc.constantFrom('reset', 'stall', 'none'),
  cut: fc.nat({ max: RECORDED.length }),
});

function faultyResponse(spec: Fault, signal: AbortSignal | undefined): Response {
  const bytes = new TextEncoder().encode(RECORDED);
  const body = new ReadableStream<Uint8Array>({
    start(controller) {
      controller.enqueue(bytes.slice(0, spec.cut));
      if (spec.fault === 'reset') controller.error(new TypeError('terminated'));
      else if (spec.fault === 'none') {
        controller.enqueue(bytes.slice(spec.cut));
        controller.close();
      } else {
        // A stalled body ends only when the request is aborted, as with a real fetch.
        signal?.addEventListener('abort', () => {
          try {
            controller.error(signal.reason);
          } catch {
            // already ended
          }
        });
      }
    },
  });
  return anyResponse(spec.status, body, { 'content-type': 'application/json' });
}

type Call = (api: CatalogClient) => PromiseLike<unknown>;
const CALLS: [string, Call][] = [
  ['categories.get', (api) => api.catalog.categories.get(88)],
  ['request GET', (api) => api.request({ method: 'GET', path: '/echo' })],
  ['request POST', (api) => api.request({ method: 'POST', path: '/echo', body: {} })],
];

const unhandled = watchUnhandled();
beforeAll(() => unhandled.start());
afterAll(() => {
  unhandled.stop();
  expect(unhandled.seen).toEqual([]);
});
beforeEach(() => useFakeClock());
afterEach(() => vi.useRealTimers());

describe('body read faults', () => {
  it('a reset or a stall while the body is read ends the call in a PriceCatalogError, in time', async () => {
    await timed('body read faults', () =>
      fc.assert(
        fc.asyncProperty(
          fc.constantFrom(...CALLS),
          fc.array(fault, { minLength: 1, maxLength: 3 }),
          async ([, call], faults) => {
            const { api, seen } = stubClient(
              (request, i) => faultyResponse(faults[i % faults.length]!, request.signal),
              {
                timeout: TIMEOUT_MS,
                maxRetries: MAX_RETRIES,
                validation: 'off',
              },
            );
            const outcome = await settle(() => call(api), { maxFakeMs: 120_000 });
            expect(outcome.kind, `pending after ${outcome.fakeMs} ms, ${seen.length} requests`).not.toBe(
              'hang',
            );
            if (outcome.kind === 'error') {
              expect(outcome.error, String(outcome.error)).toBeInstanceOf(PriceCatalogError);
            }
            // Each attempt ends at its timeout; backoff between attempts is capped at 10 s.
            expect(outcome.fakeMs).toBeLessThanOrEqual((MAX_RETRIES + 1) * (TIMEOUT_MS + 10_000));
          },
        ),
        runsOf('body read faults'),
      ),
    );
  }, 120_000);
});
