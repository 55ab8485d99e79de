import type { AccessToken, AppTokenStore, LockStore } from '../index.js';

/** A stored token is given out until this long before it expires, so no call leaves with one about to end. */
const EARLY_MS = 30_000;

/** Where a shared store keeps each application's token (a Redis key, the state file). */
export interface AppTokenPlace {
  load(app: string): AccessToken | undefined | Promise<AccessToken | undefined>;
  save(app: string, token: AccessToken): Promise<void>;
}

/**
 * `AppTokenStore.get` over a place every process reads: the stored token while it is usable, else
 * one process (holding the lock) obtains a new one while the others wait and then read it. The
 * callers of one process asking at once for the same application (and the same refused token)
 * share one trip to the place and its lock.
 */
export function sharedAppToken(place: AppTokenPlace, locks: LockStore): AppTokenStore['get'] {
  const usable = async (app: string, rejected: AccessToken | undefined): Promise<AccessToken | undefined> => {
    const token = await place.load(app);
    if (token === undefined) return undefined;
    if (token.expiresAt !== undefined && token.expiresAt - EARLY_MS <= Date.now()) return undefined;
    if (rejected !== undefined && token.value === rejected.value) return undefined;
    return token;
  };
  const fetchOrObtain = async (
    app: string,
    obtain: () => Promise<AccessToken>,
    rejected: AccessToken | undefined,
  ): Promise<AccessToken> => {
    const found = await usable(app, rejected);
    if (found) return found;
    return locks.withLock(`app-token:${app}`, async () => {
      // Another process may have obtained one while we waited for the lock.
      const again = await usable(app, rejected);
      if (again) return again;
      const token = await obtain();
      const { value, expiresAt, scopes, principal } = token;
      await place.save(app, { value, expiresAt, scopes, principal });
      return token;
    });
  };
  const pending = new Map<string, Promise<AccessToken>>();
  return (app, obtain, rejected) => {
    const flight = `${app}\n${rejected?.value ?? ''}`;
    let promise = pending.get(flight);
    if (promise === undefined) {
      promise = fetchOrObtain(app, obtain, rejected).finally(() => pending.delete(flight));
      pending.set(flight, promise);
    }
    return promise;
  };
}
