/**
 * Names other APIs give what this one calls `per`, `q`, `order_by`, ...: the API's name an alias
 * means (`perpage` -> `per`), the alias spelled without case, `_` or `-`. Node only: package.json
 * `browser` swaps this file for near-meanings-off.ts, so browser bundles carry no table (the
 * handler and Node clients suggest by meaning; a browser client by spelling alone).
 */
const MEANINGS =
  'per:perpage,pagesize,limit,count,size|q:query,search,term,keyword,keywords,text|order_by:sort,sortby,order|order_dir:direction,dir,sortdir,sortorder|lat:latitude|lng:longitude,lon,long';

let meanings: Map<string, string> | undefined;

/** The name of `known` that `plainName` (`perpage`) means, if MEANINGS has it. */
export function byMeaning(plainName: string, known: readonly string[]): string | undefined {
  if (!meanings) {
    meanings = new Map();
    for (const entry of MEANINGS.split('|')) {
      const [target, aliases] = entry.split(':') as [string, string];
      for (const alias of aliases.split(',')) meanings.set(alias, target);
    }
  }
  const meaning = meanings.get(plainName);
  return meaning && known.includes(meaning) ? meaning : undefined;
}
