/**
 * Response handling: for any answers (./answers.ts), every call ends (under fake timers, within a
 * bounded fake time) in a result or an error that is a PriceCatalogError, never `Cannot read
 * properties of undefined`, and no promise rejection goes unhandled (issue 10 §3, §4, §6). Run
 * with strict validation (the default) and with `warn` / `off`.
 */
import fc from 'fast-check';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { PriceCatalogError, type ValidationMode } from '../../src/index.js';
import { answer, CALLS, MAX_CALL_MS, toResponse } from './answers.js';
import {
  type PropertyName,
  runsOf,
  settle,
  stubClient,
  timed,
  useFakeClock,
  watchUnhandled,
} from './harness.js';

const unhandled = watchUnhandled();
beforeAll(() => unhandled.start());
afterAll(() => {
  unhandled.stop();
  expect(unhandled.seen).toEqual([]);
});
beforeEach(() => useFakeClock());
afterEach(() => vi.useRealTimers());

/** The property for one set of validation modes; `name` is its row in PLANNED_RUNS. */
async function everyCallEnds(name: PropertyName, modes: readonly ValidationMode[]): Promise<void> {
  await timed(name, () =>
    fc.assert(
      fc.asyncProperty(
        fc.constantFrom(...CALLS),
        fc.array(answer, { minLength: 1, maxLength: 3 }),
        fc.constantFrom<ValidationMode>(...modes),
        fc.boolean(),
        async ([, call], answers, validation, cache) => {
          const { api, seen } = stubClient((_, i) => toResponse(answers[i % answers.length]!), {
            validation,
            timeout: 1_000,
            maxRetries: 1,
            ...(cache && { cache: {} }),
          });
          const outcome = await settle(() => call(api), { maxFakeMs: MAX_CALL_MS });
          expect(
            outcome.kind,
            `still pending after ${outcome.fakeMs} ms and ${seen.length} requests`,
          ).not.toBe('hang');
          expect(outcome.fakeMs).toBeLessThanOrEqual(MAX_CALL_MS);
          if (outcome.kind === 'error') {
            expect(outcome.error, String(outcome.error)).toBeInstanceOf(PriceCatalogError);
          }
        },
      ),
      runsOf(name),
    ),
  );
}

describe('response handling', () => {
  it('any answers: every call ends, in a result or a PriceCatalogError, within bounded time', async () => {
    await everyCallEnds('responses', ['strict']);
  }, 120_000);

  it('any answers with validation warn or off: every call ends, in a result or a PriceCatalogError', async () => {
    await everyCallEnds('responses, lenient validation', ['warn', 'off']);
  }, 120_000);
});
