/**
 * The SDK's answer checker: a small schema builder with the names and types of the zod/mini calls
 * the schemas used (`object`, `optional`, `extend`, `pick`, `infer`…), and no more.
 *
 * Written by hand on purpose (docs/architecture.md, "Dependency decisions", has the numbers):
 * zod/mini weighed 6.8 KB min+gz in a one-module browser bundle, which alone kept it over its
 * 20 KB budget; valibot 1.x, the modular alternative, checks a 25-SKU page about 3.5x slower than
 * zod's JIT parser (over the validation bench's bound); this checker is about 1 KB and as fast as
 * that JIT parser in a loop, without generating code (so it also runs under a strict CSP).
 * Inside real calls it took ~18 µs a 25-SKU page, a fifth of the SDK's own time: in Node, Bun and
 * Deno, src/schemas/compile.ts makes each object's check a generated function (~4.5 µs), and
 * browser and edge bundles never hold that code (docs/architecture.md, "Answer checks in Node,
 * Bun and Deno").
 *
 * A schema has two checks: `is`, a fast yes/no with no allocation that every answer runs, and
 * `explain`, run only when `is` fails, which collects every issue with its path and code (the
 * codes and messages zod gave: `invalid_type`, `invalid_value`, `invalid_union`). Objects check
 * the keys they list and ignore the others; the SDK returns the body as sent.
 */

/** One mismatch: where, what, and a zod-compatible code. */
export interface Issue {
  path: (string | number)[];
  message: string;
  code: string;
}

type Path = (string | number)[];

/** A schema of `T` (the type is carried for inference only). */
export interface Schema<T = unknown> {
  /** Phantom: the checked type. */
  readonly '~type'?: T;
  /** True when `value` matches. */
  readonly is: (value: unknown) => boolean;
  /** Adds the issues of a value that does not match (`is` returned false) to `issues`. */
  readonly explain: (value: unknown, path: Path, issues: Issue[]) => void;
  /** The same as zod's `safeParse`, without the copy: `data` is `value` itself. */
  safeParse(value: unknown): SafeParseResult<T>;
  /**
   * For a schema of primitives only (`string`, `nullable(number)`, `optional(boolean)`…): the
   * set of KIND bits it accepts, so that objects and arrays test such fields inline.
   */
  readonly kind?: number;
}

export type SafeParseResult<T> =
  | { success: true; data: T; error?: undefined }
  | { success: false; data?: undefined; error: { issues: Issue[] } };

/** A schema whose key may be missing from its object. */
export interface OptionalSchema<T = unknown> extends Schema<T | undefined> {
  readonly optional: true;
  readonly inner: Schema<T>;
}

export type Shape = { readonly [key: string]: Schema<unknown> };

type Flatten<T> = { [K in keyof T]: T[K] } & {};

// Key remapping (`as`) keeps the keys in the order the shape lists them, as editors show them.
type ObjectOutput<S extends Shape> = [keyof S] extends [never]
  ? { [key: string]: never }
  : Flatten<
      { -readonly [K in keyof S as S[K] extends { readonly optional: true } ? never : K]: Infer<S[K]> } & {
        -readonly [K in keyof S as S[K] extends { readonly optional: true } ? K : never]?: Infer<S[K]>;
      }
    >;

/** An object schema; `shape` lists its keys' schemas. */
export interface ObjectSchema<S extends Shape = Shape> extends Schema<ObjectOutput<S>> {
  readonly shape: S;
}

/** The type a schema checks. */
type Infer<S> = S extends Schema<infer T> ? T : never;

export type { Infer as infer };

// --- building blocks ------------------------------------------------------------------------

function received(value: unknown): string {
  return value === null ? 'null' : Array.isArray(value) ? 'array' : typeof value;
}

// The kinds of a primitive value, as bits. Objects and arrays test a field of primitives with
// `kind & kindOf(value)` in their own loop rather than through the field's `is`: most fields of
// an answer are primitives, and a 25-SKU page has ~750 of them.
export const STRING_KIND = 1;
export const NUMBER_KIND = 2;
export const BOOLEAN_KIND = 4;
export const NULL_KIND = 8;
export const UNDEFINED_KIND = 16;

function kindOf(value: unknown): number {
  switch (typeof value) {
    case 'string':
      return STRING_KIND;
    case 'number':
      // NaN and Infinity are not numbers of JSON (zod's number() refuses them too).
      return Number.isFinite(value) ? NUMBER_KIND : 0;
    case 'boolean':
      return BOOLEAN_KIND;
    case 'undefined':
      return UNDEFINED_KIND;
    default:
      return value === null ? NULL_KIND : 0;
  }
}

function make<T>(is: (value: unknown) => boolean, explain: Schema['explain'], kind?: number): Schema<T> {
  return {
    kind,
    is,
    explain,
    safeParse(value) {
      if (is(value)) return { success: true, data: value as T };
      const issues: Issue[] = [];
      explain(value, [], issues);
      return { success: false, error: { issues } };
    },
  };
}

