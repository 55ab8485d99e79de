import { describe, expect, it } from 'vitest';
import {
  type ClientOptions,
  createClient,
  ENDPOINT_ROWS,
  InvalidRequestError,
  type RequestOptions,
} from '../../src/index.js';
import { expectRefused, newSandbox, sandboxClient, sandboxOptions } from '../helpers/index.js';

/** Every option of createClient: the type makes this list whole (a new option fails to compile). */
const EVERY_CLIENT_OPTION: Record<keyof ClientOptions, true> = {
  baseUrl: true,
  authUrl: true,
  clientId: true,
  clientSecret: true,
  token: true,
  auth: true,
  getToken: true,
  apiVersion: true,
  vendor: true,
  tokenTransport: true,
  fetch: true,
  timeout: true,
  validation: true,
  logLevel: true,
  logger: true,
  hooks: true,
  headers: true,
  tokenStore: true,
  onTokens: true,
  deadline: true,
  maxRetries: true,
  cache: true,
  dailyLimit: true,
  rateLimit: true,
  onRateLimit: true,
  redirect: true,
  maxRateLimitWait: true,
  coordination: true,
};

/** Every option of one call, made whole by its type the same way. */
const EVERY_CALL_OPTION: Record<keyof RequestOptions, true> = {
  signal: true,
  timeout: true,
  deadline: true,
  apiVersion: true,
  headers: true,
  validation: true,
  cache: true,
  maxRetries: true,
  maxRateLimitWait: true,
};

/** What `make` throws, or undefined. */
function thrown(make: () => unknown): unknown {
  try {
    make();
    return undefined;
  } catch (error) {
    return error;
  }
}

