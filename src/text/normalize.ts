/**
 * Text as the API's search compares it: lower case, accents removed (NFD, combining marks
 * dropped), Greek final sigma folded, white space collapsed: `Κινητά` and `κινητα` compare equal.
 * One copy for the sandbox's search and the exporter's rule for categories found by name: not part of
 * the SDK, so it lives in a module of its own.
 */
export function normalizeText(text: string): string {
  return text
    .normalize('NFD')
    .replace(/\p{M}/gu, '')
    .toLowerCase()
    .replace(/ς/g, 'σ')
    .replace(/\s+/g, ' ')
    .trim();
}
