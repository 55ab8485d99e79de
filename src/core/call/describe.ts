/**
 * A short, safe rendering of any input for an error message. Never JSON.stringify (it throws on
 * BigInt and cycles and runs `toJSON`), never the value's own `toString`: only its type, and for
 * primitives a short, escaped rendering.
 */
export function describe(value: unknown): string {
  switch (typeof value) {
    case 'string':
      return `string "${sanitize(value)}"`;
    case 'number':
      return `number ${Object.is(value, -0) ? '-0' : String(value)}`;
    case 'bigint':
      return `bigint ${sanitize(value.toString())}n`;
    case 'boolean':
      return `boolean ${value}`;
    case 'undefined':
      return 'undefined';
    case 'symbol':
      return 'a symbol';
    case 'function':
      return 'a function';
    default:
      if (value === null) return 'null';
      try {
        return Array.isArray(value) ? 'an array' : 'an object';
      } catch {
        // A revoked Proxy throws even on Array.isArray.
        return 'an object';
      }
  }
}

const SHOWN_CHARS = 40;

/** At most 40 characters, with quotes, backslashes and invisible characters escaped. */
function sanitize(text: string): string {
  const cut = text.length > SHOWN_CHARS ? `${text.slice(0, SHOWN_CHARS)}…` : text;
  // Control, format (zero-width, bidi), separator and lone surrogate characters are shown escaped.
  return cut.replace(/["\\\p{Cc}\p{Cf}\p{Cs}\p{Zl}\p{Zp}]/gu, (ch) =>
    ch === '"' || ch === '\\' ? `\\${ch}` : `\\u{${(ch.codePointAt(0) ?? 0).toString(16)}}`,
  );
}
