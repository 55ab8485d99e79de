import {
  CancelledError,
  InfiniteQueryObserver,
  MutationObserver,
  QueryClient,
  QueryObserver,
  type QueryObserverResult,
} from '@tanstack/query-core';
import { afterEach, describe, expect, it } from 'vitest';
import { createClient, InvalidRequestError } from '../../src/index.js';
import { catalogQueries } from '../../src/query/index.js';
import { createSandbox } from '../../src/sandbox/index.js';
import { userClient } from '../helpers/users.js';

const PHONE = 2119391; // a SKU of category 40
const SHOP = 452;

const clients: QueryClient[] = [];
afterEach(() => {
  for (const client of clients.splice(0)) client.clear();
});

function queryClient(): QueryClient {
  const client = new QueryClient();
  clients.push(client);
  return client;
}

function publicClient() {
  const sandbox = createSandbox();
  // No SDK cache: every query function run is a call the sandbox counts.
  const api = createClient({
    baseUrl: sandbox.baseUrl,
    token: sandbox.issueToken(),
    fetch: sandbox.fetch,
    cache: false,
  });
  return { sandbox, api };
}

/** Resolves with the observer's first settled result. */
function settled<T>(
  observer: { subscribe(listener: (result: T) => void): () => void; getCurrentResult(): T },
  done: (r: T) => boolean,
) {
  return new Promise<{ result: T; unsubscribe: () => void }>((resolve) => {
    const unsubscribe = observer.subscribe((result) => {
      if (done(result)) resolve({ result, unsubscribe });
    });
    // Served from the cache: no change to be told of.
    const current = observer.getCurrentResult();
    if (done(current)) resolve({ result: current, unsubscribe });
  });
}

const isSettled = (r: QueryObserverResult<unknown, unknown>) => r.status !== 'pending';

