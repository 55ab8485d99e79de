import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createClient, NotFoundError } from '../../src/index.js';
import { createSandbox, type Sandbox } from '../../src/sandbox/index.js';
import { sandboxOptions } from '../helpers/index.js';
import { drive } from '../helpers/timers.js';
import { MOUNT, setup } from '../server/setup.js';
import { points, type Telemetry, telemetry } from './telemetry.js';

let otel: Telemetry;
let sandbox: Sandbox;

beforeEach(() => {
  vi.useFakeTimers();
  otel = telemetry();
  sandbox = createSandbox({ cacheMaxAge: 60 });
});
afterEach(async () => {
  await otel.close();
  vi.useRealTimers();
});

const GET = 'http.request.method=GET';
const SKU = 'url.template=/skus/{id}';

describe('price-catalog/otel: metrics after a known sequence of calls', () => {
  it('fresh, cached, revalidated, retried, failed: calls, cache, requests, durations, tokens, budget', async () => {
    const api = createClient({ ...sandboxOptions(sandbox), logLevel: 'off', dailyLimit: 1000 });
    const [a, b] = sandbox.data.skus.map((sku) => sku.id);
    await api.skus.get(a as number); // fresh: a request
    await api.skus.get(a as number); // cached: none
    await vi.advanceTimersByTimeAsync(61_000);
    await api.skus.get(a as number); // past max-age: revalidated with a 304
    sandbox.failNext(1, { status: 503 });
    await drive(api.skus.get(b as number)); // retried once
    await expect(api.skus.get(999_999_999)).rejects.toBeInstanceOf(NotFoundError); // failed

    const metrics = await otel.metrics();
    expect(points(metrics.get('price_catalog.calls'))).toEqual({
      [`${GET} price_catalog.outcome=success ${SKU}`]: 4,
      [`error.type=NotFoundError ${GET} price_catalog.outcome=failure ${SKU}`]: 1,
    });
    expect(points(metrics.get('price_catalog.cache.lookups'))).toEqual({
      [`${GET} price_catalog.cache=hit ${SKU}`]: 1,
      [`${GET} price_catalog.cache=miss ${SKU}`]: 2,
      [`${GET} price_catalog.cache=revalidated ${SKU}`]: 1,
    });
    const host = new URL(sandbox.baseUrl).hostname;
    const server = `server.address=${host} server.port=443`;
    expect(points(metrics.get('price_catalog.requests'))).toEqual({
      [`http.request.method=GET http.response.status_code=200 price_catalog.attempt.kind=first ${server} url.template=/skus/{id}`]: 1,
      [`http.request.method=GET http.response.status_code=304 price_catalog.attempt.kind=first ${server} url.template=/skus/{id}`]: 1,
      [`error.type=503 http.request.method=GET http.response.status_code=503 price_catalog.attempt.kind=first ${server} url.template=/skus/{id}`]: 1,
      [`http.request.method=GET http.response.status_code=200 price_catalog.attempt.kind=retry ${server} url.template=/skus/{id}`]: 1,
      [`error.type=404 http.request.method=GET http.response.status_code=404 price_catalog.attempt.kind=first ${server} url.template=/skus/{id}`]: 1,
    });
    const duration = metrics.get('http.client.request.duration');
    expect(duration?.descriptor.unit).toBe('s');
    expect(Object.values(points(duration)).reduce((sum, n) => sum + n, 0)).toBe(5);
    expect(points(metrics.get('price_catalog.token.requests'))).toEqual({
      'price_catalog.outcome=success price_catalog.token.grant=client_credentials': 1,
    });
    // Five requests went: the day's budget as the gauges read it, per application.
    const used = points(metrics.get('price_catalog.budget.used'));
    const remaining = points(metrics.get('price_catalog.budget.remaining'));
    expect(Object.values(used)).toEqual([5]);
    expect(Object.values(remaining)).toEqual([995]);
    expect(Object.keys(used)[0]).toMatch(/^price_catalog\.app=app:[0-9a-z]+$/);
    expect(sandbox.stats.apiCalls).toBe(5);
  });

  it('rate-limit waits: a histogram of their length in seconds', async () => {
    sandbox = createSandbox({ rateLimit: { limit: 1, windowMs: 60_000 } });
    const api = createClient({ ...sandboxOptions(sandbox), logLevel: 'off', cache: false });
    await api.skus.get(sandbox.data.skus[0]?.id as number);
    await drive(api.skus.get(sandbox.data.skus[0]?.id as number), 1000);
    const waits = (await otel.metrics()).get('price_catalog.rate_limit.wait.duration');
    expect(points(waits)).toEqual({ 'price_catalog.rate_limit.reason=window': 1 });
    const point = waits?.dataPoints[0]?.value as { sum: number };
    expect(point.sum).toBeGreaterThan(1);
  });

  it('the handler: stale answers served, background revalidations, visitors refused', async () => {
    const start = Math.floor(Date.now() / 86_400_000) * 86_400_000;
    const time = { t: start + 0.9 * 86_400_000 };
    const { call, handler, sandbox: api } = setup({ now: () => time.t });
    await call(`${MOUNT}/categories/40`);
    time.t += 301_000;
    await Promise.all([1, 2, 3].map(() => call(`${MOUNT}/categories/40`)));
    await handler.idle();
    // The API down, nothing stored for this one: refused.
    api.failNext(10, { status: 503 });
    await drive(call(`${MOUNT}/categories/41`));
    const metrics = await otel.metrics();
    expect(points(metrics.get('price_catalog.handler.stale_served'))).toEqual({
      'url.template=/categories/{id}': 3,
    });
    expect(points(metrics.get('price_catalog.handler.revalidations'))).toEqual({
      'url.template=/categories/{id}': 1,
    });
    expect(points(metrics.get('price_catalog.handler.refused'))).toEqual({
      'price_catalog.refusal=unavailable': 1,
    });
  });

  it('disable() stops the measurements and the budget gauges', async () => {
    const api = createClient({ ...sandboxOptions(sandbox), logLevel: 'off' });
    await api.skus.get(sandbox.data.skus[0]?.id as number);
    otel.instrumentation.disable();
    await api.skus.get(sandbox.data.skus[1]?.id as number);
    const metrics = await otel.metrics();
    expect(Object.values(points(metrics.get('price_catalog.calls')))).toEqual([1]);
    expect(points(metrics.get('price_catalog.budget.used'))).toEqual({});
  });
});
