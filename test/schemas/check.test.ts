import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import * as v from '../../src/schemas/check.js';

// Properties of the hand-written checker (src/schemas/check.ts) on random schemas: a value built
// to match passes and is returned as is, unknown keys included; one wrong value anywhere fails
// with an issue at exactly its path; `is` and `safeParse` agree on any JSON value.

type Node =
  | { kind: 'string' | 'number' | 'boolean' }
  | { kind: 'nullable' | 'optional' | 'array'; inner: Node }
  | { kind: 'object'; fields: [string, Node][] };

const key = fc.stringMatching(/^[a-z_]{1,6}$/);

const { node } = fc.letrec<{ node: Node }>((tie) => ({
  node: fc.oneof(
    { depthSize: 'small', withCrossShrink: true },
    fc.constantFrom<Node>({ kind: 'string' }, { kind: 'number' }, { kind: 'boolean' }),
    fc.record({
      kind: fc.constantFrom('nullable' as const, 'optional' as const, 'array' as const),
      inner: tie('node'),
    }),
    fc.record({
      kind: fc.constant('object' as const),
      fields: fc.uniqueArray(fc.tuple(key, tie('node')), { maxLength: 5, selector: ([k]) => k }),
    }),
  ) as fc.Arbitrary<Node>,
}));

function schemaOf(n: Node): v.Schema<unknown> {
  switch (n.kind) {
    case 'string':
      return v.string();
    case 'number':
      return v.number();
    case 'boolean':
      return v.boolean();
    case 'nullable':
      return v.nullable(schemaOf(n.inner));
    case 'optional':
      return v.optional(schemaOf(n.inner));
    case 'array':
      return v.array(schemaOf(n.inner));
    case 'object':
      return v.object(Object.fromEntries(n.fields.map(([k, f]) => [k, schemaOf(f)])));
  }
}

/** Values that match `n`; objects carry an extra key no schema lists. */
function matching(n: Node): fc.Arbitrary<unknown> {
  switch (n.kind) {
    case 'string':
      return fc.string();
    case 'number':
      return fc.double({ noNaN: true, noDefaultInfinity: true });
    case 'boolean':
      return fc.boolean();
    case 'nullable':
      return fc.oneof(fc.constant(null), matching(n.inner));
    case 'optional':
      return fc.oneof(fc.constant(undefined), matching(n.inner));
    case 'array':
      return fc.array(matching(n.inner), { maxLength: 3 });
    case 'object':
      return fc.tuple(...n.fields.map(([, f]) => matching(f)), fc.jsonValue()).map((values) => ({
        ...Object.fromEntries(n.fields.map(([k], i) => [k, values[i]])),
        'unlisted-key': values[n.fields.length],
      }));
  }
}

/** A value `n` refuses, whatever it wraps: a string for containers, an object for primitives. */
const wrongFor = (n: Node): unknown =>
  n.kind === 'nullable' || n.kind === 'optional'
    ? wrongFor(n.inner)
    : n.kind === 'object' || n.kind === 'array'
      ? 'wrong'
      : n.kind === 'string'
        ? 1
        : { wrong: true };

type Spot = { path: (string | number)[]; node: Node };

/** The places in `value` (matching `n`) where a wrong value can go, with the node there. */
function spots(n: Node, value: unknown, path: (string | number)[] = []): Spot[] {
  const here = [{ path, node: n }];
  if (value === null || value === undefined) return here;
  if (n.kind === 'nullable' || n.kind === 'optional') return spots(n.inner, value, path);
  if (n.kind === 'array')
    return [...here, ...(value as unknown[]).flatMap((item, i) => spots(n.inner, item, [...path, i]))];
  if (n.kind === 'object') {
    const record = value as Record<string, unknown>;
    return [...here, ...n.fields.flatMap(([k, f]) => spots(f, record[k], [...path, k]))];
  }
  return here;
}

function setAt(value: unknown, path: (string | number)[], replacement: unknown): unknown {
  if (path.length === 0) return replacement;
  const [head, ...rest] = path as [string | number, ...(string | number)[]];
  const copy = (Array.isArray(value) ? [...value] : { ...(value as object) }) as Record<
    string | number,
    unknown
  >;
  copy[head] = setAt(copy[head], rest, replacement);
  return copy;
}

const withValue = node.chain((n) => fc.tuple(fc.constant(n), matching(n)));