describe('catalogQueries: query options', () => {
  it('keys are hierarchical, and equal params give equal keys', () => {
    const { api } = publicClient();
    const q = catalogQueries(api);
    expect(q.catalog.categories.get(40).queryKey).toEqual([
      'price-catalog',
      'catalog',
      'categories',
      'get',
      40,
    ]);
    expect(q.skus.products(3783654, { per: 50 }).queryKey).toEqual([
      'price-catalog',
      'skus',
      'products',
      3783654,
      { per: 50 },
    ]);
    expect(q.catalog.categories.skus(40, { per: 5, order_dir: 'asc', q: undefined }).queryKey).toEqual(
      q.catalog.categories.skus(40, { order_dir: 'asc', per: 5 }).queryKey,
    );
    expect(q.catalog.categories.list({}).queryKey).toEqual(q.catalog.categories.list().queryKey);
    expect(q.catalog.categories.skus(40, { per: 5 }).queryKey).not.toEqual(
      q.catalog.categories.skus(40, { per: 6 }).queryKey,
    );
    expect(q.catalog.categories.skus.infinite(40).queryKey).not.toEqual(
      q.catalog.categories.skus(40).queryKey,
    );
  });

  it('staleTime is the max-age the API answers the endpoint with (test/query/stale-times.test.ts: all)', () => {
    const { api } = publicClient();
    const q = catalogQueries(api);
    expect(q.catalog.categories.skus(40).staleTime).toBe(0);
    expect(q.catalog.categories.filterGroups(40).staleTime).toBe(300_000);
    expect(q.skus.get(PHONE).staleTime).toBe(60_000);
    expect(q.catalog.categories.skus.infinite(40).staleTime).toBe(0);
  });

  it("a user's keys end with the user; user data without a user is refused before any call", () => {
    const { api, sandbox } = userClient();
    expect(catalogQueries(api, { user: 7 }).favorites.list({ per: 5 }).queryKey).toEqual([
      'price-catalog',
      'favorites',
      'list',
      { per: 5 },
      { user: '7' },
    ]);
    expect(catalogQueries(api, { user: 7 }).catalog.categories.get(40).queryKey).not.toEqual(
      catalogQueries(api, { user: 8 }).catalog.categories.get(40).queryKey,
    );
    expect(() => catalogQueries(api).favorites.list()).toThrow(InvalidRequestError);
    expect(() => catalogQueries(api).user.get()).toThrow(/give \{ user \}/);
    expect(() => catalogQueries(api).favorites.create.mutation()).toThrow(InvalidRequestError);
    expect(sandbox.apiCalls()).toHaveLength(0);
  });

  it('two observers of one key share one call', async () => {
    const { api, sandbox } = publicClient();
    const q = catalogQueries(api);
    const client = queryClient();
    const first = new QueryObserver(client, q.catalog.categories.get(40));
    const second = new QueryObserver(client, q.catalog.categories.get(40));
    const [a, b] = await Promise.all([settled(first, isSettled), settled(second, isSettled)]);
    expect(a.result.data?.id).toBe(40);
    expect(b.result.data).toBe(a.result.data);
    expect(sandbox.apiCalls({ path: '/categories/40' })).toHaveLength(1);
    // Within staleTime a third observer is served from the cache.
    const third = await settled(new QueryObserver(client, q.catalog.categories.get(40)), isSettled);
    expect(third.result.data?.id).toBe(40);
    expect(sandbox.apiCalls({ path: '/categories/40' })).toHaveLength(1);
    for (const o of [a, b, third]) o.unsubscribe();
  });

  it('a list query keeps one page as plain data, with the next page number', async () => {
    const { api, sandbox } = publicClient();
    const q = catalogQueries(api);
    const page = await queryClient().fetchQuery(q.catalog.categories.skus(40, { per: 5 }));
    expect(page.items).toHaveLength(5);
    expect(page.body.skus).toBe(page.items);
    expect(page.nextPage).toBe(2);
    expect(JSON.parse(JSON.stringify(page))).toEqual(page);
    expect(sandbox.apiCalls({ path: '/categories/40/skus' })).toHaveLength(1);
  });

  it('an infinite list walks every page, one call a page', async () => {
    const { api, sandbox } = publicClient();
    const q = catalogQueries(api);
    const observer = new InfiniteQueryObserver(
      queryClient(),
      q.catalog.categories.skus.infinite(40, { per: 5 }),
    );
    const { result, unsubscribe } = await settled(observer, (r) => r.status === 'success');
    let current = result;
    while (current.hasNextPage) current = await current.fetchNextPage();
    unsubscribe();
    const pages = current.data?.pages ?? [];
    const total = pages[0]?.pagination;
    expect(total?.total_pages).toBeGreaterThan(2);
    expect(pages).toHaveLength(total?.total_pages ?? 0);
    const ids = pages.flatMap((p) => p.items.map((sku) => sku.id));
    expect(ids).toHaveLength(total?.total_results ?? 0);
    expect(new Set(ids).size).toBe(ids.length);
    expect(current.data?.pageParams).toEqual(pages.map((_, i) => i + 1));
    const calls = sandbox.apiCalls({ path: '/categories/40/skus' });
    expect(calls.map((c) => c.query.get('page') ?? '1')).toEqual(pages.map((_, i) => String(i + 1)));
    expect(calls.every((c) => c.query.get('per') === '5')).toBe(true);
  });

  it('unmounting (the last observer leaves) aborts the request; so does cancelQueries', async () => {
    const sandbox = createSandbox();
    const signals: AbortSignal[] = [];
    let open = () => {};
    const gate = new Promise<void>((resolve) => {
      open = resolve;
    });
    const api = createClient({
      baseUrl: sandbox.baseUrl,
      token: sandbox.issueToken(),
      cache: false,
      maxRetries: 0,
      // Holds every request until the test opens the gate; the signal shows whether it was aborted.
      fetch: async (input, init) => {
        const request = new Request(input, init);
        signals.push(request.signal);
        await Promise.race([
          gate,
          new Promise((_, reject) =>
            request.signal.addEventListener('abort', () => reject(request.signal.reason)),
          ),
        ]);
        return sandbox.fetch(request);
      },
    });
    const q = catalogQueries(api);
    const client = queryClient();
    const observer = new QueryObserver(client, q.catalog.categories.get(40));
    const unsubscribe = observer.subscribe(() => {});
    await expect.poll(() => signals.length).toBe(1);
    unsubscribe();
    await expect.poll(() => signals[0]?.aborted).toBe(true);

    const fetching = client.fetchQuery(q.skus.get(PHONE)).catch((error: unknown) => error);
    await expect.poll(() => signals.length).toBe(2);
    await client.cancelQueries({ queryKey: q.skus.get(PHONE).queryKey });
    await expect.poll(() => signals[1]?.aborted).toBe(true);
    expect(await fetching).toBeInstanceOf(CancelledError);
    open();
    expect(sandbox.apiCalls()).toHaveLength(0);
  });
});

