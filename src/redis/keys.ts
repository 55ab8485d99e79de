import { InvalidRequestError } from '../index.js';

/**
 * Where the coordination's keys go. `app`: the prefix of the keys one script may touch together
 * (budget, rate windows, application token, locks); `spread`: the prefix of keys read one at a time
 * (cached answers, users' tokens, used sign-in states), which a Redis Cluster spreads over its nodes.
 */
export interface Keyspace {
  readonly app: string;
  readonly spread: string;
}

/**
 * On a Redis Cluster, the application's keys share the hash tag `{<prefix>}`, so the admission
 * script (a window place and a budget call) runs on one node in one round trip. On one Redis the
 * keys stay as they always were (`<prefix>budget:...`): nothing to migrate there.
 */
export function keyspace(prefix: string, cluster: boolean): Keyspace {
  if (!cluster) return { app: prefix, spread: prefix };
  // A brace in the prefix would end (or start) the tag early and put the cache in one slot too.
  if (/[{}]/.test(prefix)) {
    throw new InvalidRequestError(
      `redisCoordination: on a Redis Cluster the prefix must not contain { or } (got "${prefix}"): the coordination puts it in braces itself, as the hash tag of the application's keys`,
      'InvalidOption',
      'prefix',
    );
  }
  return { app: `{${prefix}}`, spread: prefix };
}
