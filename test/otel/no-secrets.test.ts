import { subscribe, unsubscribe } from 'node:diagnostics_channel';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createClient, DIAGNOSTICS_CHANNELS, type UserTokens } from '../../src/index.js';
import { createSandbox } from '../../src/sandbox/index.js';
import { sandboxOptions } from '../helpers/index.js';
import { drive } from '../helpers/timers.js';
import { type Telemetry, telemetry } from './telemetry.js';

let otel: Telemetry;

beforeEach(() => {
  vi.useFakeTimers();
  otel = telemetry();
});
afterEach(async () => {
  await otel.close();
  vi.useRealTimers();
});

/** The channels' own messages, as an agent reading them directly would see them. */
function tap() {
  const seen: unknown[] = [];
  const { call, attempt, admission, token } = DIAGNOSTICS_CHANNELS;
  const names = [call, attempt, admission, token].flatMap((name) =>
    ['start', 'asyncEnd', 'error'].map((event) => `tracing:${name}:${event}`),
  );
  const listener = (message: unknown) => {
    // The call's result is the caller's data; everything else of the message is telemetry.
    const { result: _, ...rest } = message as { result?: unknown };
    seen.push(rest);
  };
  for (const name of names) subscribe(name, listener);
  const close = () => {
    for (const name of names) unsubscribe(name, listener);
  };
  return { seen, close };
}

describe('nothing in any span, metric or channel message holds a secret, a token or an id', () => {
  it('application and user calls, the token in the query, a refresh, a failure', async () => {
    const sandbox = createSandbox();
    const channels = tap();
    const api = createClient({ ...sandboxOptions(sandbox), logLevel: 'off', tokenTransport: 'query' });
    const grant = sandbox.issueUserToken();
    const stored: (UserTokens | undefined)[] = [];
    let current: UserTokens | undefined = grant as unknown as UserTokens;
    const alice = api.forUser({
      tokenStore: {
        get: async () => current,
        set: async (tokens) => {
          stored.push(tokens);
          current = tokens;
        },
      },
    });
    await api.skus.get(sandbox.data.skus[0]?.id as number);
    await alice.user.get();
    sandbox.expireTokens();
    await drive(alice.user.get());
    await api.skus.get(999_999_999).catch(() => undefined);
    channels.close();

    const secrets = new Set<string>([
      sandbox.clientSecret,
      sandbox.clientId,
      grant.access_token,
      grant.refresh_token,
    ]);
    for (const request of sandbox.requests) if (request.token) secrets.add(request.token);
    for (const tokens of stored) {
      if (!tokens) continue;
      for (const value of Object.values(tokens))
        if (typeof value === 'string' && value.length > 8) secrets.add(value);
    }
    // The run did what it should: a token in URLs, a refresh, four token values or more.
    expect(sandbox.requests.some((request) => request.url.includes('oauth_token='))).toBe(true);
    expect(
      otel.spans().some((span) => span.attributes['price_catalog.token.grant'] === 'refresh_token'),
    ).toBe(true);
    expect(secrets.size).toBeGreaterThanOrEqual(5);

    const spans = JSON.stringify(
      otel.spans().map((span) => ({
        name: span.name,
        attributes: span.attributes,
        events: span.events,
        status: span.status,
        links: span.links,
      })),
    );
    const metrics = JSON.stringify([...(await otel.metrics()).values()]);
    const messages = JSON.stringify(channels.seen, (_, value) =>
      value instanceof Error ? { name: value.name, message: value.message } : value,
    );
    expect(spans).toContain('/skus/');
    expect(channels.seen.length).toBeGreaterThan(10);
    for (const secret of secrets) {
      expect(spans).not.toContain(secret);
      expect(metrics).not.toContain(secret);
      expect(messages).not.toContain(secret);
    }
    expect(spans).not.toContain('oauth_token');
    expect(messages).not.toContain('oauth_token');
  });
});