describe('catalogQueries: mutations', () => {
  it('a favorite created through a mutation invalidates the favorites list and no unrelated query', async () => {
    const { api, sandbox, userId } = userClient();
    const q = catalogQueries(api, { user: userId });
    const client = queryClient();
    const observed = [
      q.favorites.list(),
      q.shops.get(SHOP),
      q.catalog.manufacturers.list({ per: 1 }),
      q.user.get(),
      q.notifications.list(),
    ];
    const observers = await Promise.all(
      observed.map((options) => settled(new QueryObserver(client, options as never), isSettled)),
    );
    expect(observers.every((o) => o.result.status === 'success')).toBe(true);
    sandbox.clearRequests();

    const mutation = new MutationObserver(client, q.favorites.create.mutation());
    const favorite = await mutation.mutate({ sku_id: PHONE });
    expect(favorite.sku_id).toBe(PHONE);
    const calls = sandbox.apiCalls().map((c) => `${c.method} ${c.path}`);
    expect(calls).toEqual(['POST /favorites', 'GET /favorites']);
    const list = client.getQueryData(q.favorites.list().queryKey);
    expect(list?.items.map((f) => f.id)).toEqual([favorite.id]);
    for (const o of observers) o.unsubscribe();
  });

  it('invalidates() names exactly the reads a favorite shows in, for this user only: not a category or a SKU', async () => {
    const { api, userId } = userClient();
    const q = catalogQueries(api, { user: userId });
    const other = catalogQueries(api, { user: userId + 1 });
    const client = queryClient();
    const keys = {
      favorites: q.favorites.list().queryKey,
      lists: q.favorites.lists.list().queryKey,
      listFavorites: q.favorites.lists.favorites(-40).queryKey,
      inCategory: q.favorites.inCategory(40).queryKey,
      forSku: q.favorites.forSku(PHONE).queryKey,
      categorySkus: q.catalog.categories.skus(40, { per: 5 }).queryKey,
      category: q.catalog.categories.get(40).queryKey,
      favorite: q.favorites.get(1).queryKey,
      sku: q.skus.get(PHONE).queryKey,
      shop: q.shops.get(SHOP).queryKey,
      user: q.user.get().queryKey,
      otherUser: other.favorites.list().queryKey,
    };
    for (const key of Object.values(keys)) client.setQueryData(key, {} as never);
    await client.invalidateQueries(q.favorites.create.mutation().invalidates({ sku_id: PHONE }));
    const stale = Object.entries(keys)
      .filter(([, key]) => client.getQueryState(key)?.isInvalidated)
      .map(([name]) => name);
    expect(stale).toEqual(['favorites', 'lists', 'listFavorites', 'inCategory', 'forSku', 'categorySkus']);
  });

  it("signing out through user.logout drops the user's cached data, and the next user's keys differ", async () => {
    const { api, sandbox, userId } = userClient();
    const q = catalogQueries(api, { user: userId });
    const client = queryClient();
    await client.fetchQuery(q.user.get());
    await client.fetchQuery(q.favorites.list());
    await client.fetchQuery(q.catalog.categories.get(40));
    const publicKey = catalogQueries(api).catalog.categories.get(40).queryKey;
    client.setQueryData(publicKey, await api.catalog.categories.get(40));
    await new MutationObserver(client, q.user.logout.mutation()).mutate();
    expect(sandbox.apiCalls({ path: '/user/logout' })).toHaveLength(1);
    // Nothing of the user is left; what was fetched without a user stays.
    expect(
      client
        .getQueryCache()
        .findAll({ queryKey: ['price-catalog'] })
        .map((query) => query.queryKey),
    ).toEqual([publicKey]);
    const next = catalogQueries(api, { user: userId + 1 });
    expect(client.getQueryData(next.favorites.list().queryKey)).toBeUndefined();
  });

  it('variables: one argument as is, several as a tuple; the mutation key names the method and user', async () => {
    const { api, sandbox, userId } = userClient();
    const q = catalogQueries(api, { user: userId });
    const client = queryClient();
    const created = await new MutationObserver(client, q.favorites.create.mutation()).mutate({
      sku_id: PHONE,
    });
    const list = await new MutationObserver(client, q.favorites.lists.create.mutation()).mutate({
      name: 'Later',
    });
    const moved = await new MutationObserver(client, q.favorites.update.mutation()).mutate([
      created.id,
      { favorite_list_id: list.id },
    ]);
    expect(moved.favorite_list_id).toBe(list.id);
    await new MutationObserver(client, q.favorites.delete.mutation()).mutate(created.id);
    expect(sandbox.apiCalls({ method: 'DELETE' }).map((c) => c.path)).toEqual([`/favorites/${created.id}`]);
    expect(q.favorites.update.mutation().mutationKey).toEqual([
      'price-catalog',
      'favorites',
      'update',
      { user: String(userId) },
    ]);
  });
});
