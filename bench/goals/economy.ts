import { createClient, DailyLimitError } from 'price-catalog';
import { SANDBOX_USERS } from 'price-catalog/testing';
import { NO_LIMIT, type Row, serve, verdict } from '../lib.js';

/** Issue 11 §4, goal 7: 10 concurrent identical GETs cost one call. */
export async function singleFlight(): Promise<Row[]> {
  const served = await serve({ rateLimit: NO_LIMIT });
  try {
    const api = served.client({ cache: false });
    await api.catalog.categories.root();
    const before = served.sandbox.stats.apiCalls;
    const all = await Promise.all(Array.from({ length: 10 }, () => api.catalog.categories.get(40)));
    if (all.some((c) => c.id !== 40)) throw new Error('a caller got another category');
    const calls = served.sandbox.stats.apiCalls - before;
    return [
      {
        goal: '7',
        what: '10 concurrent identical GETs (categories.get(40))',
        measured: `${calls} call${calls === 1 ? '' : 's'}`,
        target: '1 call',
        result: verdict(calls === 1),
      },
    ];
  } finally {
    await served.close();
  }
}

/** Goal 8: a full crawl of the 340-SKU category without `per` asks for the largest page. */
export async function largestPage(): Promise<Row[]> {
  const served = await serve({ rateLimit: NO_LIMIT });
  try {
    const api = served.client({ cache: false });
    await api.catalog.categories.root();
    const before = served.sandbox.stats.apiCalls;
    const skus = await api.catalog.categories.skus(40).toArray();
    if (skus.length !== 340) throw new Error(`the crawl gave ${skus.length} SKUs`);
    const calls = served.sandbox.stats.apiCalls - before;
    return [
      {
        goal: '8',
        what: 'Full crawl of the 340-SKU category, no per',
        measured: `${calls} calls`,
        target: '<= 4 calls',
        result: verdict(calls <= 4),
        note: `${skus.length} SKUs; with the default page of 25 it would be 14 calls`,
      },
    ];
  } finally {
    await served.close();
  }
}

/** Goal 9: 100 user clients of one application on a budget of 300: 300 calls, no lockout. */
export async function manyUsers(): Promise<Row[]> {
  const served = await serve({ rateLimit: NO_LIMIT, dailyLimit: 300 });
  try {
    const { sandbox, server } = served;
    const app = createClient({
      baseUrl: server.baseUrl,
      authUrl: server.authUrl,
      clientId: sandbox.clientId,
      clientSecret: sandbox.clientSecret,
      dailyLimit: 300,
      cache: false,
    });
    const users = Array.from({ length: 100 }, (_, i) =>
      app.forUser({
        token: sandbox.issueUserToken({ userId: SANDBOX_USERS.alice, ttl: 3600 + i }).access_token,
      }),
    );
    const outcomes = await Promise.allSettled(
      Array.from({ length: 500 }, (_, i) => users[i % 100]?.catalog.categories.root({ cache: 'no-store' })),
    );
    const ok = outcomes.filter((o) => o.status === 'fulfilled').length;
    const refused = outcomes.filter(
      (o) => o.status === 'rejected' && o.reason instanceof DailyLimitError,
    ).length;
    const reached = sandbox.stats.apiCalls;
    // A lockout would answer calls past the server's limit with 401/403 and refuse new tokens.
    const lockouts = sandbox.apiCalls().filter((call) => call.status !== 200).length;
    return [
      {
        goal: '9',
        what: '100 user clients, budget 300, 500 calls: calls that reach the API',
        measured: `${reached} calls, ${lockouts} lockouts`,
        target: '300 calls, 0 lockouts',
        result: verdict(reached === 300 && lockouts === 0 && ok === 300 && refused === 200),
        note: `${ok} answered, ${refused} refused with DailyLimitError before sending`,
      },
    ];
  } finally {
    await served.close();
  }
}

/**
 * Goal 10: after a favorite is created, a user's cached category and SKU pages cost no call (a
 * favorite does not change them); the favorite reads are asked afresh.
 */
export async function afterWrite(): Promise<Row[]> {
  const served = await serve({ rateLimit: NO_LIMIT });
  try {
    const { sandbox } = served;
    const phone = 2119391; // a SKU of category 40
    const grant = sandbox.issueUserToken({ userId: SANDBOX_USERS.carol });
    const api = served.client({
      clientId: undefined,
      clientSecret: undefined,
      getToken: () => grant,
      cache: {},
    });
    const catalogReads = async () => {
      await api.catalog.categories.get(40);
      await api.catalog.categories.children(40);
      await api.skus.get(phone);
      await api.skus.products(phone);
      await api.skus.specifications(phone);
      await api.skus.reviews.list(phone);
    };
    const favoriteReads = async () => {
      await api.favorites.list();
      await api.favorites.forSku(phone);
    };
    await catalogReads();
    await favoriteReads();
    await api.favorites.create({ sku_id: phone });
    const before = sandbox.stats.apiCalls;
    await catalogReads();
    const catalogCalls = sandbox.stats.apiCalls - before;
    await favoriteReads();
    const favoriteCalls = sandbox.stats.apiCalls - before - catalogCalls;
    return [
      {
        goal: '10',
        what: "A user's 6 cached category and SKU reads, after a favorite is created",
        measured: `${catalogCalls} calls`,
        target: '0 calls',
        result: verdict(catalogCalls === 0),
        note: `the 2 favorite reads after it cost ${favoriteCalls} calls (asked afresh, as they must)`,
      },
    ];
  } finally {
    await served.close();
  }
}
