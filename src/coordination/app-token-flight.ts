import type { AccessToken } from '../index.js';

type Fetch = (
  app: string,
  obtain: () => Promise<AccessToken>,
  rejected: AccessToken | undefined,
) => Promise<AccessToken>;

/**
 * `AppTokenStore.get` for a shared store: the callers of one process asking at once for the same
 * application (and the same refused token) share one trip to the store and its lock.
 */
export function appTokenFlight(fetchOrObtain: Fetch): Fetch {
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
