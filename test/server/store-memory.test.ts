import { setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';
import { expect, it } from 'vitest';
import type { CachedAnswer } from '../../src/index.js';
import { createSandbox } from '../../src/sandbox/index.js';
import { slruCacheStore } from '../../src/server/index.js';
import { MOUNT, PHONE, setup } from './setup.js';

// The default public store holds what it says it holds: everything it keeps counts against
// maxBytes, so 10,000 SKU answers leave the process's retained heap within 1.2x of it.

setFlagsFromString('--expose-gc');
const gc = runInNewContext('gc') as () => void;

function retained(): number {
  gc();
  gc();
  return process.memoryUsage().heapUsed;
}

it("10,000 SKU answers in the default store: the process's retained heap within 1.2x of maxBytes, and served as they were", async () => {
  const sandbox = createSandbox({ dailyLimit: null });
  const sku = await (
    await sandbox.fetch(`${sandbox.baseUrl}/skus/${PHONE}`, {
      headers: { authorization: `Bearer ${sandbox.issueToken()}` },
    })
  ).text();
  const entries = 10_000;
  // The JSON of all 10,000: the store is full and evicting when measured.
  const maxBytes = entries * sku.length;
  const before = retained();
  const store = slruCacheStore({ maxEntries: entries, maxBytes });
  for (let i = 0; i < entries; i++) {
    const answer: CachedAnswer = {
      // A body of its own each time, as the API's answers are.
      body: JSON.parse(sku.replace(String(PHONE), String(1_000_000 + i))),
      etag: `"${i}"`,
      storedAt: Date.now(),
      maxAgeMs: 3_600_000,
      headers: [
        ['x-max-age-ms', '3600000'],
        ['cache-control', 'private, max-age=3600'],
      ],
      size: sku.length,
    };
    store.set(`p||${MOUNT}/skus/${1_000_000 + i}?`, answer);
  }
  const held = retained() - before;
  const kept = [...(await store.keys())];
  expect(kept.length).toBeGreaterThan(entries * 0.4);
  expect(held).toBeLessThanOrEqual(1.2 * maxBytes);
  const last = store.get(`p||${MOUNT}/skus/${1_000_000 + entries - 1}?`) as CachedAnswer;
  expect((last.body as { sku: { id: number } }).sku.id).toBe(1_000_000 + entries - 1);
});

it('an answer kept as bytes is served byte for byte as it was fetched', async () => {
  const { call, sandbox } = setup();
  const first = await call(`${MOUNT}/skus/${PHONE}`);
  const hit = await call(`${MOUNT}/skus/${PHONE}`);
  expect(hit.headers.get('x-catalog-cache')).toBe('hit');
  expect(await hit.text()).toBe(await first.text());
  const api = await sandbox.fetch(`${sandbox.baseUrl}/skus/${PHONE}`, {
    headers: { authorization: `Bearer ${sandbox.issueToken()}` },
  });
  expect(JSON.parse(await (await call(`${MOUNT}/skus/${PHONE}`)).text())).toEqual(await api.json());
});
