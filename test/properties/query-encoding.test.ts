/**
 * Query encoding, as the server side sees it: for any params, the decoded query of the request sent
 * is exactly the pairs the params mean (arrays as `name[]`, fieldsets as `fields[resource]=a,b`,
 * linked resources comma-separated), or the call is refused with InvalidRequestError before any
 * request. A refusal is right only for what the query cannot carry (a lone surrogate, a non-finite
 * number, a comma inside one item of a comma-separated list, an empty field name, a `[` or `]` in
 * a fieldset's resource name).
 */
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { InvalidRequestError, type QueryParams } from '../../src/index.js';
import { createSandbox } from '../../src/sandbox/index.js';
import { BASE_PATH, runsOf, stubClient, timed, watchUnhandled } from './harness.js';

const COMMA_LISTS = new Set(['embed', 'embed_ids', 'include']);
const FIELDSETS = new Set(['fields', 'fields_except']);

type Scalar = string | number | boolean;
type Pairs = [string, string][];

/** Strings of any UTF-16 code units, lone surrogates and reserved characters included. */
const anyString = fc.oneof(
  fc.string({ unit: 'binary', maxLength: 12 }),
  fc.string({ unit: fc.constantFrom(...'&=?#%+/[],;: \u00e9\u20ac\ud83d\ude00\ud800\u0000'), maxLength: 8 }),
  fc.string({ maxLength: 12 }),
);
const anyNumber = fc.oneof(fc.integer(), fc.double(), fc.constantFrom(Number.NaN, Infinity, -0, 1e21, 5e-7));
const scalar: fc.Arbitrary<Scalar> = fc.oneof(anyString, anyNumber, fc.boolean());
const plainName = anyString.filter((n) => n.length > 0 && !COMMA_LISTS.has(n) && !FIELDSETS.has(n));
const fieldList = fc.array(anyString, { maxLength: 4 });

const params: fc.Arbitrary<QueryParams> = fc
  .tuple(
    fc.dictionary(
      plainName,
      fc.oneof(scalar, fc.array(scalar, { maxLength: 4 }), fc.constant(null), fc.constant(undefined)),
      { maxKeys: 4 },
    ),
    fc.option(fc.oneof(fieldList, fc.dictionary(anyString, fieldList, { maxKeys: 3 })), { nil: undefined }),
    fc.option(fc.oneof(fieldList, fc.dictionary(anyString, fieldList, { maxKeys: 3 })), { nil: undefined }),
    fc.option(fc.oneof(anyString, fc.array(anyString, { maxLength: 4 })), { nil: undefined }),
    fc.option(fc.array(fc.oneof(fc.nat(), anyString), { maxLength: 3 }), { nil: undefined }),
  )
  .map(([plain, fields, fields_except, embed, include]) => ({
    ...plain,
    ...(fields !== undefined && { fields }),
    ...(fields_except !== undefined && { fields_except }),
    ...(embed !== undefined && { embed }),
    ...(include !== undefined && { include }),
  }));

/** No lone surrogate (String#isWellFormed, which the ES2022 lib does not type). */
const wellFormed = (s: string) => !/\p{Cs}/u.test(s);
const text = (v: Scalar) => (typeof v === 'boolean' ? String(v) : String(v));
const representable = (v: Scalar) =>
  typeof v === 'number' ? Number.isFinite(v) : typeof v === 'string' ? wellFormed(v) : true;

/** What the params mean as query pairs, or undefined when the query cannot carry them. */
function meaning(query: QueryParams): Pairs | undefined {
  const pairs: Pairs = [];
  for (const [name, value] of Object.entries(query)) {
    if (value === undefined || value === null) continue;
    if (!wellFormed(name)) return undefined;
    if (FIELDSETS.has(name)) {
      const byResource = (Array.isArray(value) ? { root: value } : value) as Record<
        string,
        readonly string[] | undefined
      >;
      for (const [resource, fields] of Object.entries(byResource)) {
        if (fields === undefined) continue;
        if (!wellFormed(resource) || /[[\]]/.test(resource)) return undefined;
        if (fields.some((f: string) => f.length === 0 || f.includes(',') || !wellFormed(f))) return undefined;
        if (fields.length > 0) pairs.push([`${name}[${resource}]`, fields.join(',')]);
      }
    } else if (COMMA_LISTS.has(name)) {
      const list = (Array.isArray(value) ? value : [value]) as Scalar[];
      if (list.some((v) => !representable(v) || text(v).includes(','))) return undefined;
      if (list.length > 0) pairs.push([name, list.map(text).join(',')]);
    } else if (Array.isArray(value)) {
      if (!(value as Scalar[]).every(representable)) return undefined;
      for (const v of value as Scalar[]) pairs.push([`${name}[]`, text(v)]);
    } else {
      if (!representable(value as Scalar)) return undefined;
      pairs.push([name, text(value as Scalar)]);
    }
  }
  return pairs;
}

const unhandled = watchUnhandled();
beforeAll(() => unhandled.start());
afterAll(() => {
  unhandled.stop();
  expect(unhandled.seen).toEqual([]);
});

describe('query encoding', () => {
  it('the server sees exactly the params meant, or the call is refused before sending', async () => {
    const { api, seen } = stubClient(() => Response.json({ ok: true }));
    await timed('query pairs', () =>
      fc.assert(
        fc.asyncProperty(params, async (query) => {
          seen.length = 0;
          const expected = meaning(query);
          const result = await api.request({ method: 'GET', path: '/echo', query }).then(
            () => undefined,
            (error: unknown) => error,
          );
          if (result !== undefined) {
            expect(result).toBeInstanceOf(InvalidRequestError);
            expect(seen).toHaveLength(0);
            // Refused only what the query cannot carry.
            expect(expected).toBeUndefined();
            return;
          }
          expect(expected).toBeDefined();
          expect(seen).toHaveLength(1);
          const url = seen[0]!.url;
          expect(url.pathname).toBe(`${BASE_PATH}/echo`);
          expect(url.hash).toBe('');
          expect([...url.searchParams]).toEqual(expected);
          // On the wire, byte for byte what the platform's form encoding gives for those pairs.
          const sent = url.search.slice(1);
          expect(sent).toBe(new URLSearchParams(expected).toString());
        }),
        runsOf('query pairs'),
      ),
    );
  }, 120_000);

  it('the sandbox reads back any search q as sent, or the call is refused before sending', async () => {
    const sandbox = createSandbox();
    const { api } = stubClient(() => new Response(null), {
      baseUrl: sandbox.baseUrl,
      token: sandbox.issueToken(),
      fetch: sandbox.fetch,
      validation: 'off',
      rateLimit: 100_000,
    });
    await timed('search q at the sandbox', () =>
      fc.assert(
        fc.asyncProperty(anyString, async (q) => {
          sandbox.clearRequests();
          sandbox.reset();
          const error = await api.catalog.search({ q }).then(
            () => undefined,
            (e: unknown) => e,
          );
          const calls = sandbox.apiCalls({ path: '/search' });
          if (calls.length === 0) {
            expect(error).toBeInstanceOf(InvalidRequestError);
            // The SDK refuses a q of under 2 characters (after trimming), as the server would with 422.
            expect(q.trim().length < 2 || !wellFormed(q)).toBe(true);
            return;
          }
          expect(calls).toHaveLength(1);
          expect(calls[0]!.query.getAll('q')).toEqual([q]);
        }),
        runsOf('search q at the sandbox'),
      ),
    );
  }, 120_000);
});
