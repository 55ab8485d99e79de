/**
 * Ids in paths: for any value given as a record id, the server sees `/<resource>/<the id>` as one
 * path segment, or the call fails with InvalidRequestError before any request (issue 10 §4: BigInt,
 * objects, NaN, floats, negatives, strings with `/`, `?`, `#`, `..`), with a message that can be read.
 */
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type CatalogClient, InvalidRequestError } from '../../src/index.js';
import { BASE_PATH, runsOf, stubClient, timed, watchUnhandled } from './harness.js';

const reserved = fc.constantFrom(
  '/',
  '?',
  '#',
  '..',
  '.',
  '%2e%2e',
  '%2F',
  ' ',
  '\u00e9',
  '\ud800',
  '1e3',
  '0x1f',
);
const idLike: fc.Arbitrary<unknown> = fc.oneof(
  fc.integer({ min: -3, max: 3_000_000_000 }),
  fc.maxSafeInteger(),
  fc.constantFrom(Number.MAX_SAFE_INTEGER + 1, Number.NaN, Infinity, -Infinity, -0, 0.5, 1e21),
  fc.double(),
  fc.bigInt(),
  fc.nat().map(String),
  fc.tuple(fc.nat(), reserved, fc.nat()).map(([a, r, b]) => `${a}${r}${b}`),
  fc.string({ unit: 'binary', maxLength: 8 }),
  fc.constantFrom(null, undefined, true, false, [], [1], {}, { id: 1 }, Symbol('id'), () => 1),
  fc.object({ maxDepth: 1 }),
);

/** The segment the server must see for a valid id, or undefined for an id that must be refused. */
function segment(value: unknown): string | undefined {
  const n = typeof value === 'string' && /^\d+$/.test(value) ? Number(value) : value;
  return typeof n === 'number' && Number.isSafeInteger(n) && n > 0 ? String(n) : undefined;
}

type Method = (api: CatalogClient, id: never) => PromiseLike<unknown>;
const METHODS: [string, Method][] = [
  ['categories', (api, id) => api.catalog.categories.get(id)],
  ['manufacturers', (api, id) => api.catalog.manufacturers.get(id)],
  ['skus', (api, id) => api.skus.get(id)],
  ['shops', (api, id) => api.shops.get(id)],
];

const unhandled = watchUnhandled();
beforeAll(() => unhandled.start());
afterAll(() => {
  unhandled.stop();
  expect(unhandled.seen).toEqual([]);
});

describe('ids in paths', () => {
  it('the server sees the id as its one path segment, or the call is refused before sending', async () => {
    // A 404 answers whatever is sent: only the request matters here.
    const { api, seen } = stubClient(() =>
      Response.json({ errors: [{ code: 'RecordNotFound', messages: ['no'] }] }, { status: 404 }),
    );
    await timed('ids in paths', () =>
      fc.assert(
        fc.asyncProperty(fc.constantFrom(...METHODS), idLike, async ([resource, method], value) => {
          seen.length = 0;
          const error = await Promise.resolve()
            .then(() => method(api, value as never))
            .then(
              () => undefined,
              (e: unknown) => e,
            );
          const expected = segment(value);
          if (expected === undefined) {
            expect(error).toBeInstanceOf(InvalidRequestError);
            expect(typeof (error as Error).message).toBe('string');
            expect(seen).toHaveLength(0);
          } else {
            expect(seen).toHaveLength(1);
            expect(seen[0]!.url.pathname).toBe(`${BASE_PATH}/${resource}/${expected}`);
            expect(seen[0]!.url.search).toBe('');
          }
        }),
        runsOf('ids in paths'),
      ),
    );
  }, 120_000);
});
