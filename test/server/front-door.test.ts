import { createServer, type Server } from 'node:http';
import { connect } from 'node:net';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { type CatalogHandlerOptions, toNodeHandler } from '../../src/server/index.js';
import { dayClock } from '../helpers/timers.js';
import { MOUNT, ORIGIN, PHONE, setup } from './setup.js';

const servers: Server[] = [];
afterEach(async () => {
  vi.unstubAllGlobals();
  for (const server of servers.splice(0)) {
    server.closeAllConnections();
    await new Promise((resolve) => server.close(resolve));
  }
});

async function listen(server: Server): Promise<number> {
  servers.push(server);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  return typeof address === 'object' && address ? address.port : 0;
}

interface Raw {
  text: string;
  status: number;
  headers: Map<string, string>;
  body: Buffer;
}

/** One request on its own connection, read as the bytes the server wrote. */
function raw(port: number, method: string, path: string, headers: Record<string, string> = {}): Promise<Raw> {
  return new Promise((resolve, reject) => {
    const lines = [`${method} ${path} HTTP/1.1`, `Host: shop.test`, 'Connection: close'];
    for (const [name, value] of Object.entries(headers)) lines.push(`${name}: ${value}`);
    const socket = connect(port, '127.0.0.1', () => socket.write(`${lines.join('\r\n')}\r\n\r\n`));
    const chunks: Buffer[] = [];
    socket.on('data', (chunk: Buffer) => chunks.push(chunk));
    socket.on('error', reject);
    socket.on('end', () => {
      const all = Buffer.concat(chunks);
      const end = all.indexOf('\r\n\r\n');
      const head = all.subarray(0, end).toString('latin1').split('\r\n');
      const parsed = new Map<string, string>();
      for (const line of head.slice(1)) {
        const at = line.indexOf(':');
        parsed.set(line.slice(0, at).toLowerCase(), line.slice(at + 1).trim());
      }
      resolve({
        text: all.toString('latin1'),
        status: Number(head[0]?.split(' ')[1]),
        headers: parsed,
        body: all.subarray(end + 4),
      });
    });
  });
}

/** What a server adds of its own to any answer: not the handler's. */
const TRANSPORT = new Set(['date', 'connection', 'keep-alive', 'content-length', 'transfer-encoding']);

async function twoDoors(options: Partial<CatalogHandlerOptions> = {}) {
  const clock = dayClock(12 * 3_600_000, Date.UTC(2026, 10, 27));
  const made = setup({ now: clock.now, ...options }, { cacheMaxAge: 300 });
  // The same handler through the adapter's fast path, and as a plain fetch function (no fast path).
  const fast = await listen(createServer(toNodeHandler(made.handler, { origin: ORIGIN })));
  const plain = await listen(
    createServer(toNodeHandler((request, context) => made.handler(request, context), { origin: ORIGIN })),
  );
  return { ...made, clock, fast, plain };
}

const CASES: { name: string; path: string; method?: string; headers?: Record<string, string> }[] = [
  { name: 'a SKU (a hit)', path: `${MOUNT}/skus/${PHONE}` },
  { name: 'a 37 KB listing (a hit)', path: `${MOUNT}/categories/40/skus` },
  { name: 'a listing page with a query in another order', path: `${MOUNT}/categories/40/skus?per=20&page=2` },
  { name: 'a HEAD', path: `${MOUNT}/skus/${PHONE}`, method: 'HEAD' },
  {
    name: 'a version in Accept',
    path: `${MOUNT}/skus/${PHONE}`,
    headers: { accept: 'application/json; version=3.1' },
  },
  { name: 'a missing SKU (kept 404)', path: `${MOUNT}/skus/999999999` },
  { name: 'a path not served', path: `${MOUNT}/nothing/here` },
  { name: 'an OPTIONS', path: `${MOUNT}/skus/${PHONE}`, method: 'OPTIONS' },
  { name: 'a 405', path: `${MOUNT}/skus/${PHONE}`, method: 'DELETE' },
  { name: 'a query name not taken', path: `${MOUNT}/skus/${PHONE}?made_up=1` },
  { name: 'an escaped query', path: `${MOUNT}/categories/40/skus?order_by=price%20asc` },
];

