/**
 * `npm run many-processes`: the sandbox API on loopback, three signed-in users, and two processes
 * of backend.ts serving them on one Redis: PRICE_CATALOG_REDIS_URL, or a redis-server the example starts when
 * one is installed (./redis.ts). Prints what the API saw: one application token for both
 * processes, and each answer fetched once.
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { redisCoordination } from 'price-catalog/redis';
import { createSandbox, SANDBOX_USERS } from 'price-catalog/testing';
import { exampleRedis } from './redis.js';

const redis = await exampleRedis();
const redisUrl = redis.url;
const prefix = `many-processes-${Date.now()}:`;
const sandbox = createSandbox();
const api = await sandbox.listen({ port: 0 });

// Each user signed in once (here: tokens issued by the sandbox); their tokens live in Redis.
const coordination = redisCoordination({ url: redisUrl, prefix });
for (const [name, userId] of Object.entries(SANDBOX_USERS)) {
  const grant = sandbox.issueUserToken({ userId });
  await coordination.tokenStore(`user:${name}`).set({
    access_token: grant.access_token,
    refresh_token: grant.refresh_token,
    expires_at: Date.now() + grant.expires_in * 1000,
  });
}
await coordination.close();

const backend = fileURLToPath(new URL('./backend.ts', import.meta.url));
const start = (): Promise<{ child: ChildProcess; port: number }> =>
  new Promise((resolve, reject) => {
    const child = spawn(process.execPath, ['--import', 'tsx', backend], {
      env: {
        ...process.env,
        PRICE_CATALOG_REDIS_URL: redisUrl,
        PRICE_CATALOG_REDIS_PREFIX: prefix,
        PRICE_CATALOG_BASE_URL: api.baseUrl,
        PRICE_CATALOG_AUTH_URL: api.authUrl,
        PRICE_CATALOG_CLIENT_ID: sandbox.clientId,
        PRICE_CATALOG_CLIENT_SECRET: sandbox.clientSecret,
      },
      stdio: ['ignore', 'pipe', 'inherit'],
    });
    child.stdout?.on('data', (chunk: Buffer) => {
      const port = /listening (\d+)/.exec(chunk.toString())?.[1];
      if (port) resolve({ child, port: Number(port) });
    });
    child.on('exit', (code) => reject(new Error(`backend exited with ${code}`)));
  });

const backends = await Promise.all([start(), start()]);
try {
  const servedBy = new Set<string>();
  let turn = 0;
  // Requests go to the two processes in turn.
  const get = async (path: string): Promise<unknown> => {
    const { port } = backends[turn++ % backends.length] as { port: number };
    const response = await fetch(`http://127.0.0.1:${port}${path}`);
    servedBy.add(response.headers.get('x-served-by') ?? '');
    return response.json();
  };
  // Each process answers each user and the same category: the second time, from Redis.
  const names: string[] = [];
  for (let round = 0; round < 2; round++) {
    for (const name of Object.keys(SANDBOX_USERS)) {
      const me = (await get(`/users/${name}/me`)) as { username?: string };
      if (round === 0) names.push(me.username ?? '?');
    }
    await get('/categories/40');
  }
  console.log(
    JSON.stringify({
      processes: servedBy.size,
      users: names,
      tokenRequests: sandbox.stats.tokenRequests,
      apiCalls: sandbox.apiCalls().length,
    }),
  );
} finally {
  for (const { child } of backends) child.kill('SIGTERM');
  await api.close();
  await redis.stop();
}
