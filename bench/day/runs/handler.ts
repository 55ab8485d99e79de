import { createClient } from 'price-catalog';
import { type CatalogHandlerOptions, createCatalogHandler } from '../../../src/server/index.js';
import type { Browser, Run, RunContext, Served } from '../simulate.js';
import { tapFetch } from '../tap.js';

/** Where the storefront's pages come from, as a browser sees it. */
export const SHOP = 'https://shop.example';
export const MOUNT = '/api/catalog';

/** Each user's own address (10.x.y.z): the handler's default visitor key, as `toNodeHandler` passes it. */
export function addressOf(user: number): string {
  return `10.${(user >> 16) & 255}.${(user >> 8) & 255}.${user & 255}`;
}

/** The options every handler run gives: the sandbox's API and credentials, the simulated clock. */
export type HandlerOptions = Omit<
  CatalogHandlerOptions,
  'baseUrl' | 'authUrl' | 'clientId' | 'clientSecret' | 'fetch' | 'now' | 'mountPath'
>;

export interface HandlerDay {
  /** A request (a path under the shop, or a URL) as a browser at `address` sends it (same origin). */
  send(path: string, address: string, init?: RequestInit): Promise<Response>;
  /** The data time of each resource the handler holds (as the API tap saw it). */
  dataTime: ReadonlyMap<string, number>;
  /** A browser running the SDK with no credentials against the handler, with its cookies. */
  browser(user: number, cookies?: Map<string, string>): Browser;
}

/** A handler between the browsers and the API, with the run's own options. */
export function handlerDay({ sandbox, apiTap }: RunContext, options: HandlerOptions = {}): HandlerDay {
  const upstream = apiTap();
  const handler = createCatalogHandler({
    baseUrl: sandbox.baseUrl,
    authUrl: sandbox.authUrl,
    clientId: sandbox.clientId,
    clientSecret: sandbox.clientSecret,
    fetch: upstream.fetch,
    now: () => Date.now(),
    mountPath: MOUNT,
    logLevel: 'off',
    ...options,
  });
  const send = (path: string, address: string, init: RequestInit = {}): Promise<Response> => {
    const headers = new Headers(init.headers);
    headers.set('origin', SHOP);
    const url = path.startsWith('https:') ? path : `${SHOP}${path}`;
    return handler(new Request(url, { ...init, headers }), { clientAddress: address });
  };
  const toHandlerAs =
    (user: number, cookies?: Map<string, string>) =>
    async (input: RequestInfo | URL, init?: RequestInit): Promise<Response> => {
      const request = new Request(input, init);
      const headers = new Headers(request.headers);
      headers.set('origin', SHOP);
      if (cookies && cookies.size > 0) {
        headers.set('cookie', [...cookies].map(([name, value]) => `${name}=${value}`).join('; '));
      }
      const response = await handler(new Request(request, { headers }), { clientAddress: addressOf(user) });
      if (cookies) takeCookies(response, cookies);
      return response;
    };
  return {
    send,
    dataTime: upstream.dataTime,
    browser(user, cookies) {
      // What a browser holds of a resource is as old as what the handler held when it answered.
      const tap = tapFetch(toHandlerAs(user, cookies), {
        prefix: MOUNT,
        stamp: (key) => upstream.dataTime.get(key),
      });
      const client = createClient({
        baseUrl: `${SHOP}${MOUNT}`,
        auth: 'none',
        fetch: tap.fetch,
        logLevel: 'off',
      });
      return { client, dataTime: tap.dataTime };
    },
  };
}

/** Keeps the cookies a response sets (name=value; an empty value or Max-Age=0 deletes). */
export function takeCookies(response: Response, cookies: Map<string, string>): void {
  for (const line of response.headers.getSetCookie()) {
    const pair = line.split(';')[0] as string;
    const at = pair.indexOf('=');
    const name = pair.slice(0, at);
    const value = pair.slice(at + 1);
    if (value === '' || /max-age=0\b/i.test(line)) cookies.delete(name);
    else cookies.set(name, value);
  }
}

/**
 * Run C: the handler (`price-catalog/server`) between the browsers and the API. Each browser runs
 * the SDK with no credentials against it (own cache, as a browser has); the handler runs one SDK
 * client with the application's credentials, its budget, pacing and stale answers.
 */
export const handlerRun: Run = {
  name: 'the handler (price-catalog/server)',
  setup(context): Served {
    const day = handlerDay(context);
    return { browser: (user) => day.browser(user) };
  },
};