describe('createClient refuses an option it does not know, naming the closest one', () => {
  it.each([
    ['retries', 3, 'maxRetries'],
    ['timeot', 5, 'timeout'],
    ['baseURL', 'http://127.0.0.1', 'baseUrl'],
    ['client_secret', 's', 'clientSecret'],
    ['loglevel', 'debug', 'logLevel'],
  ])('`%s` (%s) is refused: did you mean `%s`?', (name, value, closest) => {
    const sandbox = newSandbox();
    const error = thrown(() => createClient({ ...sandboxOptions(sandbox), [name]: value } as ClientOptions));
    expect(error).toBeInstanceOf(InvalidRequestError);
    expect(error).toMatchObject({ code: 'InvalidOption', param: name });
    expect((error as Error).message).toBe(
      `createClient: unknown option \`${name}\`; did you mean \`${closest}\`?`,
    );
    expect(sandbox.requests).toHaveLength(0);
  });

  it('a name like none it knows is refused with the list of the names it takes', () => {
    const sandbox = newSandbox();
    const error = thrown(() => createClient({ ...sandboxOptions(sandbox), port: 8080 } as ClientOptions));
    expect(error).toMatchObject({ code: 'InvalidOption', param: 'port' });
    expect((error as Error).message).toMatch(
      /^createClient: unknown option `port` \(known: .*\bmaxRetries\b/,
    );
  });

  it('every option of ClientOptions is known (given undefined, none is refused as unknown)', () => {
    const sandbox = newSandbox();
    for (const name of Object.keys(EVERY_CLIENT_OPTION)) {
      const error = thrown(() =>
        createClient({ ...sandboxOptions(sandbox), [name]: undefined } as ClientOptions),
      );
      expect((error as Error | undefined)?.message ?? '').not.toMatch(/unknown option/);
    }
    expect(() => createClient({ ...sandboxOptions(sandbox), maxRetries: 3 })).not.toThrow();
  });
});

describe('a call refuses an option it does not know, before anything is sent', () => {
  it('`{ timeot: 5 }`: did you mean `timeout`?', async () => {
    const sandbox = newSandbox();
    const api = sandboxClient(sandbox);
    await expectRefused(
      sandbox,
      () => api.catalog.categories.get(40, { timeot: 5 } as RequestOptions),
      'InvalidOption',
    );
    const error = await api.catalog.categories
      .get(40, { timeot: 5 } as RequestOptions)
      .catch((e: unknown) => e);
    expect(error).toMatchObject({
      param: 'timeot',
      message: 'unknown option `timeot`; did you mean `timeout`?',
    });
    const listError = await api.catalog.categories
      .skus(40, {}, { maxRetry: 1 } as RequestOptions)
      .catch((e: unknown) => e);
    expect(listError).toMatchObject({ message: 'unknown option `maxRetry`; did you mean `maxRetries`?' });
    // Not even the token was asked for.
    expect(sandbox.requests).toHaveLength(0);
  });

  it('every option of RequestOptions is known (given undefined, the call goes through)', async () => {
    const sandbox = newSandbox();
    const api = sandboxClient(sandbox);
    for (const name of Object.keys(EVERY_CALL_OPTION)) {
      await expect(api.catalog.categories.get(40, { [name]: undefined })).resolves.toMatchObject({ id: 40 });
    }
  });
});

describe('a query object with a name its endpoint does not take is refused before sending', () => {
  it('`{ orderBy }` on the SKUs of a category: did you mean `order_by`?', async () => {
    const sandbox = newSandbox();
    const api = sandboxClient(sandbox);
    const params = { orderBy: 'pricevat' } as never;
    await expectRefused(sandbox, () => api.catalog.categories.skus(40, params), 'InvalidParam');
    const error = await api.catalog.categories.skus(40, params).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(InvalidRequestError);
    expect(error).toMatchObject({
      param: 'orderBy',
      message: 'unknown query parameter `orderBy`; did you mean `order_by`?',
    });
    expect(sandbox.apiCalls()).toHaveLength(0);
  });

  it('each endpoint knows its own names: `q` is a search name, not a names list of categories', async () => {
    const sandbox = newSandbox();
    const api = sandboxClient(sandbox);
    const wrong = api.catalog.categories.list({ q: 'phone' } as never);
    const error = await wrong.catch((e: unknown) => e);
    expect(error).toMatchObject({ code: 'InvalidParam', param: 'q' });
    expect((error as Error).message).toBe('unknown query parameter `q` (known: page, per)');
    const typo = await api.shops.search({ q: 'shop', pages: 5 } as never).catch((e: unknown) => e);
    expect(typo).toMatchObject({ message: 'unknown query parameter `pages`; did you mean `page`?' });
    const manufacturers = await api.catalog.manufacturers
      .skus(12, { order_dr: 'asc' } as never)
      .catch((e: unknown) => e);
    expect(manufacturers).toMatchObject({
      message: 'unknown query parameter `order_dr`; did you mean `order_dir`?',
    });
    expect(sandbox.apiCalls()).toHaveLength(0);
  });

  it('every name an endpoint takes still goes through, on the wire as given', async () => {
    const sandbox = newSandbox();
    const api = sandboxClient(sandbox);
    const page = await api.catalog.categories.skus(40, {
      order_by: 'pricevat',
      order_dir: 'asc',
      q: undefined,
      include_meta: ['applied_filters'],
      filter_ids: undefined,
      manufacturer_ids: undefined,
      shop_ids: undefined,
      distance: undefined,
      availability: undefined,
      page: 2,
      per: 5,
    });
    expect(page.items).toHaveLength(5);
    const [sent] = sandbox.apiCalls();
    expect(sent?.query.get('order_by')).toBe('pricevat');
    expect(sent?.query.get('page')).toBe('2');
  });
});

describe('every read that takes a query object refuses a name of none of its endpoint', () => {
  const reads = ENDPOINT_ROWS.filter((row) => row.method === 'GET' && row.args.includes('params'));

  it.each(reads.map((row) => [row.name, row] as const))('%s', async (_name, row) => {
    let sent = 0;
    const fetch: typeof globalThis.fetch = async () => {
      sent++;
      return new Response(null, { status: 500 });
    };
    const api = createClient({ baseUrl: 'https://api.example.com', token: 't', fetch });
    const method = row.name
      .split('.')
      .reduce<unknown>((on, key) => (on as Record<string, unknown>)[key], api) as (
      ...args: unknown[]
    ) => PromiseLike<unknown>;
    const args = row.args.map((slot) => {
      if (slot === 'params') return { not_a_name: 1 };
      return row.listIds?.includes(slot) ? -40 : 1;
    });
    const error = await Promise.resolve(method(...args)).then(
      () => undefined,
      (e: unknown) => e,
    );
    expect(error).toBeInstanceOf(InvalidRequestError);
    expect(error).toMatchObject({
      code: 'InvalidParam',
      param: 'not_a_name',
      message: `unknown query parameter \`not_a_name\` (known: ${row.query.map((param) => param.name).join(', ')})`,
    });
    expect(sent).toBe(0);
  });
});
