import type { RangeBand, SpecDef } from './profile-types.js';
import type { Rng } from './random.js';

/** Every stem with every suffix: `expand(['Galaxy S2'], ['1', '2'])` -> `Galaxy S21`, `Galaxy S22`. */
export function expand(stems: readonly string[], suffixes: readonly string[]): string[] {
  return stems.flatMap((stem) => suffixes.map((suffix) => `${stem}${suffix}`));
}

/** A model picker over a fixed list per manufacturer. */
export function fromLists(lists: Readonly<Record<string, readonly string[]>>) {
  return (rng: Rng, manufacturer: string): string => rng.pick(lists[manufacturer] ?? ['Model']);
}

/** `[300, 600]` -> `Έως 300€`, `300€ - 600€`, `Από 600€`. */
export function priceBands(bounds: readonly number[]): RangeBand[] {
  return bands(bounds, '€');
}

/** Bands over a number: `bands([3000, 4500], ' mAh')`; each band is `min <= n < max`. */
export function bands(bounds: readonly number[], unit: string): RangeBand[] {
  const out: RangeBand[] = [];
  let min = 0;
  for (const bound of bounds) {
    out.push({
      label: min === 0 ? `Έως ${bound}${unit}` : `${min}${unit} - ${bound}${unit}`,
      min,
      max: bound,
    });
    min = bound;
  }
  out.push({ label: `Από ${min}${unit}`, min, max: Number.POSITIVE_INFINITY });
  return out;
}

const LETTERS = 'ABCDEFGHJKLMNPRSTUVWXZ';

/** A part number from a pattern: `A` a letter, `9` a digit, anything else kept. */
export function code(rng: Rng, pattern: string): string {
  let out = '';
  for (const char of pattern) {
    if (char === 'A') out += LETTERS[rng.int(0, LETTERS.length - 1)];
    else if (char === '9') out += String(rng.int(0, 9));
    else out += char;
  }
  return out;
}

export const ORDER_DEFAULT: Readonly<Record<string, string>> = {
  pricevat: 'Αύξουσα τιμή',
  popularity: 'Δημοτικότητα',
  rating: 'Βαθμολογία',
};

export const ORDER_WITH_NEWEST: Readonly<Record<string, string>> = { ...ORDER_DEFAULT, newest: 'Νεότερα' };

/** The values a spec can take for any model: its list, by manufacturer and by model (its filters). */
export function allValues(spec: SpecDef): string[] {
  return [
    ...new Set([
      ...spec.values,
      ...Object.values(spec.byManufacturer ?? {}).flat(),
      ...(spec.byModel ?? []).flatMap((tier) => tier.values),
    ]),
  ];
}

/** The values a spec can take for `manufacturer model`: its tier's, its maker's, or the generic. */
export function valuesFor(spec: SpecDef, manufacturer: string, model: string): readonly string[] {
  const name = `${manufacturer} ${model}`;
  return (
    spec.byModel?.find((tier) => tier.pattern.test(name))?.values ??
    spec.byManufacturer?.[manufacturer] ??
    spec.values
  );
}

/** A number with its unit as shops write it: under 1 GB reads in MB (`0.128` GB is `128 MB`). */
export function withUnitText(value: string, unit: string): string {
  const n = Number(value);
  if (unit === 'GB' && n > 0 && n < 1) return `${Math.round(n * 1000)} MB`;
  return `${value} ${unit}`;
}
