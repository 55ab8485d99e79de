/**
 * The answer checks, for every schema the public entry exports, on the recorded answers of the
 * real API with fields removed, added or replaced by any JSON value (and undefined, NaN,
 * ±Infinity): strict mode refuses exactly what zod refuses, every issue's path leads into the
 * answer, and warn / off return the answer itself, as sent.
 */
import { readdirSync, readFileSync } from 'node:fs';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import * as z from 'zod/mini';
import { validate } from '../../src/core/call/validate.js';
import * as sdk from '../../src/index.js';
import { ResponseValidationError } from '../../src/index.js';
import { runsOf, timed } from './harness.js';

const schemas = (Object.entries(sdk) as [string, unknown][]).filter(
  (entry): entry is [string, z.ZodMiniType] => entry[0].endsWith('Schema') && typeof entry[1] === 'object',
);

const recorded = new URL('../fixtures/recorded/', import.meta.url);
const answers: unknown[] = readdirSync(recorded)
  .filter((file) => file.endsWith('.json'))
  .map(
    (file) =>
      (JSON.parse(readFileSync(new URL(file, recorded), 'utf8')) as { response: { body: unknown } }).response
        .body,
  );

/** Objects and arrays inside `value`, itself included. */
function containers(value: unknown): object[] {
  if (typeof value !== 'object' || value === null) return [];
  return [value, ...Object.values(value).flatMap(containers)];
}

const anyValue = fc.oneof(
  fc.jsonValue({ maxDepth: 2 }),
  fc.constantFrom(undefined, Number.NaN, Number.POSITIVE_INFINITY, Number.NEGATIVE_INFINITY, [], {}),
);
const change = fc.record({
  at: fc.nat(),
  key: fc.nat(),
  kind: fc.constantFrom('remove', 'replace', 'add'),
  value: anyValue,
  name: fc.constantFrom('id', 'name', 'price', 'extra', '__proto__', 'constructor', '0'),
});
type Change = { at: number; key: number; kind: string; value: unknown; name: string };

function mutated(answer: unknown, changes: Change[]): unknown {
  const copy = structuredClone(answer);
  for (const { at, key, kind, name, value } of changes) {
    const places = containers(copy) as Record<string, unknown>[];
    const target = places[at % places.length];
    if (!target) continue;
    const keys = Object.keys(target);
    const field = keys.length > 0 ? (keys[key % keys.length] as string) : name;
    // A copy each time: one shared `{}` added inside itself would make a cycle.
    const fresh = structuredClone(value);
    if (kind === 'remove') delete target[field];
    else if (kind === 'replace') target[field] = fresh;
    else
      Object.defineProperty(target, name, {
        value: fresh,
        enumerable: true,
        writable: true,
        configurable: true,
      });
  }
  return copy;
}

/** Whether every key of `path` but the last leads to an object or array inside `value`. */
function leadsInto(value: unknown, path: readonly (string | number)[]): boolean {
  let at = value;
  for (const key of path.slice(0, -1)) {
    if (typeof at !== 'object' || at === null) return false;
    at = (at as Record<string | number, unknown>)[key];
  }
  return path.length === 0 || (typeof at === 'object' && at !== null);
}

const quiet = { warn: () => {} };

describe('answer checks', () => {
  it('strict refuses what zod refuses, with issues inside the answer; warn and off return it as sent', async () => {
    expect(schemas.length).toBeGreaterThan(100);
    let refused = 0;
    let accepted = 0;
    await timed('answer checks', async () =>
      fc.assert(
        fc.property(fc.nat(), fc.array(change, { maxLength: 4 }), (pick, changes) => {
          const answer = mutated(answers[pick % answers.length], changes);
          for (const [name, schema] of schemas) {
            const passes = z.safeParse(schema, answer).success;
            let error: unknown;
            try {
              expect(validate(schema, answer, 'strict', 'GET /x', quiet)).toBe(answer);
            } catch (e) {
              error = e;
            }
            if (passes !== (error === undefined))
              throw new Error(`${name}: zod ${passes}, strict ${String(error)}`);
            if (error) {
              refused++;
              if (!(error instanceof ResponseValidationError)) throw error;
              expect(error.issues.length).toBeGreaterThan(0);
              for (const issue of error.issues) {
                if (!leadsInto(answer, issue.path))
                  throw new Error(`${name}: ${issue.path.join('.')} is not in the answer`);
                expect(issue.message).not.toBe('');
              }
            } else accepted++;
            expect(validate(schema, answer, 'warn', 'GET /x', quiet)).toBe(answer);
            expect(validate(schema, answer, 'off', 'GET /x', quiet)).toBe(answer);
          }
        }),
        runsOf('answer checks'),
      ),
    );
    expect(refused).toBeGreaterThan(500);
    expect(accepted).toBeGreaterThan(500);
  }, 120_000);
});