describe('one front door: the node adapter and the Fetch handler answer alike', () => {
  for (const cdn of [false, true]) {
    it(`byte for byte${cdn ? ' (cdn)' : ''}: the Fetch handler, the adapter's fast path and the adapter over plain fetch`, async () => {
      const { handler, fast, plain, clock } = await twoDoors({ cdn });
      for (const one of CASES) {
        const method = one.method ?? 'GET';
        // The first view fills the cache; the views compared are the same moment later.
        if (method === 'GET') await raw(fast, 'GET', one.path, one.headers);
        clock.advance(7_000);
        const viaFetch = await handler(new Request(`${ORIGIN}${one.path}`, { method, headers: one.headers }));
        const fetchBody = Buffer.from(await viaFetch.arrayBuffer());
        const viaFast = await raw(fast, method, one.path, one.headers);
        const viaPlain = await raw(plain, method, one.path, one.headers);
        const withoutDate = (answer: Raw) => answer.text.replace(/\r\nDate: [^\r]*/, '');
        expect(withoutDate(viaFast).split('\r\n'), one.name).toEqual(withoutDate(viaPlain).split('\r\n'));
        expect(viaFast.status, one.name).toBe(viaFetch.status);
        const fetchHeaders = [...viaFetch.headers].filter(([name]) => !TRANSPORT.has(name));
        const socketHeaders = [...viaFast.headers].filter(([name]) => !TRANSPORT.has(name));
        expect(socketHeaders, one.name).toEqual(fetchHeaders);
        expect(viaFast.body.equals(method === 'HEAD' ? Buffer.alloc(0) : fetchBody), one.name).toBe(true);
      }
    });
  }

  it('a 304 for a matching If-None-Match, alike on both doors', async () => {
    const { handler, fast, clock } = await twoDoors();
    const first = await raw(fast, 'GET', `${MOUNT}/skus/${PHONE}`);
    const etag = first.headers.get('etag') as string;
    expect(etag).toBeTruthy();
    clock.advance(1000);
    const viaFetch = await handler(
      new Request(`${ORIGIN}${MOUNT}/skus/${PHONE}`, { headers: { 'if-none-match': etag } }),
    );
    const viaFast = await raw(fast, 'GET', `${MOUNT}/skus/${PHONE}`, { 'if-none-match': etag });
    expect([viaFetch.status, viaFast.status]).toEqual([304, 304]);
    expect([...viaFast.headers].filter(([name]) => !TRANSPORT.has(name))).toEqual([...viaFetch.headers]);
    expect(viaFast.body.length).toBe(0);
  });

  it('a cache hit through the node adapter builds no fetch Request; a miss does', async () => {
    const { fast, sandbox } = await twoDoors();
    let built = 0;
    vi.stubGlobal(
      'Request',
      class extends Request {
        constructor(...args: ConstructorParameters<typeof Request>) {
          super(...args);
          built += 1;
        }
      },
    );
    await raw(fast, 'GET', `${MOUNT}/skus/${PHONE}`);
    expect(built).toBeGreaterThan(0);
    built = 0;
    const calls = sandbox.apiCalls().length;
    for (let i = 0; i < 20; i++) {
      const hit = await raw(fast, 'GET', `${MOUNT}/skus/${PHONE}`);
      expect(hit.headers.get('x-catalog-cache')).toBe('hit');
    }
    expect(built).toBe(0);
    expect(sandbox.apiCalls().length).toBe(calls);
  });

  it('matches a path once: a literal route wins over a parameter one, and every method reads the same match', async () => {
    const { call } = setup();
    const root = await call(`${MOUNT}/categories/root`);
    expect(root.status).toBe(200);
    const options = await call(`${MOUNT}/categories/root`, { method: 'OPTIONS' });
    expect(options.status).toBe(204);
    expect(options.headers.get('allow')).toBe('GET, HEAD, OPTIONS');
    const post = await call(`${MOUNT}/categories/root`, { method: 'POST' });
    expect(post.status).toBe(405);
    expect(post.headers.get('allow')).toBe('GET, HEAD, OPTIONS');
    const reviews = await call(`${MOUNT}/skus/${PHONE}/reviews`, { method: 'OPTIONS' });
    expect(reviews.headers.get('allow')).toMatch(/^GET, POST, HEAD, OPTIONS$|^POST, GET, HEAD, OPTIONS$/);
  });
});
