/**
 * Response handling with `validation: 'warn'` and `'off'`: for any answers (./answers.ts), every
 * call ends in a result or a PriceCatalogError, never `Cannot read properties of undefined`
 * (issue 10 §4), within a bounded fake time, with no unhandled rejection.
 */
import fc from 'fast-check';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { PriceCatalogError, type ValidationMode } from '../../src/index.js';
import { answer, CALLS, MAX_CALL_MS, toResponse } from './answers.js';
import { runsOf, settle, stubClient, timed, useFakeClock, watchUnhandled } from './harness.js';

const unhandled = watchUnhandled();
beforeAll(() => unhandled.start());
afterAll(() => {
  unhandled.stop();
  expect(unhandled.seen).toEqual([]);
});
beforeEach(() => useFakeClock());
afterEach(() => vi.useRealTimers());

describe('response handling', () => {
  it('any answers with validation warn or off: every call ends, in a result or a PriceCatalogError', async () => {
    await timed('responses, lenient validation', () =>
      fc.assert(
        fc.asyncProperty(
          fc.constantFrom(...CALLS),
          fc.array(answer, { minLength: 1, maxLength: 3 }),
          fc.constantFrom<ValidationMode>('warn', 'off'),
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
        runsOf('responses, lenient validation'),
      ),
    );
  }, 120_000);
});
