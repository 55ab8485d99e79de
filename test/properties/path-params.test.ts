/**
 * `api.request({ path: '/shops/{id}/locations', params })`: any value put in a placeholder reaches
 * the server as exactly one path segment, as given, or the call fails with InvalidRequestError
 * before any request (issue 10 §4).
 */
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { InvalidRequestError } from '../../src/index.js';
import { BASE_PATH, runsOf, stubClient, timed, watchUnhandled } from './harness.js';

const piece = fc.oneof(
  fc.constantFrom(
    '..',
    '.',
    '%2e%2e',
    '%2E.',
    '.%2e',
    '',
    '?',
    '#',
    '?a=1',
    '#x',
    '%',
    '%2F',
    '%3F',
    '\\',
    '@',
    ':',
  ),
  fc.string({ unit: 'binary', maxLength: 6 }),
  fc.string({ unit: fc.constantFrom(...'abc09-_~é€/.%?#'), maxLength: 6 }),
);
const unhandled = watchUnhandled();
beforeAll(() => unhandled.start());
afterAll(() => {
  unhandled.stop();
  expect(unhandled.seen).toEqual([]);
});

describe('api.request path params', () => {
  it('a {placeholder} value reaches the server as exactly one segment, or is refused before sending', async () => {
    const { api, seen } = stubClient(() => Response.json({}));
    const value = fc.oneof(
      fc.string({ unit: 'binary', maxLength: 10 }),
      piece,
      fc.integer(),
      fc.double(),
      fc.constantFrom<unknown>(null, undefined, true, {}, [], 1n),
    );
    await timed('path params', () =>
      fc.assert(
        fc.asyncProperty(value, async (id) => {
          seen.length = 0;
          const error = await Promise.resolve()
            .then(() =>
              api.request({
                method: 'GET',
                path: '/shops/{id}/locations',
                params: { id } as Record<string, string>,
              }),
            )
            .then(
              () => undefined,
              (e: unknown) => e,
            );
          if (error !== undefined) {
            expect(error, String(error)).toBeInstanceOf(InvalidRequestError);
            expect(seen).toHaveLength(0);
            return;
          }
          expect(seen).toHaveLength(1);
          const url = seen[0]!.url;
          expect(url.search).toBe('');
          const segments = url.pathname.slice(BASE_PATH.length).split('/');
          expect(segments).toHaveLength(4);
          expect([segments[1], segments[3]]).toEqual(['shops', 'locations']);
          expect(decodeURIComponent(segments[2]!)).toBe(String(id));
        }),
        runsOf('path params'),
      ),
    );
  }, 120_000);
});
