/** The API's Link and ETag headers as the handler keeps them: links moved under the mount, ETags as RFC 9110 spells them. */

/**
 * The API's Link header with each URL moved under the mount path (`</api/catalog/...?page=2>`),
 * so the browser's pagination comes back to the handler.
 */
export function rewriteLink(link: string | null, apiBase: string, mount: string): string | undefined {
  if (!link) return undefined;
  const base = apiBase.replace(/\/+$/, '');
  // Made again from the API's pagination links only: another target, parameter or relation is dropped.
  const links: string[] = [];
  for (const [, target, params] of link.matchAll(/<([^>]*)>([^,]*)/g)) {
    const rel = /;\s*rel="?(first|prev|next|last)"?\s*(?:;|$)/i.exec(params ?? '')?.[1]?.toLowerCase();
    if (!rel || !target?.startsWith(`${base}/`)) continue;
    let url: URL;
    try {
      url = new URL(target);
    } catch {
      continue;
    }
    url.searchParams.delete('oauth_token');
    const path = url.pathname.slice(new URL(`${base}/`).pathname.length - 1);
    if (!/^(?:\/[A-Za-z0-9_-]+)+$/.test(path)) continue;
    links.push(`<${mount}${path}${url.search}>; rel="${rel}"`);
  }
  return links.length > 0 ? links.join(', ') : undefined;
}

/** An ETag as RFC 9110 spells it (and not overlong), or undefined: a browser sends it back to the handler. */
export function etagOf(value: string | null): string | undefined {
  return value !== null && value.length <= 200 && /^(?:W\/)?"[\x21\x23-\x7e]*"$/.test(value)
    ? value
    : undefined;
}
