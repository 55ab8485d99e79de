import { CITIES } from './places.js';

/** Lower case without accents: `Αθήνα`, `ΑΘΗΝΑ` and `αθηνα` compare equal. */
function fold(text: string): string {
  return text.normalize('NFD').replace(/\p{M}/gu, '').toLowerCase();
}

/** Latin spellings people type for the cities of `CITIES`, by Greek name. */
const LATIN_NAMES: Readonly<Record<string, readonly string[]>> = {
  Αθήνα: ['athens', 'athina', 'athena'],
  Θεσσαλονίκη: ['thessaloniki', 'salonica'],
  Πάτρα: ['patra', 'patras'],
  Ηράκλειο: ['heraklion', 'iraklio', 'irakleio'],
  Λάρισα: ['larisa', 'larissa'],
};

/**
 * The sandbox's geocoder: an address naming a known city (in Greek or Latin letters, any case or
 * accents) gets that city's centre as `lat`/`lng` strings; any other address gets nulls, as the
 * recorded "Nea Ionia" address has.
 */
export function geocode(...texts: readonly (string | null)[]): { lat: string; lng: string } | null {
  const words = new Set(
    texts.flatMap((text) => fold(text ?? '').split(/[^\p{L}\p{N}]+/u)).filter((w) => w !== ''),
  );
  for (const city of CITIES) {
    const names = [fold(city.name), ...(LATIN_NAMES[city.name] ?? [])];
    if (names.some((name) => words.has(name))) return { lat: city.lat.toFixed(4), lng: city.lng.toFixed(4) };
  }
  return null;
}
