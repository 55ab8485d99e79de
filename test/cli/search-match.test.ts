import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { nameHoldsQuery, normalizeText } from '../../src/cli/search-match.js';
import { createSandbox } from '../../src/sandbox/index.js';

/**
 * The exporter's rule for "the search matched this category by its name": every word of the query
 * is in the name, compared as the search compares (case, accents and final sigma folded).
 */

// Letters whose upper case folds back to the same lower case (no ß, no ligatures), with and
// without accents, Latin and Greek (final sigma included).
const LETTERS = [...'abcdefghijklmnopqrstuvwxyzéèêüöñçåαβγδεζηθικλμνξοπρστυφχψωςάέήίόύώϊϋΐΰ'];
const word = fc.array(fc.constantFrom(...LETTERS), { minLength: 1, maxLength: 8 }).map((l) => l.join(''));
const name = fc.array(word, { minLength: 1, maxLength: 5 });
const longWord = fc.array(fc.constantFrom(...LETTERS), { minLength: 2, maxLength: 8 }).map((l) => l.join(''));

/** A way to write one letter that the search takes for the same letter. */
type Variation = 'same' | 'upper' | 'decomposed' | 'bare' | 'acute';
const variation = fc.constantFrom<Variation>('same', 'upper', 'decomposed', 'bare', 'acute');

function vary(text: string, how: readonly Variation[]): string {
  return [...text]
    .map((letter, i) => {
      switch (how[i % how.length]) {
        case 'upper':
          return letter.toUpperCase();
        case 'decomposed':
          return letter.normalize('NFD');
        case 'bare':
          return letter.normalize('NFD').replace(/\p{M}/gu, '');
        case 'acute':
          return `${letter}\u0301`;
        default:
          return letter;
      }
    })
    .join('');
}

const space = fc.constantFrom(' ', '  ', '\t', ' \n ');

describe('nameHoldsQuery (the exporter’s name match of a search category)', () => {
  it('holds for any words of the name, written with other case and accents, in any order and spacing', () => {
    fc.assert(
      fc.property(
        name,
        fc.array(fc.nat(), { minLength: 1, maxLength: 4 }),
        fc.array(variation, { minLength: 1, maxLength: 6 }),
        fc.array(variation, { minLength: 1, maxLength: 6 }),
        space,
        (words, picks, queryHow, nameHow, gap) => {
          const query = picks.map((pick) => vary(words[pick % words.length] as string, queryHow)).join(gap);
          const shown = vary(words.join(' '), nameHow);
          expect(nameHoldsQuery(shown, `${gap}${query}${gap}`)).toBe(true);
          // A part of a word is held too (`tablet` is in `Tablets`), as the search finds it.
          const first = words[0] as string;
          expect(nameHoldsQuery(shown, vary(first.slice(0, Math.max(1, first.length - 1)), queryHow))).toBe(
            true,
          );
        },
      ),
    );
  });

  it('does not hold when one word of the query is in no form in the name', () => {
    fc.assert(
      fc.property(
        name,
        longWord,
        fc.array(variation, { minLength: 1, maxLength: 6 }),
        (words, absent, how) => {
          fc.pre(!normalizeText(words.join(' ')).includes(normalizeText(absent)));
          expect(nameHoldsQuery(words.join(' '), vary(absent, how))).toBe(false);
          expect(nameHoldsQuery(words.join(' '), `${words[0]} ${vary(absent, how)}`)).toBe(false);
        },
      ),
    );
  });

  it('does not hold for a blank query', () => {
    expect(nameHoldsQuery('Tablets', '')).toBe(false);
    expect(nameHoldsQuery('Tablets', ' \t ')).toBe(false);
  });

  it('agrees with the sandbox search on which of its categories match by name', async () => {
    // Greek, accents, case and several words, against the categories the sandbox's GET /search
    // ranks first because their name matched (their match_count is their whole subtree).
    const sandbox = createSandbox({ dailyLimit: null });
    const token = sandbox.issueToken();
    const cases: [string, string, boolean][] = [
      ['TABLET', 'Θήκες Tablet', true],
      ['θηκες tablet', 'Θήκες Tablet', true],
      ['ΘΉΚΕΣ', 'Θήκες Tablet', true],
      ['κινητα τηλεφωνα', 'Κινητά Τηλέφωνα', true],
      ['case', 'Θήκες Κινητών Τηλεφώνων', false],
      ['tablet θήκες', 'Tablets', false],
    ];
    for (const [query, category, expected] of cases) {
      expect(nameHoldsQuery(category, query), `${query} in ${category}`).toBe(expected);
      const response = await sandbox.fetch(
        `${sandbox.baseUrl}/search?q=${encodeURIComponent(query)}&per=100`,
        {
          headers: { authorization: `Bearer ${token}`, accept: 'application/vnd.skroutz+json; version=3.1' },
        },
      );
      const body = (await response.json()) as { categories?: { name: string }[] };
      // Where the rule says "by name", the search lists the category (the converse needs SKUs).
      if (expected) expect(body.categories?.map((c) => c.name)).toContain(category);
    }
  });
});
