type Fetch = typeof fetch;

/** A resource's key: its path under `prefix`, with the query sorted (so two spellings are one). */
export function resourceKey(url: URL, prefix: string): string {
  const path = url.pathname.startsWith(prefix) ? url.pathname.slice(prefix.length) : url.pathname;
  const query = new URLSearchParams(url.search);
  query.sort();
  const search = query.toString();
  return search === '' ? path : `${path}?${search}`;
}

export interface Tap {
  fetch: Fetch;
  /** When the data this side holds of each resource was fetched from the API (epoch ms). */
  dataTime: Map<string, number>;
}

export interface TapOptions {
  /** Only requests to this origin are looked at; others (the token endpoint) pass untouched. */
  origin?: string;
  /** The path prefix the resources sit under on this side (`''` on the API, the mount path on a handler). */
  prefix: string;
  /**
   * When the data of an answer (200 or 304 to a GET) was fetched from the API: now, for the API's
   * own answers; the handler's data time, for a handler's.
   */
  stamp(key: string): number | undefined;
  /** Sees every answer (and a rejected fetch as status 0). */
  onAnswer?(key: string, status: number): void;
}

/** Wraps a fetch to learn, per resource, how old the data behind it is. */
export function tapFetch(inner: Fetch, options: TapOptions): Tap {
  const dataTime = new Map<string, number>();
  const tapped = async (input: RequestInfo | URL, init?: RequestInit): Promise<Response> => {
    const request = input instanceof Request ? input : undefined;
    const url = new URL(request ? request.url : String(input));
    if (options.origin !== undefined && url.origin !== options.origin) return inner(input, init);
    const method = (init?.method ?? request?.method ?? 'GET').toUpperCase();
    const key = resourceKey(url, options.prefix);
    let response: Response;
    try {
      response = await inner(input, init);
    } catch (error) {
      options.onAnswer?.(key, 0);
      throw error;
    }
    if (method === 'GET' && (response.status === 200 || response.status === 304)) {
      const time = options.stamp(key);
      if (time !== undefined) dataTime.set(key, time);
    }
    options.onAnswer?.(key, response.status);
    return response;
  };
  return { fetch: tapped as Fetch, dataTime };
}
