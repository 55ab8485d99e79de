/**
 * `api.request({ path })`: for any path string, the request stays under the base path and the
 * server sees the path's segments exactly (no query, fragment or dot segment smuggled in), or the
 * call fails with InvalidRequestError before any request (issue 10 §4).
 *
 * White space and control characters in a raw path are refused (the URL parser would drop some of
 * them: `'/\t'` would reach the base path itself, `'/a '` would reach `/a`).
 */
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { InvalidRequestError } from '../../src/index.js';
import { BASE, BASE_PATH, runsOf, stubClient, timed, watchUnhandled } from './harness.js';

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
    ' ',
    '\t',
    '\n',
    '\u0000',
    '\u007f',
    'a\u0005',
  ),
  fc.string({ unit: 'binary', maxLength: 6 }),
  fc.string({ unit: fc.constantFrom(...'abc09-_~é€/.%?#'), maxLength: 6 }),
);
const rawPath = fc.oneof(
  fc.array(piece, { minLength: 1, maxLength: 5 }).map((parts) => `/${parts.join('/')}`),
  fc.string({ unit: 'binary', maxLength: 12 }),
);

/**
 * A segment as the server reads it: the bytes it stands for, `%XX` escapes as their byte and every
 * other character as its UTF-8.
 */
function bytes(segment: string): string {
  const out: number[] = [];
  for (let i = 0; i < segment.length; ) {
    if (segment[i] === '%' && /^[0-9a-f]{2}$/i.test(segment.slice(i + 1, i + 3))) {
      out.push(Number.parseInt(segment.slice(i + 1, i + 3), 16));
      i += 3;
    } else {
      const char = String.fromCodePoint(segment.codePointAt(i)!);
      out.push(...new TextEncoder().encode(char));
      i += char.length;
    }
  }
  return out.join(' ');
}

const unhandled = watchUnhandled();
beforeAll(() => unhandled.start());
afterAll(() => {
  unhandled.stop();
  expect(unhandled.seen).toEqual([]);
});

describe('api.request paths', () => {
  it('stay under the base path and reach the server as written, or are refused before sending', async () => {
    const { api, seen } = stubClient(() => Response.json({}));
    await timed('raw request paths', () =>
      fc.assert(
        fc.asyncProperty(rawPath, async (path) => {
          seen.length = 0;
          const error = await Promise.resolve()
            .then(() => api.request({ method: 'GET', path }))
            .then(
              () => undefined,
              (e: unknown) => e,
            );
          if (error !== undefined) {
            expect(error).toBeInstanceOf(InvalidRequestError);
            expect(seen).toHaveLength(0);
            return;
          }
          expect(seen).toHaveLength(1);
          const url = seen[0]!.url;
          expect(url.origin).toBe(new URL(BASE).origin);
          expect(url.pathname.startsWith(`${BASE_PATH}/`)).toBe(true);
          expect(url.search).toBe('');
          const sent = url.pathname.slice(BASE_PATH.length).split('/').map(bytes);
          const meant = path.split('/').map(bytes);
          expect(sent).toEqual(meant);
          // A dot segment, or a lone surrogate (sent as U+FFFD), must have been refused.
          expect(path.split('/').some((s) => /^(?:\.|%2e){1,2}$/i.test(s))).toBe(false);
          expect(/\p{Cs}/u.test(path)).toBe(false);
        }),
        runsOf('raw request paths'),
      ),
    );
  }, 120_000);
});