function typed<T>(expected: string, is: (value: unknown) => boolean, kind?: number): Schema<T> {
  return make(
    is,
    (value, path, issues) => {
      issues.push({
        code: 'invalid_type',
        path,
        message: `Invalid input: expected ${expected}, received ${received(value)}`,
      });
    },
    kind,
  );
}

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

const STRING = typed<string>('string', (value) => typeof value === 'string', STRING_KIND);
const NUMBER = typed<number>('number', Number.isFinite, NUMBER_KIND);
const BOOLEAN = typed<boolean>('boolean', (value) => typeof value === 'boolean', BOOLEAN_KIND);
const UNKNOWN = make<unknown>(
  () => true,
  () => {},
);

export const string = (): Schema<string> => STRING;
export const number = (): Schema<number> => NUMBER;
export const boolean = (): Schema<boolean> => BOOLEAN;
export const unknown = (): Schema<unknown> => UNKNOWN;

// The checks below hold the `is` of their parts, not the parts: one call less per value.

export function nullable<T>(inner: Schema<T>): Schema<T | null> {
  const is = inner.is;
  return make(
    (value) => value === null || is(value),
    (value, path, issues) => inner.explain(value, path, issues),
    inner.kind === undefined ? undefined : inner.kind | NULL_KIND,
  );
}

export function optional<T>(inner: Schema<T>): OptionalSchema<T> {
  const is = inner.is;
  return {
    ...make<T | undefined>(
      (value) => value === undefined || is(value),
      (value, path, issues) => inner.explain(value, path, issues),
      inner.kind === undefined ? undefined : inner.kind | UNDEFINED_KIND,
    ),
    optional: true,
    inner,
  };
}

export const nullish = <T>(inner: Schema<T>): OptionalSchema<T | null> => optional(nullable(inner));

function valueIssue(path: Path, message: string): Issue {
  return { code: 'invalid_value', path, message };
}

export function literal<const T extends string>(expected: T): Schema<T> {
  return make(
    (value) => value === expected,
    (_, path, issues) => {
      issues.push(valueIssue(path, `Invalid input: expected ${JSON.stringify(expected)}`));
    },
  );
}

function oneOf<const T extends readonly string[]>(values: T): Schema<T[number]> {
  return make(
    (value) => (values as readonly unknown[]).includes(value),
    (_, path, issues) => {
      issues.push(
        valueIssue(path, `Invalid option: expected one of ${values.map((v) => JSON.stringify(v)).join('|')}`),
      );
    },
  );
}

export { oneOf as enum };

export function array<T>(item: Schema<T>): Schema<T[]> {
  const is = item.is;
  const kind = item.kind;
  return make(
    kind === undefined
      ? (value) => {
          if (!Array.isArray(value)) return false;
          for (let i = 0; i < value.length; i++) if (!is(value[i])) return false;
          return true;
        }
      : (value) => {
          if (!Array.isArray(value)) return false;
          for (let i = 0; i < value.length; i++) if ((kind & kindOf(value[i])) === 0) return false;
          return true;
        },
    (value, path, issues) => {
      if (!Array.isArray(value)) return STRING_ARRAY_TYPE(value, path, issues);
      value.forEach((entry, i) => {
        if (!item.is(entry)) item.explain(entry, [...path, i], issues);
      });
    },
  );
}
const STRING_ARRAY_TYPE = typed('array', () => false).explain;

/** `{ [key: string]: T }` (zod's `record(string(), T)`). */
export function record<T>(_key: Schema<string>, item: Schema<T>): Schema<Record<string, T>> {
  return make(
    (value) => {
      if (!isRecord(value)) return false;
      for (const key in value) if (Object.hasOwn(value, key) && !item.is(value[key])) return false;
      return true;
    },
    (value, path, issues) => {
      if (!isRecord(value)) return OBJECT_TYPE(value, path, issues);
      for (const [key, entry] of Object.entries(value)) {
        if (!item.is(entry)) item.explain(entry, [...path, key], issues);
      }
    },
  );
}
const OBJECT_TYPE = typed('object', () => false).explain;

/**
 * Makes an object's `is` from its keys, their KIND bits (0: test through `tests[i]`) and tests, or
 * gives undefined. Set by the entry Node, Bun and Deno load (src/node.ts, src/schemas/compile.ts):
 * never in a browser bundle.
 */
export type ObjectCompiler = (
  keys: readonly string[],
  kinds: readonly number[],
  tests: readonly Schema['is'][],
) => Schema['is'] | undefined;

let compiler: ObjectCompiler | undefined;

/** Called once, when src/node.ts loads: each object check not yet run is made by `compile` on its first run. */
export function useCompiler(compile: ObjectCompiler): void {
  compiler = compile;
}

