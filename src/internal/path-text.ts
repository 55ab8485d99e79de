/**
 * The text rules of a URL path that the core (`api.request`'s paths), the endpoint table and the
 * handler share: one copy of each.
 */

/** A path parameter's value as a URL segment: digits, letters, `_` and `-`, nothing else. */
export const PLAIN_SEGMENT = /^[A-Za-z0-9_-]{1,64}$/;

/** C0 controls and DEL: the URL parser drops some of them (leading, trailing) and keeps others. */
export function hasControl(text: string): boolean {
  for (let i = 0; i < text.length; i++) {
    const code = text.charCodeAt(i);
    if (code < 0x20 || code === 0x7f) return true;
  }
  return false;
}
