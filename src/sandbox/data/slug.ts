const GREEK_TO_LATIN: Readonly<Record<string, string>> = {
  α: 'a',
  β: 'v',
  γ: 'g',
  δ: 'd',
  ε: 'e',
  ζ: 'z',
  η: 'h',
  θ: 'th',
  ι: 'i',
  κ: 'k',
  λ: 'l',
  μ: 'm',
  ν: 'n',
  ξ: 'ks',
  ο: 'o',
  π: 'p',
  ρ: 'r',
  σ: 's',
  ς: 's',
  τ: 't',
  υ: 'y',
  φ: 'f',
  χ: 'x',
  ψ: 'ps',
  ω: 'w',
};

/** `Samsung Galaxy A52 (128GB)` -> `Samsung-Galaxy-A52-128GB`, Greek transliterated as the service does. */
export function slugify(text: string, separator = '-'): string {
  const latin = [...text.normalize('NFD').replace(/\p{M}/gu, '')]
    .map((char) => {
      const lower = char.toLowerCase();
      const mapped = GREEK_TO_LATIN[lower];
      if (mapped === undefined) return char;
      return char === lower ? mapped : mapped.toUpperCase();
    })
    .join('');
  const joined = latin.replace(/[^A-Za-z0-9]+/g, separator);
  let start = 0;
  let end = joined.length;
  while (joined.startsWith(separator, start)) start += separator.length;
  while (end > start && joined.endsWith(separator, end)) end -= separator.length;
  return joined.slice(start, end);
}
