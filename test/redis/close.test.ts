import { Redis } from 'ioredis';
import { describe, expect, it } from 'vitest';
import { createClient } from '../../src/index.js';
import { CoordinationError, redisCoordination } from '../../src/redis/index.js';
import { createSandbox } from '../../src/sandbox/index.js';
import { startRedis } from '../helpers/redis-server.js';
import { handlerOver } from '../server/setup.js';

// close() ends the client the coordination made, whatever Redis does: a process that closes its
// coordination can exit. Real time, short: the client's reconnects are real sockets.

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe('redisCoordination close()', () => {
  it('ends the client while Redis cannot be reached and a timed-out command is still queued for it', async () => {
    let reconnects = 0;
    const coordination = redisCoordination({
      // Nothing answers here: every connection is refused.
      url: 'redis://127.0.0.1:1',
      commandTimeoutMs: 200,
      // Reconnects 400 ms apart: the call's command is still queued when close() sends QUIT.
      redisOptions: {
        retryStrategy: () => {
          reconnects += 1;
          return 400;
        },
      },
    });
    const sandbox = createSandbox();
    const app = createClient({
      baseUrl: sandbox.baseUrl,
      fetch: sandbox.fetch,
      token: sandbox.issueToken(),
      coordination,
      maxRetries: 0,
    });
    await expect(app.catalog.categories.get(40)).rejects.toBeInstanceOf(CoordinationError);
    await coordination.close();
    const atClose = reconnects;
    await sleep(1_200);
    // Before, the QUIT ended by its timeout and the client went on reconnecting every 400 ms.
    expect(reconnects).toBe(atClose);
    expect(sandbox.requests).toHaveLength(0);
  });

  it("ends the handler's change-watching connection when closed before it was made", async () => {
    const redis = await startRedis();
    const checker = new Redis(redis.url);
    try {
      const coordination = redisCoordination({ url: redis.url, prefix: `closed-${Date.now()}:` });
      // The handler's near cache asks for a connection of its own to hear of changes; the
      // coordination is closed before ioredis has loaded for it.
      handlerOver(createSandbox(), { coordination });
      await coordination.close();
      await sleep(500);
      // Only the checker's own connection: before, the watcher connected after close and stayed.
      const clients = String(await checker.client('LIST'))
        .trim()
        .split('\n');
      expect(clients).toHaveLength(1);
    } finally {
      checker.disconnect();
      await redis.stop();
    }
  });
});
