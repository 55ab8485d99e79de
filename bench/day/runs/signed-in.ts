import type { CatalogClient } from 'price-catalog';
import { SANDBOX_USERS, type Sandbox } from 'price-catalog/testing';
import type { View } from '../plan.js';
import type { OwnEntry } from '../record.js';
import type { DayExtras, Run, Served } from '../simulate.js';
import { addressOf, type HandlerDay, handlerDay, MOUNT, takeCookies } from './handler.js';

/** Every tenth user (user % 10 === 3) is signed in. */
export const isSignedIn = (user: number): boolean => user % 10 === 3;

const ACCOUNTS = Object.values(SANDBOX_USERS);
/** The day's 1,000 users, a tenth of them signed in. */
const USERS_SIGNED_IN = 100;
const SECOND = 1_000;

const wait = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

/** The sign-in as a browser goes through it: the handler's login, the API's consent, the callback. */
async function signIn(day: HandlerDay, sandbox: Sandbox, user: number, cookies: Map<string, string>) {
  const send = async (url: string) => {
    const cookie = [...cookies].map(([name, value]) => `${name}=${value}`).join('; ');
    const response = await day.send(url, addressOf(user), { headers: cookie ? { cookie } : {} });
    takeCookies(response, cookies);
    return response;
  };
  sandbox.setAuthorization({ userId: ACCOUNTS[user % ACCOUNTS.length] as number });
  const login = await send(`${MOUNT}/auth/login?return_to=/`);
  const consent = await sandbox.fetch(login.headers.get('location') as string);
  const done = await send(consent.headers.get('location') as string);
  if (!cookies.size || done.status >= 400) throw new Error(`sign-in of user ${user} failed (${done.status})`);
}

/**
 * One signed-in user's visit to their own pages, within a minute: favorites, notifications,
 * favorites again, one favorite added or removed (its SKU is the user's own, so no other user's
 * write changes it), favorites (where the write must show), notifications.
 */
async function ownPages(
  client: CatalogClient,
  user: number,
  sku: number,
  { record, since }: DayExtras,
): Promise<void> {
  const view = async <T>(page: string, load: () => Promise<T>): Promise<T | undefined> => {
    record.own.views += 1;
    const t = since();
    try {
      const value = await load();
      record.own.answered += 1;
      record.ownViews.push({ t, user, page, error: null });
      return value;
    } catch (error) {
      record.own.errors += 1;
      record.ownViews.push({ t, user, page, error: String(error) });
      return undefined;
    }
  };
  const favorites = () =>
    view('/favorites', () => client.favorites.list({ per: 100 }).then((page) => page.items));
  const notifications = () =>
    view('/notifications', () => client.notifications.list().then((page) => page.items));
  await favorites();
  await wait(5 * SECOND);
  await notifications();
  await wait(15 * SECOND);
  const before = await favorites();
  await wait(10 * SECOND);
  const had = before?.find((f) => f.sku_id === sku);
  record.own.writes += 1;
  const wrote: OwnEntry = {
    t: since(),
    user,
    page: had ? 'DELETE /favorites/:id' : 'POST /favorites',
    error: null,
  };
  record.ownViews.push(wrote);
  try {
    if (had) await client.favorites.delete(had.id);
    else await client.favorites.create({ sku_id: sku });
  } catch (error) {
    // The write failed: the next view cannot show it, and counts it unseen.
    wrote.error = String(error);
  }
  await wait(10 * SECOND);
  const after = await favorites();
  wrote.seen = after !== undefined && after.some((f) => f.sku_id === sku) === !had;
  if (wrote.seen) record.own.seen += 1;
  await wait(10 * SECOND);
  await notifications();
}

/**
 * Run E: the handler's day with a tenth of the users signed in: each signs in before their first
 * view, and at their tenth view also visits their favorites and notifications and changes one
 * favorite.
 */
export const handlerSignedInRun: Run = {
  name: 'the handler with a tenth of the users signed in',
  setup(context): Served {
    // A person is an account, and the sandbox has three: each stands for the ~34 people who sign
    // in with it, so its share of the day is theirs together (the default is 1%, 10 calls, each).
    const people = Math.ceil(USERS_SIGNED_IN / ACCOUNTS.length);
    const day = handlerDay(context, { visitorShare: 10 * people });
    const cookies = new Map<number, Map<string, string>>();
    const jar = (user: number) => {
      const found = cookies.get(user) ?? new Map<string, string>();
      cookies.set(user, found);
      return found;
    };
    return {
      browser: (user) => (isSignedIn(user) ? day.browser(user, jar(user)) : day.browser(user)),
      extras(extras) {
        const byUser = new Map<number, View[]>();
        for (const view of extras.plan.views) {
          if (!isSignedIn(view.user)) continue;
          const views = byUser.get(view.user) ?? [];
          views.push(view);
          byUser.set(view.user, views);
        }
        // Each signed-in user's own SKU, no two users the same: every other user one their
        // account already has among its favorites (that user removes it) while there are any,
        // else one of the storefront's (added).
        const { data } = context.sandbox;
        const claimed = new Set<number>();
        const seeded = (account: number) =>
          data.favorites
            .filter((f) => f.user_id === account && f.have_it !== true && f.sku_id !== null)
            .map((f) => f.sku_id as number);
        const storefront = [...data.skus]
          .sort((a, b) => b.reviews_count - a.reviews_count || a.id - b.id)
          .map((s) => s.id);
        const ownSku = (user: number, removes: boolean): number => {
          const account = ACCOUNTS[user % ACCOUNTS.length] as number;
          const pool = removes ? [...seeded(account), ...storefront] : storefront;
          const sku = pool.find((id) => !claimed.has(id) && (removes || !seeded(account).includes(id)));
          if (sku === undefined) throw new Error('bench: more signed-in users than SKUs');
          claimed.add(sku);
          return sku;
        };
        let n = 0;
        for (const [user, views] of byUser) {
          const sku = ownSku(user, n++ % 2 === 1);
          const first = views[0] as View;
          setTimeout(
            () => {
              // The sign-in counts as one of the user's own page views.
              extras.record.own.views += 1;
              const done = signIn(day, context.sandbox, user, jar(user)).then(
                () => {
                  extras.record.own.answered += 1;
                },
                (error: unknown) => {
                  extras.record.own.errors += 1;
                  extras.record.ownViews.push({
                    t: extras.since(),
                    user,
                    page: 'sign-in',
                    error: String(error),
                  });
                },
              );
              extras.track(done);
            },
            Math.max(0, first.at - 30 * SECOND),
          );
          const visit = views[Math.min(9, views.length - 1)] as View;
          setTimeout(() => {
            extras.track(ownPages(day.browser(user, jar(user)).client, user, sku, extras));
          }, visit.at + SECOND);
        }
      },
    };
  },
};
