/**
 * The known name a wrong one most likely meant, for an error's "did you mean": by meaning first
 * (names other APIs give what this one calls `per`, `q`, `order_by`: `per_page`, `limit`,
 * `query`, `sort`), then by spelling (near-names.ts). The client's refusal of an unknown option
 * or query name and the handler's 400 for an unknown query name read this one answer. Node only:
 * package.json `browser` swaps this file for near-names-browser.ts, so browser bundles carry no
 * table and suggest by spelling alone.
 */
import { closestSpelling, plain } from './near-names.js';

/** `name:alias,alias|...`, the aliases spelled as `plain()` spells them. */
const MEANINGS =
  'per:perpage,pagesize,limit,count,size|q:query,search,term,keyword,keywords,text|order_by:sort,sortby,order|order_dir:direction,dir,sortdir,sortorder|lat:latitude|lng:longitude,lon,long';

let meanings: Map<string, string> | undefined;

export function closestName(name: string, known: readonly string[]): string | undefined {
  if (!meanings) {
    meanings = new Map();
    for (const entry of MEANINGS.split('|')) {
      const [target, aliases] = entry.split(':') as [string, string];
      for (const alias of aliases.split(',')) meanings.set(alias, target);
    }
  }
  const meaning = meanings.get(plain(name));
  return meaning && known.includes(meaning) ? meaning : closestSpelling(name, known);
}
