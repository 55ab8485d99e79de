import { readFileSync } from 'node:fs';
import { SpanKind, SpanStatusCode, trace } from '@opentelemetry/api';
import { registerInstrumentations } from '@opentelemetry/instrumentation';
import type { ReadableSpan } from '@opentelemetry/sdk-trace-base';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createClient, NotFoundError } from '../../src/index.js';
import { PriceCatalogInstrumentation } from '../../src/otel/index.js';
import { createSandbox, type Sandbox } from '../../src/sandbox/index.js';
import { sandboxOptions } from '../helpers/index.js';
import { drive } from '../helpers/timers.js';
import { type Telemetry, telemetry } from './telemetry.js';

const packageVersion = (
  JSON.parse(readFileSync(new URL('../../package.json', import.meta.url), 'utf8')) as { version: string }
).version;

let otel: Telemetry;
let sandbox: Sandbox;

beforeEach(() => {
  vi.useFakeTimers();
  otel = telemetry();
  sandbox = createSandbox();
});
afterEach(async () => {
  await otel.close();
  vi.useRealTimers();
});

const sku = () => sandbox.data.skus[0]?.id as number;
const named = (name: string) => otel.spans().filter((span) => span.name === name);
const only = (name: string): ReadableSpan => {
  const found = named(name);
  expect(found).toHaveLength(1);
  return found[0] as ReadableSpan;
};

