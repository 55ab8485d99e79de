import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { freePort, type RedisServer, startRedis } from '../helpers/redis-server.js';

const run = promisify(execFile);
const root = new URL('../..', import.meta.url);

let redis: RedisServer;
beforeAll(async () => {
  redis = await startRedis();
});
afterAll(async () => {
  await redis.stop();
});

describe('the built price-catalog/redis entry point', () => {
  for (const file of ['redis-esm.mjs', 'redis-cjs.cjs']) {
    it(`throws the error classes of price-catalog (${file})`, async () => {
      const dead = `redis://127.0.0.1:${await freePort()}`;
      const { stdout } = await run(process.execPath, [`test/package/${file}`, redis.url, dead], {
        cwd: root,
      });
      expect(JSON.parse(stdout)).toEqual({ rateLimit: true, coordination: true });
    });
  }
});
