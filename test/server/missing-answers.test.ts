import { describe, expect, it } from 'vitest';
import { dayClock } from '../helpers/timers.js';
import { MOUNT, setup } from './setup.js';

const DAY = 86_400_000;
describe('missing answers are kept: a missing id or a refused query costs one call, not one per request', () => {
  it('a 404 is answered again from the cache for missingMaxAge (5 minutes), then asked again', async () => {
    const time = dayClock(0.5 * DAY);
    const { call, sandbox } = setup({ now: time.now });
    for (let i = 0; i < 5; i++) {
      const missing = await call(`${MOUNT}/skus/999999999`);
      expect(missing.status).toBe(404);
      expect(await missing.json()).toMatchObject({ errors: [{ code: 'RecordNotFound' }] });
      expect(missing.headers.get('x-catalog-cache')).toBe(i === 0 ? null : 'hit');
    }
    expect(sandbox.apiCalls({ path: '/skus/999999999' })).toHaveLength(1);
    time.advance(300_001);
    expect((await call(`${MOUNT}/skus/999999999`)).status).toBe(404);
    expect(sandbox.apiCalls({ path: '/skus/999999999' })).toHaveLength(2);
  });

  it('a 422 is kept for the same query only', async () => {
    const { call, sandbox } = setup();
    for (let i = 0; i < 3; i++) expect((await call(`${MOUNT}/search?q=a`)).status).toBe(422);
    expect(sandbox.apiCalls({ path: '/search' })).toHaveLength(1);
    expect((await call(`${MOUNT}/search?q=phone`)).status).toBe(200);
    expect(sandbox.apiCalls({ path: '/search' })).toHaveLength(2);
  });

  it('a 410 is kept; missingMaxAge: 0 keeps nothing', async () => {
    for (const [missingMaxAge, calls] of [
      [undefined, 1],
      [0, 3],
    ] as const) {
      const { call, sandbox } = setup({ missingMaxAge, maxRetries: 0 });
      sandbox.failNext(3, { status: 410, body: { errors: [{ code: 'Gone', messages: ['gone'] }] } });
      for (let i = 0; i < 3; i++) expect((await call(`${MOUNT}/categories/41`)).status).toBe(410);
      expect(sandbox.apiCalls({ path: '/categories/41' })).toHaveLength(calls);
    }
  });

  it('a kept 404 is no ETag match and never a 304', async () => {
    const { call } = setup();
    await call(`${MOUNT}/skus/999999999`);
    const again = await call(`${MOUNT}/skus/999999999`, { headers: { 'if-none-match': '*' } });
    expect(again.status).toBe(404);
  });
});
