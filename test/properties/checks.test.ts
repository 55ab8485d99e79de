/**
 * The answer checks Node, Bun and Deno run (src/schemas/compile.ts: each object's check generated
 * as a function) give the same verdict as the checks every other runtime runs (src/schemas/check.ts),
 * for every schema of the SDK, on the recorded answers of the real API with any fields removed,
 * added or replaced by any JSON value (and the values JSON cannot carry: undefined, NaN, ±Infinity).
 */
import { readdirSync, readFileSync } from 'node:fs';
import fc from 'fast-check';
import { describe, expect, it, vi } from 'vitest';
import { runsOf, timed } from './harness.js';

type Check = { is: (value: unknown) => boolean };
type Schemas = Map<string, Check>;

/** Each schema module, imported anew after vi.resetModules(). */
const MODULES: Record<string, () => Promise<Record<string, unknown>>> = {
  catalog: () => import('../../src/schemas/catalog.js'),
  common: () => import('../../src/schemas/common.js'),
  favorites: () => import('../../src/schemas/favorites.js'),
  notifications: () => import('../../src/schemas/notifications.js'),
  products: () => import('../../src/schemas/products.js'),
  reviews: () => import('../../src/schemas/reviews.js'),
  shops: () => import('../../src/schemas/shops.js'),
  sku: () => import('../../src/schemas/sku.js'),
  user: () => import('../../src/schemas/user.js'),
};

/** Every exported schema of src/schemas/, by module and name. */
async function loadSchemas(): Promise<Schemas> {
  const schemas: Schemas = new Map();
  for (const [name, load] of Object.entries(MODULES)) {
    for (const [exported, value] of Object.entries(await load())) {
      if (value && typeof (value as Check).is === 'function')
        schemas.set(`${name}.${exported}`, value as Check);
    }
  }
  return schemas;
}

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
/** One change at one object or array of an answer: picked by index, applied to a copy. */
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
  for (const change of changes) {
    const { at, key, kind, name } = change;
    // A copy each time: one shared `{}` added inside itself would make a cycle.
    const value = structuredClone(change.value);
    const places = containers(copy) as Record<string, unknown>[];
    const target = places[at % places.length];
    if (!target) continue;
    const keys = Object.keys(target);
    const field = keys.length > 0 ? (keys[key % keys.length] as string) : name;
    if (kind === 'remove') delete target[field];
    else if (kind === 'replace') target[field] = value;
    else Object.defineProperty(target, name, { value, enumerable: true, writable: true, configurable: true });
  }
  return copy;
}

describe('compiled answer checks', () => {
  it('give the verdict of the interpreted checks for every schema on any changed recorded answer', async () => {
    const interpreted = await loadSchemas();
    // A second copy of the schema modules, made after the compiler is set (as src/node.ts does).
    vi.resetModules();
    const check = await import('../../src/schemas/check.js');
    const { compileObject } = await import('../../src/schemas/compile.js');
    let generated = 0;
    check.useCompiler((keys, kinds, tests) => {
      const made = compileObject(keys, kinds, tests);
      if (made) generated++;
      return made;
    });
    const compiled = await loadSchemas();
    expect([...compiled.keys()]).toEqual([...interpreted.keys()]);
    expect(compiled.size).toBeGreaterThan(80);

    let matches = 0;
    let verdicts = 0;
    await timed('compiled answer checks', () =>
      fc.assert(
        fc.asyncProperty(fc.nat(), fc.array(change, { maxLength: 4 }), async (pick, changes) => {
          const answer = mutated(answers[pick % answers.length], changes);
          for (const [name, schema] of interpreted) {
            const expected = schema.is(answer);
            const got = (compiled.get(name) as Check).is(answer);
            if (got !== expected) throw new Error(`${name}: compiled ${got}, interpreted ${expected}`);
            verdicts++;
            if (expected) matches++;
          }
        }),
        runsOf('compiled answer checks'),
      ),
    );
    // The property saw both verdicts, and the compiled side really ran generated functions.
    expect(matches).toBeGreaterThan(500);
    expect(verdicts - matches).toBeGreaterThan(500);
    expect(generated).toBeGreaterThan(80);
  }, 60_000);
});
