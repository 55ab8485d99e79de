/**
 * The browser's query, as the API takes it: names the route takes only, no credential, no name
 * given twice (except `name[]`), no control character, bounded in length; held on no prototype
 * (`?constructor[]=1` is a name like any other). Its cache key is normalised, so equivalent
 * queries share one entry and one call: names sorted, defaults such as `page=1` dropped.
 */
import type { QueryParams } from '../../index.js';
import { closestName } from '../../internal/near-names.js';
import { hasControl } from '../../internal/path-text.js';
import { refusal } from '../answers/response.js';
import type { RequestLimits } from '../settings.js';

/** `fields[root]`, `ids[]`, `order_by`: the query names the API's conventions use. */
const QUERY_NAME = /^[a-z][a-z0-9_]{0,63}(\[[a-z0-9_]{0,64}\])?$/;
/** Names that carry credentials: the handler holds every credential, a browser sends none. */
const CREDENTIALS = new Set([
  'oauth_token',
  'access_token',
  'client_id',
  'client_secret',
  'code',
  'refresh_token',
]);
/** Values the API assumes when a name is absent: the same request without them. */
const DEFAULTS: ReadonlyMap<string, string> = new Map([['page', '1']]);

export interface Query {
  params: QueryParams;
  /** `name=value&...`, sorted by name, without defaults. */
  key: string;
}

/** Whether the route takes a query name as the URL spells it (`per`, `ids[]`, `fields[shop]`). */
export type TakesName = (name: string) => boolean;

/** The query (the URL's, without `?`) as the SDK's params and its cache key, or a refusal. */
export function queryOf(
  raw: string,
  limits: RequestLimits,
  takes: TakesName,
  known: () => readonly string[] = () => [],
): Query | Response {
  if (raw === '') return { params: Object.create(null), key: '' };
  if (raw.length > limits.maxQueryLength) {
    return refusal(
      414,
      'QueryTooLong',
      `The query string is longer than ${limits.maxQueryLength} characters`,
    );
  }
  const params: Record<string, string | string[]> = Object.create(null);
  const seen = new Set<string>();
  for (const [name, value] of new URLSearchParams(raw)) {
    const bare = name.endsWith('[]') ? name.slice(0, -2) : name;
    if (!QUERY_NAME.test(name) || CREDENTIALS.has(bare) || !takes(name)) {
      const shown = JSON.stringify(name.slice(0, 64));
      // The name it most likely meant (`perpage`: `per`), as the client's own refusal names it.
      const near = CREDENTIALS.has(bare) ? undefined : closestName(bare.slice(0, 64), known());
      return refusal(
        400,
        'InvalidParam',
        `The query parameter name ${shown} is not one this endpoint takes${near ? `; did you mean \`${near}\`?` : ''}`,
      );
    }
    if (hasControl(value)) {
      return refusal(400, 'InvalidParam', `The query parameter ${name} holds a control character`);
    }
    const held = params[bare];
    if (name.endsWith('[]') ? typeof held === 'string' || (seen.has(bare) && !held) : seen.has(bare)) {
      return refusal(400, 'InvalidParam', `The query parameter ${name} is given twice`);
    }
    seen.add(bare);
    if (name.endsWith('[]')) params[bare] = [...((held as string[] | undefined) ?? []), value];
    else if (DEFAULTS.get(bare) !== value) params[bare] = value;
  }
  return { params, key: keyOf(params) };
}

function keyOf(params: Record<string, string | string[]>): string {
  const pairs: [string, string][] = [];
  for (const name of Object.keys(params).sort()) {
    const value = params[name] as string | string[];
    if (typeof value === 'string') pairs.push([name, value]);
    else for (const one of value) pairs.push([`${name}[]`, one]);
  }
  return new URLSearchParams(pairs).toString();
}
