/**
 * The URI of the `Link` header entry with the given rel, or undefined.
 * Written by hand: the header grammar we need (`<uri>; rel="next", <uri>; rel="last"`) is a few
 * lines, smaller than any parser package.
 */
export function linkTarget(header: string | null, rel: string): string | undefined {
  if (!header) return undefined;
  for (const part of header.split(/,(?=\s*<)/)) {
    const match = /<([^>]*)>(.*)/.exec(part.trim());
    if (!match) continue;
    const rels = /;\s*rel="?([^";]+)"?/i.exec(match[2] ?? '')?.[1]?.split(/\s+/) ?? [];
    if (rels.includes(rel)) return match[1];
  }
  return undefined;
}
