/**
 * The answers the response properties are made of: any status 100–599, recorded bodies with a
 * value of the wrong type, truncated JSON, arbitrary JSON or text, huge and deeply nested values,
 * error bodies of every shape, garbage X-RateLimit-*, Location and Link headers; and the calls
 * they answer.
 */
import fc from 'fast-check';
import type { CatalogClient } from '../../src/index.js';
import { loadRecording } from '../helpers/index.js';
import { anyResponse } from './harness.js';

/**
 * The longest a call may take in fake time, from the documented bound (docs/resilience.md): at
 * most 1 + maxRetries (1 here) + 1 token replay + 3 rate-limit waits = 6 requests, redirect hops
 * included, each of which may wait for its window up to maxRateLimitWait (65 s, plus the reset
 * margin and jitter of at most 0.5 s) and then its per-attempt timeout (1 s here). A 307 chain on a
 * one-call window legitimately takes five windows.
 */
export const MAX_CALL_MS = 6 * (65_000 + 500 + 1_000);

const headerText = fc.string({
  unit: fc.integer({ min: 0x20, max: 0x7e }).map((c) => String.fromCharCode(c)),
  maxLength: 16,
});
const garbageNumber = fc.oneof(
  fc.integer({ min: -(2 ** 40), max: 2 ** 40 }).map(String),
  fc.double().map(String),
  fc.constantFrom(
    '',
    '0',
    '-1',
    '1e308',
    ' 5 ',
    '0x10',
    'NaN',
    '2000-01-01',
    '99999999999999999999',
    '100, 100',
  ),
  headerText,
);
/** Reset: garbage, or seconds relative to now (the past, this window, far ahead). */
const resetSpec = fc.oneof(
  garbageNumber.map((text) => ({ text })),
  fc.integer({ min: -10_000_000, max: 2_000_000_000 }).map((offset) => ({ offset })),
  fc.integer({ min: -5, max: 120 }).map((offset) => ({ offset })),
);
const location = fc.oneof(
  fc.constantFrom(
    'http://[',
    '::',
    '//evil.test/x',
    '/relative',
    'javascript:alert(1)',
    '%',
    '',
    'https://api.props.test/api/v3/echo',
    'https://api.props.test/api/v3/categories/88',
    'http://a b',
    'https://api.props.test:99999/',
    '?page=2',
  ),
  headerText,
);
const link = fc.oneof(
  fc.constantFrom(
    '<https://api.props.test/api/v3/categories/40/skus?page=2>; rel="next"',
    '<::>; rel=next',
    '<>; rel="next"',
  ),
  headerText,
);

interface AnswerSpec {
  status: number;
  body: Body;
  limit?: string | undefined;
  remaining?: string | undefined;
  reset?: { text: string } | { offset: number } | undefined;
  location?: string | undefined;
  link?: string | undefined;
  contentType?: string | undefined;
}

const status = fc.oneof(
  fc.integer({ min: 100, max: 599 }),
  fc.constantFrom(
    200,
    201,
    204,
    301,
    302,
    303,
    304,
    307,
    308,
    400,
    401,
    403,
    404,
    422,
    429,
    500,
    502,
    503,
    504,
  ),
);

const RECORDED = ['categories_show', 'category_skus_filters', 'manufacturers_show', 'search_invalid'].map(
  (name) => loadRecording(name).response.body,
);

/** A body built when answered (huge ones are not kept in the case), shown by what it is in counterexamples. */
type Body = { (): string; [fc.toStringMethod](): string };
function lazy(description: string, make: () => string): Body {
  return Object.assign(make, { [fc.toStringMethod]: () => description });
}

type Json = null | boolean | number | string | Json[] | { [key: string]: Json };

/** Every path into a JSON value (bounded), for mutations. */
function paths(value: Json, prefix: (string | number)[] = [], out: (string | number)[][] = []) {
  if (out.length > 400) return out;
  out.push(prefix);
  if (Array.isArray(value)) {
    for (const [i, v] of value.entries()) paths(v, [...prefix, i], out);
  } else if (value && typeof value === 'object')
    for (const [k, v] of Object.entries(value)) paths(v, [...prefix, k], out);
  return out;
}

/** The value with the one at `path` replaced (or deleted when `replacement` is undefined). */
function mutate(value: Json, path: (string | number)[], replacement: Json | undefined): Json | undefined {
  if (path.length === 0) return replacement;
  const [head, ...rest] = path as [string | number, ...(string | number)[]];
  const copy: Json = Array.isArray(value) ? [...value] : { ...(value as Record<string, Json>) };
  const next = mutate((copy as Record<string, Json>)[head] as Json, rest, replacement);
  if (next === undefined && !Array.isArray(copy)) delete (copy as Record<string, Json>)[head];
  else (copy as Record<string, Json>)[head] = next as Json;
  return copy;
}