describe('the answer checker (src/schemas/check.ts)', () => {
  it('a matching value passes and is returned as is, unknown keys kept', () => {
    fc.assert(
      fc.property(withValue, ([n, value]) => {
        const result = schemaOf(n).safeParse(value);
        expect(result.error?.issues).toBeUndefined();
        expect(result.data).toBe(value);
      }),
    );
  });

  it('one wrong value fails with one issue at its path', () => {
    fc.assert(
      fc.property(
        withValue.chain(([n, value]) =>
          fc.tuple(fc.constant(n), fc.constant(value), fc.constantFrom(...spots(n, value))),
        ),
        ([n, value, spot]) => {
          const result = schemaOf(n).safeParse(setAt(value, spot.path, wrongFor(spot.node)));
          expect(result.success).toBe(false);
          expect(result.error?.issues.map((issue) => issue.path)).toEqual([spot.path]);
          expect(result.error?.issues[0]?.code).toBe('invalid_type');
        },
      ),
    );
  });

  it('`is` and `safeParse` agree on any JSON value', () => {
    fc.assert(
      fc.property(node, fc.jsonValue(), (n, value) => {
        const schema = schemaOf(n);
        const result = schema.safeParse(value);
        expect(result.success).toBe(schema.is(value));
        if (!result.success) expect(result.error.issues.length).toBeGreaterThan(0);
      }),
    );
  });

  it('a field of primitives is checked inline exactly as by its own `is`', () => {
    // Objects and arrays test string/number/boolean fields (nullable, optional, nested so) by
    // their KIND bits in their own loop: the same answer as the field schema's `is`, for any value.
    const leaves = [v.string(), v.number(), v.boolean()];
    const primitive: fc.Arbitrary<v.Schema<unknown>> = fc
      .tuple(fc.constantFrom(...leaves), fc.array(fc.constantFrom('nullable', 'optional'), { maxLength: 3 }))
      .map(([leaf, wraps]) =>
        wraps.reduce<v.Schema<unknown>>((s, w) => (w === 'nullable' ? v.nullable(s) : v.optional(s)), leaf),
      );
    const anyValue = fc.oneof(
      fc.anything(),
      fc.constantFrom(
        Number.NaN,
        Number.POSITIVE_INFINITY,
        Number.NEGATIVE_INFINITY,
        -0,
        0n,
        undefined,
        null,
      ),
    );
    fc.assert(
      fc.property(primitive, anyValue, (schema, value) => {
        expect(schema.kind).toBeTypeOf('number');
        const alone = schema.is(value);
        expect(v.object({ f: schema }).is({ f: value })).toBe(alone);
        expect(v.array(schema).is([value])).toBe(alone);
        expect(v.object({ f: schema }).safeParse({ f: value }).success).toBe(alone);
      }),
    );
    expect(v.unknown().kind).toBeUndefined();
    expect(v.object({ f: v.unknown() }).is({ f: Symbol('x') })).toBe(true);
  });

  it('literals, enums, records, unions and object helpers', () => {
    const base = v.object({ a: v.string(), b: v.optional(v.number()), c: v.nullable(v.boolean()) });
    expect(v.pick(base, { a: true }).safeParse({ a: 'x' }).success).toBe(true);
    expect(v.omit(base, { a: true }).safeParse({ c: null }).success).toBe(true);
    expect(v.partial(base).safeParse({}).success).toBe(true);
    expect(v.required(base, { b: true }).safeParse({ a: 'x', c: true }).error?.issues).toEqual([
      { code: 'invalid_type', path: ['b'], message: 'Invalid input: expected number, received undefined' },
    ]);
    expect(v.extend(base, { a: v.number() }).safeParse({ a: 1, c: false }).success).toBe(true);
    expect(v.literal('x').safeParse('y').error?.issues[0]?.code).toBe('invalid_value');
    expect(v.enum(['x', 'y']).safeParse('y').success).toBe(true);
    expect(v.record(v.string(), v.number()).safeParse({ a: 1, b: 'no' }).error?.issues[0]?.path).toEqual([
      'b',
    ]);
    expect(v.union([v.string(), v.number()]).safeParse(true).error?.issues[0]?.code).toBe('invalid_union');
    expect(v.nullish(base).safeParse(undefined).success).toBe(true);
    expect(v.object({}).safeParse([]).success).toBe(false);
  });
});