describe('price-catalog/otel: one CLIENT span per call', () => {
  it('a call inside a traced request is its child, with the HTTP client attributes and the SDK’s', async () => {
    const api = createClient({ ...sandboxOptions(sandbox), logLevel: 'off' });
    const tracer = otel.tracerProvider.getTracer('app');
    const id = sku();
    await tracer.startActiveSpan('GET /product-page', async (page) => {
      await api.skus.get(id);
      page.end();
    });
    const page = only('GET /product-page');
    const call = only('GET /skus/{id}');
    expect(call.kind).toBe(SpanKind.CLIENT);
    expect(call.parentSpanContext?.spanId).toBe(page.spanContext().spanId);
    expect(call.spanContext().traceId).toBe(page.spanContext().traceId);
    const { origin, hostname } = new URL(sandbox.baseUrl);
    expect(call.attributes).toMatchObject({
      'http.request.method': 'GET',
      'url.full': `${origin}${new URL(sandbox.baseUrl).pathname.replace(/\/$/, '')}/skus/${id}`,
      'url.template': '/skus/{id}',
      'server.address': hostname,
      'server.port': 443,
      'http.response.status_code': 200,
      'price_catalog.cache': 'miss',
      'price_catalog.principal': 'app',
      'price_catalog.api_version': '3.2',
      'price_catalog.budget.remaining': 999,
    });
    expect(call.attributes).not.toHaveProperty('http.request.resend_count');
    expect(call.status.code).toBe(SpanStatusCode.UNSET);
    // The token request the call needed is a child of the call.
    const token = only('POST /oauth2/token');
    expect(token.parentSpanContext?.spanId).toBe(call.spanContext().spanId);
    expect(token.attributes).toMatchObject({
      'price_catalog.token.grant': 'client_credentials',
      'url.full': `${sandbox.authUrl}/oauth2/token`,
    });
  });

  it('a cached answer is a span too: price_catalog.cache hit, no request event', async () => {
    const api = createClient({ ...sandboxOptions(sandbox), logLevel: 'off' });
    await api.skus.get(sku());
    await api.skus.get(sku());
    const [miss, hit] = named('GET /skus/{id}');
    expect(miss?.attributes['price_catalog.cache']).toBe('miss');
    expect(miss?.events.map((event) => event.name)).toEqual(['price_catalog.attempt']);
    expect(hit?.attributes['price_catalog.cache']).toBe('hit');
    expect(hit?.attributes['http.response.status_code']).toBe(200);
    expect(hit?.events).toEqual([]);
    expect(sandbox.apiCalls()).toHaveLength(1);
  });

  it('a retried call: http.request.resend_count, one event per request', async () => {
    const api = createClient({ ...sandboxOptions(sandbox), logLevel: 'off', cache: false });
    sandbox.failNext(1, { status: 503 });
    await drive(api.skus.get(sku()));
    const call = only('GET /skus/{id}');
    expect(call.attributes['http.request.resend_count']).toBe(1);
    expect(call.attributes['http.response.status_code']).toBe(200);
    expect(call.events.map((event) => event.attributes)).toEqual([
      {
        'price_catalog.attempt': 1,
        'price_catalog.attempt.kind': 'first',
        'http.response.status_code': 503,
      },
      {
        'price_catalog.attempt': 2,
        'price_catalog.attempt.kind': 'retry',
        'http.response.status_code': 200,
      },
    ]);
  });

  it('a failed call: status ERROR and error.type the SDK’s error class', async () => {
    const api = createClient({ ...sandboxOptions(sandbox), logLevel: 'off' });
    await expect(api.skus.get(999_999_999)).rejects.toBeInstanceOf(NotFoundError);
    const call = only('GET /skus/{id}');
    expect(call.status.code).toBe(SpanStatusCode.ERROR);
    expect(call.attributes['error.type']).toBe('NotFoundError');
    expect(call.attributes['http.response.status_code']).toBe(404);
  });

  it('input refused before any request is a failed span with the method as its name', async () => {
    const api = createClient({ ...sandboxOptions(sandbox), logLevel: 'off' });
    await expect(api.skus.get(-1)).rejects.toThrow();
    const call = only('GET');
    expect(call.attributes['error.type']).toBe('InvalidRequestError');
    expect(sandbox.apiCalls()).toHaveLength(0);
  });

  it('a wait for the rate-limit window is an event with its length, and a span attribute', async () => {
    sandbox = createSandbox({ rateLimit: { limit: 1, windowMs: 60_000 } });
    const api = createClient({ ...sandboxOptions(sandbox), logLevel: 'off', cache: false });
    await api.skus.get(sku());
    await drive(api.skus.get(sku()), 1000);
    const [, waited] = named('GET /skus/{id}');
    const wait = waited?.events.find((event) => event.name === 'price_catalog.rate_limit.wait');
    expect(wait?.attributes?.['price_catalog.rate_limit.reason']).toBe('window');
    expect(Number(wait?.attributes?.['price_catalog.rate_limit.wait_ms'])).toBeGreaterThan(1000);
    expect(waited?.attributes['price_catalog.rate_limit.wait_ms']).toBe(
      wait?.attributes?.['price_catalog.rate_limit.wait_ms'],
    );
  });

  it('a user’s call says user, never who', async () => {
    const api = createClient({ ...sandboxOptions(sandbox), logLevel: 'off' });
    const grant = sandbox.issueUserToken();
    const alice = api.forUser({ tokenStore: { get: async () => grant, set: async () => {} } });
    await alice.user.get();
    const call = only('GET /user');
    expect(call.attributes['price_catalog.principal']).toBe('user');
  });

  it('disable() stops every span; enable() starts them again', async () => {
    const api = createClient({ ...sandboxOptions(sandbox), logLevel: 'off', cache: false });
    otel.instrumentation.disable();
    await api.skus.get(sku());
    expect(otel.spans()).toEqual([]);
    otel.instrumentation.enable();
    await api.skus.get(sku());
    expect(named('GET /skus/{id}')).toHaveLength(1);
  });

  it('goes into registerInstrumentations, which gives it the providers', async () => {
    otel.instrumentation.disable();
    const instrumentation = new PriceCatalogInstrumentation({ enabled: false });
    expect(instrumentation.getConfig()).toEqual({ enabled: false });
    const unregister = registerInstrumentations({
      instrumentations: [instrumentation],
      tracerProvider: otel.tracerProvider,
      meterProvider: otel.meterProvider,
    });
    try {
      const api = createClient({ ...sandboxOptions(sandbox), logLevel: 'off' });
      await api.skus.get(sku());
      expect(named('GET /skus/{id}')).toHaveLength(1);
      expect(instrumentation.instrumentationName).toBe('price-catalog');
      expect(instrumentation.instrumentationVersion).toBe(packageVersion);
    } finally {
      unregister();
    }
    // Unregistered: disabled.
    const api = createClient({ ...sandboxOptions(sandbox), logLevel: 'off', cache: false });
    await api.skus.get(sku());
    expect(named('GET /skus/{id}')).toHaveLength(1);
    expect(trace.getActiveSpan()).toBeUndefined();
  });
});