const recordedText = fc.constantFrom(...RECORDED.map((body) => JSON.stringify(body)));
const body: fc.Arbitrary<Body> = fc.oneof(
  // A recorded answer with one value of another type, or missing.
  {
    weight: 5,
    arbitrary: fc
      .tuple(
        fc.constantFrom(...(RECORDED as Json[])),
        fc.nat(),
        fc.option(fc.jsonValue({ maxDepth: 2 }) as fc.Arbitrary<Json>, { nil: undefined }),
      )
      .map(([recorded, pick, replacement]) => {
        const all = paths(recorded);
        const path = all[pick % all.length]!;
        const text = JSON.stringify(mutate(recorded, path, replacement) ?? null);
        return lazy(
          `recorded, ${path.join('.')} = ${JSON.stringify(replacement)}: ${text.slice(0, 200)}`,
          () => text,
        );
      }),
  },
  // Truncated JSON.
  {
    weight: 2,
    arbitrary: fc.tuple(recordedText, fc.nat()).map(([t, n]) => {
      const text = t.slice(0, n % t.length);
      return lazy(`truncated: ${text.slice(-80)}`, () => text);
    }),
  },
  {
    weight: 2,
    arbitrary: fc.jsonValue({ maxDepth: 3 }).map((v) => {
      const text = JSON.stringify(v);
      return lazy(text, () => text);
    }),
  },
  { weight: 1, arbitrary: fc.string({ maxLength: 40 }).map((t) => lazy(JSON.stringify(t), () => t)) },
  // Error bodies of every shape, and the rate-limit 403's `{ message }`.
  {
    weight: 2,
    arbitrary: fc
      .oneof(
        fc.record({ errors: fc.jsonValue({ maxDepth: 2 }) }),
        fc.record({ message: fc.jsonValue({ maxDepth: 1 }) }),
        fc.constant({ message: 'API rate limit exceeded' }),
      )
      .map((v) => {
        const text = JSON.stringify(v);
        return lazy(text, () => text);
      }),
  },
  // Deeply nested values.
  {
    weight: 1,
    arbitrary: fc
      .tuple(fc.integer({ min: 1_000, max: 10_000 }), fc.boolean())
      .map(([depth, arrays]) =>
        lazy(`${arrays ? 'arrays' : 'objects'} nested ${depth} deep`, () =>
          arrays
            ? `${'['.repeat(depth)}${']'.repeat(depth)}`
            : `${'{"category":'.repeat(depth)}1${'}'.repeat(depth)}`,
        ),
      ),
  },
  // Huge values (built when answered, not kept in the case).
  {
    weight: 1,
    arbitrary: fc
      .integer({ min: 100_000, max: 1_000_000 })
      .map((size) =>
        lazy(`a category named ${size} x's`, () =>
          JSON.stringify({ category: { id: 1, name: 'x'.repeat(size) }, meta: Array(size >> 6).fill(1) }),
        ),
      ),
  },
  { weight: 1, arbitrary: fc.constant(lazy('empty', () => '')) },
);

export const answer: fc.Arbitrary<AnswerSpec> = fc.record(
  {
    status,
    body,
    limit: garbageNumber,
    remaining: garbageNumber,
    reset: resetSpec,
    location,
    link,
    contentType: fc.constantFrom('application/json', 'text/html', 'application/json; charset=utf-8', ''),
  },
  { requiredKeys: ['status', 'body'] },
);

export function toResponse(spec: AnswerSpec): Response {
  const headers = new Headers();
  if (spec.limit !== undefined) headers.set('x-ratelimit-limit', spec.limit);
  if (spec.remaining !== undefined) headers.set('x-ratelimit-remaining', spec.remaining);
  if (spec.reset !== undefined)
    headers.set(
      'x-ratelimit-reset',
      'text' in spec.reset ? spec.reset.text : String(Math.floor(Date.now() / 1000) + spec.reset.offset),
    );
  if (spec.location !== undefined) headers.set('location', spec.location);
  if (spec.link !== undefined) headers.set('link', spec.link);
  if (spec.contentType) headers.set('content-type', spec.contentType);
  return anyResponse(spec.status, spec.body(), headers);
}

type Call = (api: CatalogClient) => PromiseLike<unknown>;
export const CALLS: [string, Call][] = [
  ['categories.get', (api) => api.catalog.categories.get(88)],
  ['manufacturers.get', (api) => api.catalog.manufacturers.get(12907)],
  ['categories.skus toArray', (api) => api.catalog.categories.skus(40).toArray({ limit: 60 })],
  ['search', (api) => api.catalog.search({ q: 'iphone' })],
  ['request GET', (api) => api.request({ method: 'GET', path: '/echo' })],
  ['request POST', (api) => api.request({ method: 'POST', path: '/echo', body: { a: 1 } })],
];
