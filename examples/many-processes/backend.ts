/**
 * One process of a backend that serves many users of one application. Start as many as you like,
 * on one machine or several: they share the application's daily budget, each token's rate window,
 * the application token, the users' tokens and the cache through Redis.
 *
 *   PRICE_CATALOG_REDIS_URL=redis://127.0.0.1:6379 PRICE_CATALOG_BASE_URL=... PRICE_CATALOG_AUTH_URL=... PRICE_CATALOG_CLIENT_ID=... PRICE_CATALOG_CLIENT_SECRET=... \
 *     PORT=8080 npx tsx examples/many-processes/backend.ts
 *
 * GET /categories/:id        answered with the application token
 * GET /users/:userId/me      answered with that user's token (kept in Redis under `user:<id>`)
 */
import { createServer } from 'node:http';
import { createClient, DailyLimitError, RateLimitError } from 'price-catalog';
import { CoordinationError, redisCoordination } from 'price-catalog/redis';

const env = (name: string): string => {
  const value = process.env[name];
  if (!value) throw new Error(`${name} is not set`);
  return value;
};

const coordination = redisCoordination({
  url: env('PRICE_CATALOG_REDIS_URL'),
  prefix: process.env.PRICE_CATALOG_REDIS_PREFIX ?? 'shop:',
});
const app = createClient({
  baseUrl: env('PRICE_CATALOG_BASE_URL'),
  authUrl: env('PRICE_CATALOG_AUTH_URL'),
  clientId: env('PRICE_CATALOG_CLIENT_ID'),
  clientSecret: env('PRICE_CATALOG_CLIENT_SECRET'),
  coordination,
});

/** One client per user: it refreshes the user's tokens in Redis, once for every process. */
const users = new Map<string, typeof app>();
const userClient = (userId: string): typeof app => {
  let client = users.get(userId);
  if (!client) {
    client = app.forUser({ tokenStore: coordination.tokenStore(`user:${userId}`) });
    users.set(userId, client);
  }
  return client;
};

const server = createServer(async (request, response) => {
  const send = (status: number, body: unknown): void => {
    response.writeHead(status, { 'content-type': 'application/json', 'x-served-by': String(process.pid) });
    response.end(JSON.stringify(body));
  };
  try {
    const path = new URL(request.url ?? '/', 'http://backend').pathname;
    const category = /^\/categories\/(\d+)$/.exec(path);
    if (category) return send(200, await app.catalog.categories.get(Number(category[1])));
    const me = /^\/users\/([\w-]+)\/me$/.exec(path);
    if (me) return send(200, await userClient(me[1] as string).user.get());
    send(404, { error: 'not found' });
  } catch (error) {
    // Out of budget or window, or Redis unreachable: the call was not sent; tell the caller to retry later.
    const busy =
      error instanceof DailyLimitError ||
      error instanceof RateLimitError ||
      error instanceof CoordinationError;
    send(busy ? 503 : 502, { error: error instanceof Error ? error.name : 'Error' });
  }
});

server.listen(Number(process.env.PORT ?? 0), '127.0.0.1', () => {
  const address = server.address();
  console.log(`listening ${typeof address === 'object' && address ? address.port : ''}`);
});
process.on('SIGTERM', () => {
  server.close();
  void coordination.close().then(() => process.exit(0));
});
