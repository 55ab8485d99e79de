/**
 * The SDK through an HTTP proxy, or with any custom connection settings, in Node: give the client
 * a `fetch` that uses an undici dispatcher (`npm install undici`; undici 7 runs on Node 20.19).
 *
 *   HTTP_PROXY=http://proxy.internal:3128 npx tsx examples/proxy.ts
 *
 * Without HTTP_PROXY it starts the sandbox on loopback and a tiny forward proxy that prints each
 * request it relays, so it runs as is. The token still goes only to the API's origin: the SDK adds
 * it per request, and never to another origin (a redirect elsewhere is followed without it).
 */
import { createServer, request as relay } from 'node:http';
import type { AddressInfo } from 'node:net';
import { createClient } from 'price-catalog';
import { createSandbox } from 'price-catalog/testing';
import { Agent, type Dispatcher, ProxyAgent, fetch as undiciFetch } from 'undici';

/** A `fetch` for `createClient({ fetch })` that sends every request through `dispatcher`. */
export function fetchWith(dispatcher: Dispatcher): typeof fetch {
  return (input, init) =>
    // undici's fetch and the global one have the same behaviour but separately declared types.
    undiciFetch(input as Parameters<typeof undiciFetch>[0], {
      ...(init as Parameters<typeof undiciFetch>[1]),
      dispatcher,
    }) as unknown as Promise<Response>;
}

/**
 * Through a forward proxy. `proxyTunnel: false` sends http:// requests to the proxy as they are
 * (absolute-form); https:// requests always go through a CONNECT tunnel.
 */
export function proxyFetch(proxyUrl: string): typeof fetch {
  return fetchWith(new ProxyAgent({ uri: proxyUrl, proxyTunnel: false }));
}

/** No proxy, but custom connection settings: keep-alive, connect timeout, pool size. */
export function tunedFetch(): typeof fetch {
  return fetchWith(new Agent({ keepAliveTimeout: 10_000, connectTimeout: 5_000, connections: 16 }));
}

/** Runs three calls against the sandbox on loopback through the proxy at `proxyUrl`. */
export async function runThroughProxy(proxyUrl: string, print: (line: string) => void = console.log) {
  const sandbox = createSandbox();
  const server = await sandbox.listen();
  try {
    const api = createClient({
      baseUrl: server.baseUrl,
      authUrl: server.authUrl,
      clientId: sandbox.clientId,
      clientSecret: sandbox.clientSecret,
      fetch: proxyFetch(proxyUrl),
    });
    const category = await api.catalog.categories.get(40);
    const manufacturers = await api.catalog.categories.manufacturers(40);
    print(`Category #${category.id} "${category.name}": ${manufacturers.items.length} manufacturers`);
    print(`API calls the sandbox received: ${sandbox.apiCalls().length}`);
    return { category, apiCalls: sandbox.apiCalls().length };
  } finally {
    await server.close();
  }
}

/** A forward proxy for the demo: relays plain-http requests and prints them (never their headers). */
async function demoProxy(print: (line: string) => void) {
  const server = createServer((req, res) => {
    const target = new URL(req.url ?? '/');
    print(`proxy: ${req.method} ${target.origin}${target.pathname}`);
    const upstream = relay(
      target,
      { method: req.method, headers: { ...req.headers, host: target.host } },
      (answer) => {
        res.writeHead(answer.statusCode ?? 502, answer.headers);
        answer.pipe(res);
      },
    );
    upstream.on('error', () => res.writeHead(502).end());
    req.pipe(upstream);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

async function main() {
  const given = process.env.HTTP_PROXY ?? process.env.http_proxy;
  const proxy = given ? undefined : await demoProxy(console.log);
  try {
    await runThroughProxy(given ?? (proxy?.url as string));
  } finally {
    await proxy?.close();
  }
}

if (import.meta.url === `file://${process.argv[1]}`) await main();