export function object<const S extends Shape>(shape: S): ObjectSchema<S> {
  const keys = Object.keys(shape);
  const schemas = keys.map((key) => shape[key] as Schema);
  const tests = schemas.map((schema) => schema.is);
  // 0: a field tested through its `is`.
  const kinds = schemas.map((schema) => schema.kind ?? 0);
  const count = keys.length;
  const loop = (value: unknown): boolean => {
    if (!isRecord(value)) return false;
    for (let i = 0; i < count; i++) {
      const field = value[keys[i] as string];
      const kind = kinds[i] as number;
      if (kind === 0 ? !(tests[i] as Schema['is'])(field) : (kind & kindOf(field)) === 0) return false;
    }
    return true;
  };
  // Made on the first check: the schemas are built when their modules load, before src/node.ts
  // has set the compiler.
  let check: Schema['is'] | undefined;
  return {
    ...make<ObjectOutput<S>>(
      (value) => {
        check ??= compiler?.(keys, kinds, tests) ?? loop;
        return check(value);
      },
      (value, path, issues) => {
        if (!isRecord(value)) return OBJECT_TYPE(value, path, issues);
        for (let i = 0; i < count; i++) {
          const schema = schemas[i] as Schema;
          const entry = value[keys[i] as string];
          if (!schema.is(entry)) schema.explain(entry, [...path, keys[i] as string], issues);
        }
      },
    ),
    shape,
  };
}

/** A union: the first option that matches; zod's `invalid_union` issue when none does. */
export function union<const O extends readonly Schema<unknown>[]>(options: O): Schema<Infer<O[number]>> {
  return make(
    (value) => options.some((option) => option.is(value)),
    (_, path, issues) => {
      issues.push({ code: 'invalid_union', path, message: 'Invalid input' });
    },
  );
}

/** A schema defined later (or built per call): resolved on its first use. */
export function lazy<T>(get: () => Schema<T>): Schema<T> {
  let schema: Schema<T> | undefined;
  const resolve = () => {
    schema ??= get();
    return schema;
  };
  return make(
    (value) => resolve().is(value),
    (value, path, issues) => resolve().explain(value, path, issues),
  );
}

/** A check of its own on top of `inner`: `explain` is called when `test` fails. */
export function refine<T>(
  inner: Schema<T>,
  test: (value: unknown) => boolean,
  explain: Schema['explain'],
): Schema<T> {
  return make(
    (value) => inner.is(value) && test(value),
    (value, path, issues) =>
      inner.is(value) ? explain(value, path, issues) : inner.explain(value, path, issues),
  );
}

// --- object helpers -------------------------------------------------------------------------

type Mask<S extends Shape> = { [K in keyof S]?: true };

/** `S` without the keys `K`, in the order `S` lists them. */
type Without<S, K> = { [P in keyof S as P extends K ? never : P]: S[P] };

export function extend<S extends Shape, const E extends Shape>(
  schema: ObjectSchema<S>,
  extra: E,
): ObjectSchema<Flatten<Without<S, keyof E> & E>> {
  return object({ ...schema.shape, ...extra }) as never;
}

function filter(shape: Shape, keep: (key: string) => boolean): Record<string, Schema> {
  return Object.fromEntries(Object.entries(shape).filter(([key]) => keep(key)));
}

export function pick<S extends Shape, const M extends Mask<S>>(
  schema: ObjectSchema<S>,
  mask: M,
): ObjectSchema<Flatten<{ [P in keyof S as P extends keyof M ? P : never]: S[P] }>> {
  return object(filter(schema.shape, (key) => Object.hasOwn(mask, key))) as never;
}

export function omit<S extends Shape, const M extends Mask<S>>(
  schema: ObjectSchema<S>,
  mask: M,
): ObjectSchema<Flatten<Without<S, keyof M>>> {
  return object(filter(schema.shape, (key) => !Object.hasOwn(mask, key))) as never;
}

type Partial_<S extends Shape> = {
  [K in keyof S]: S[K] extends OptionalSchema<unknown> ? S[K] : OptionalSchema<Infer<S[K]>>;
};

export function partial<S extends Shape>(schema: ObjectSchema<S>): ObjectSchema<Partial_<S>> {
  const shape = schema.shape as Shape;
  return object(
    Object.fromEntries(
      Object.entries(shape).map(([key, inner]) => [key, 'optional' in inner ? inner : optional(inner)]),
    ),
  ) as never;
}

type Required_<S extends Shape, M> = {
  [K in keyof S]: K extends keyof M ? (S[K] extends OptionalSchema<infer T> ? Schema<T> : S[K]) : S[K];
};

export function required<S extends Shape, const M extends Mask<S>>(
  schema: ObjectSchema<S>,
  mask: M,
): ObjectSchema<Required_<S, M>> {
  const shape = schema.shape as Shape;
  return object(
    Object.fromEntries(
      Object.entries(shape).map(([key, inner]) => [
        key,
        Object.hasOwn(mask, key) && 'optional' in inner ? (inner as OptionalSchema).inner : inner,
      ]),
    ),
  ) as never;
}
