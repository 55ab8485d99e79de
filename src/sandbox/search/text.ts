import { normalizeText as normalize } from '../../text/normalize.js';

export { normalize };

export function tokens(text: string): string[] {
  return normalize(text)
    .split(/[\s()/,+-]+/)
    .filter((token) => token !== '');
}

/** Every token appears in the text (as a substring, as the service's prefix search does). */
export function matchesAll(haystack: string, needles: readonly string[]): boolean {
  return needles.length > 0 && needles.every((needle) => haystack.includes(needle));
}

/** Greek keyboard letters and the Latin letters on the same keys: `ιπηονε` typed means `iphone`. */
const GREEK_KEYS = 'ςερτυθιοπασδφγηξκλζχψωβνμ';
const LATIN_KEYS = 'wertyuiopasdfghjklzxcvbnm';
const GREEK_KEYBOARD = new Map([...GREEK_KEYS].map((greek, i) => [greek, LATIN_KEYS[i] ?? greek]));

export function hasGreek(text: string): boolean {
  return /\p{Script=Greek}/u.test(text);
}

export function greekKeyboardToLatin(text: string): string {
  return [...text.normalize('NFD').replace(/\p{M}/gu, '').toLowerCase()]
    .map((c) => GREEK_KEYBOARD.get(c) ?? c)
    .join('');
}

export function levenshtein(a: string, b: string): number {
  if (a === b) return 0;
  let previous = Array.from({ length: b.length + 1 }, (_, i) => i);
  for (let i = 1; i <= a.length; i++) {
    const current = [i];
    for (let j = 1; j <= b.length; j++) {
      const cost = a[i - 1] === b[j - 1] ? 0 : 1;
      current[j] = Math.min((previous[j] ?? 0) + 1, (current[j - 1] ?? 0) + 1, (previous[j - 1] ?? 0) + cost);
    }
    previous = current;
  }
  return previous[b.length] ?? 0;
}
