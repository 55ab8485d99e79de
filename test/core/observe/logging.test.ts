import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  type ClientOptions,
  createClient,
  InvalidRequestError,
  type Logger,
  type LogLevel,
} from '../../../src/index.js';
import { createSandbox, type Sandbox } from '../../../src/sandbox/index.js';
import { sandboxOptions } from '../../helpers/index.js';
import { drive } from '../../helpers/timers.js';

const LEVELS = ['error', 'warn', 'info', 'debug'] as const;
const REDIRECT = 'https://app.example/callback';

/** A logger that keeps every line with its level. */
function capture() {
  const lines: { level: string; message: string }[] = [];
  const write = (level: string) => (message: string) => {
    lines.push({ level, message });
  };
  const logger: Required<Logger> = {
    error: write('error'),
    warn: write('warn'),
    info: write('info'),
    debug: write('debug'),
  };
  const of = (level: string) => lines.filter((l) => l.level === level).map((l) => l.message);
  return { logger, lines, of, text: () => lines.map((l) => l.message).join('\n') };
}

/**
 * A fetch over the sandbox that keeps every secret that crosses it: the client secret and codes
 * in token request forms, and every access and refresh token the token endpoint hands out.
 */
function secretKeepingFetch(sandbox: Sandbox, secrets: Set<string>): typeof fetch {
  return async (input, init) => {
    const request = new Request(input, init);
    if (new URL(request.url).pathname === '/oauth2/token') {
      const form = new URLSearchParams(await request.clone().text());
      for (const name of ['client_secret', 'code', 'refresh_token']) {
        const value = form.get(name);
        if (value) secrets.add(value);
      }
      const response = await sandbox.fetch(request);
      const body = (await response
        .clone()
        .json()
        .catch(() => ({}))) as Record<string, unknown>;
      for (const name of ['access_token', 'refresh_token']) {
        if (typeof body[name] === 'string') secrets.add(body[name]);
      }
      return response;
    }
    return sandbox.fetch(request);
  };
}

function expectNoSecret(text: string, secrets: Set<string>) {
  expect(secrets.size).toBeGreaterThan(0);
  for (const secret of secrets) {
    expect(text).not.toContain(secret);
    expect(text).not.toContain(encodeURIComponent(secret));
  }
}

/** Runs `call`, returning its error's message (errors are part of what must stay clean). */
async function settle(call: PromiseLike<unknown>): Promise<string> {
  return Promise.resolve(call).then(
    () => '',
    (error: unknown) => (error instanceof Error ? `${error.name}: ${error.message}` : String(error)),
  );
}

beforeEach(() => {
  vi.useFakeTimers();
});
afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllEnvs();
  vi.restoreAllMocks();
});

describe('no secret reaches a log line or an error message, at any level', () => {
  /** Application credentials: successes, 404, retried 503, connection resets, 401 renewal, rate-limit 403, hook failure. */
  async function appScenario(level: LogLevel, tokenTransport: 'header' | 'query') {
    const sandbox = createSandbox();
    const secrets = new Set<string>([sandbox.clientSecret]);
    const log = capture();
    const errors: string[] = [];
    const api = createClient({
      ...sandboxOptions(sandbox),
      fetch: secretKeepingFetch(sandbox, secrets),
      logLevel: level,
      logger: log.logger,
      tokenTransport,
      cache: false,
    });
    await drive(
      (async () => {
        await api.catalog.categories.get(40);
        errors.push(await settle(api.catalog.categories.get(999_999)));
        sandbox.failNext(1, { status: 503 });
        await api.catalog.categories.get(40);
        sandbox.failNext(3, 'reset');
        errors.push(await settle(api.catalog.categories.get(40)));
        sandbox.expireTokens();
        await api.catalog.categories.get(40);
        const reset = Math.ceil(Date.now() / 1000) + 2;
        sandbox.failNext(1, {
          status: 403,
          body: { message: 'Rate limit exceeded' },
          headers: {
            'x-ratelimit-limit': '100',
            'x-ratelimit-remaining': '0',
            'x-ratelimit-reset': `${reset}`,
          },
        });
        await api.catalog.categories.get(40);
        sandbox.failNext(1, { status: 401, body: { errors: [{ code: 'x', messages: ['no'] }] } });
        await api.catalog.categories.get(40);
        errors.push(
          await settle(
            api.request({ method: 'POST', path: '/skus/1/reviews/votes', body: { access_token: 'x' } }),
          ),
        );
      })(),
    );
    const hooked = createClient({
      ...sandboxOptions(sandbox),
      fetch: secretKeepingFetch(sandbox, secrets),
      logLevel: level,
      logger: log.logger,
      tokenTransport,
      hooks: {
        onRequest: (request) => {
          throw new Error(`refused ${request.url}`);
        },
      },
    });
    errors.push(await settle(hooked.catalog.categories.get(40)));
    return { sandbox, secrets, log, errors };
  }

  for (const tokenTransport of ['header', 'query'] as const) {
    for (const level of LEVELS) {
      it(`application credentials, ${tokenTransport} transport, at ${level}`, async () => {
        const { secrets, log, errors, sandbox } = await appScenario(level, tokenTransport);
        // The scenario did use tokens (several: the expiry renewed it) and fail in several ways.
        expect(sandbox.stats.tokenRequests).toBeGreaterThanOrEqual(2);
        expect(secrets.size).toBeGreaterThanOrEqual(3);
        expect(errors.filter(Boolean)).toHaveLength(4);
        expectNoSecret(log.text(), secrets);
        expectNoSecret(errors.join('\n'), secrets);
        expect(log.text()).not.toMatch(/oauth_token=(?!\[redacted\])/);
        if (level === 'debug') {
          // Every request and answer was logged, with the 401 replay, retries and waits.
          expect(log.of('debug').filter((l) => l.startsWith('--> GET'))).toHaveLength(
            sandbox.apiCalls({ method: 'GET' }).length,
          );
          expect(log.text()).toContain('replaying once with a renewed token');
          expect(log.text()).toMatch(/: status 503, retry 1 in \d+ ms/);
          expect(log.text()).toMatch(/rate-limit 403, waiting \d+ ms for the window \(1 of 3\)/);
          expect(log.text()).toMatch(/--> POST \S+\/oauth2\/token \(token request\)/);
        }
        if (level === 'info') expect(log.of('info').length).toBeGreaterThan(0);
        if (level === 'error' || level === 'warn') expect(log.of('debug')).toEqual([]);
      });
    }
  }

  for (const level of LEVELS) {
    it(`user tokens: the code flow, a refresh, a reused code, getToken with query transport, at ${level}`, async () => {
      const sandbox = createSandbox();
      const secrets = new Set<string>([sandbox.clientSecret]);
      const log = capture();
      const errors: string[] = [];
      const fetch = secretKeepingFetch(sandbox, secrets);
      const api = createClient({ ...sandboxOptions(sandbox), fetch, logLevel: level, logger: log.logger });
      await drive(
        (async () => {
          const { url } = api.auth.authorizationUrl({
            redirectUri: REDIRECT,
            scopes: ['public', 'favorites'],
          });
          const location = (await sandbox.fetch(url, { redirect: 'manual' })).headers.get(
            'location',
          ) as string;
          secrets.add(new URL(location).searchParams.get('code') as string);
          const tokens = await api.auth.handleCallback(location);
          secrets.add(tokens.access_token).add(tokens.refresh_token as string);
          await api.user.get();
          sandbox.expireTokens();
          await api.user.get();
          errors.push(await settle(api.auth.handleCallback(location)));
          errors.push(await settle(api.favorites.list({ per: 'x' as unknown as number })));

          const grant = sandbox.issueUserToken();
          const next = sandbox.issueUserToken();
          secrets.add(grant.access_token).add(grant.refresh_token).add(next.access_token);
          const viaQuery = createClient({
            baseUrl: sandbox.baseUrl,
            fetch,
            logLevel: level,
            logger: log.logger,
            tokenTransport: 'query',
            getToken: ({ forceRefresh }) => (forceRefresh ? next : grant),
          });
          await viaQuery.user.get();
          sandbox.failNext(1, { status: 401, body: { errors: [{ code: 'x', messages: ['expired'] }] } });
          await viaQuery.user.get();
          errors.push(await settle(viaQuery.catalog.categories.get(999_999)));
        })(),
      );
      expect(errors.filter(Boolean).length).toBeGreaterThanOrEqual(2);
      expectNoSecret(log.text(), secrets);
      expectNoSecret(errors.join('\n'), secrets);
      if (level === 'debug') {
        expect(log.text()).toContain('--> GET https://api.sandbox.test/user (first, attempt 1)');
        expect(log.text()).toMatch(/<-- 200 POST \S+\/oauth2\/token \d+ ms \(token request\)/);
      }
    });
  }

  it('a logger that writes what it gets verbatim still gets bearer tokens and params redacted', async () => {
    const sandbox = createSandbox();
    const log = capture();
    // A server error page that echoes the request's credentials back.
    sandbox.failNext(3, {
      status: 500,
      body: 'Authorization: Bearer s3cr3t-bearer; oauth_token=s3cr3t-query&code=s3cr3t-code',
    });
    const api = createClient({ ...sandboxOptions(sandbox), logLevel: 'debug', logger: log.logger });
    const message = await drive(settle(api.catalog.categories.get(40)));
    expect(message).toContain('InternalServerError');
    expect(log.text()).toContain('InternalServerError');
    expect(log.text()).not.toMatch(/s3cr3t/);
    expect(log.text()).toContain('[redacted]');
  });
});

describe('log levels', () => {
  it('debug: one line per request and one per answer, with status, time and the rate window', async () => {
    const sandbox = createSandbox();
    const log = capture();
    const api = createClient({ ...sandboxOptions(sandbox), logLevel: 'debug', logger: log.logger });
    await api.catalog.categories.get(40);
    await api.catalog.categories.get(40); // fresh in the cache: nothing sent
    await api.catalog.categories.get(40, { cache: 'no-cache' }); // revalidated: 304

    const debug = log.of('debug').filter((l) => !l.includes('token request'));
    expect(debug).toEqual([
      '--> GET https://api.sandbox.test/categories/40 (first, attempt 1)',
      expect.stringMatching(
        /^<-- 200 GET https:\/\/api\.sandbox\.test\/categories\/40 \d+ ms; window 99\/100 left, resets in \d+ s$/,
      ),
      'GET https://api.sandbox.test/categories/40: fresh in the cache, not sent',
      '--> GET https://api.sandbox.test/categories/40 (first, attempt 1)',
      expect.stringMatching(
        /^<-- 304 GET \S+ \d+ ms \(not modified: the cached answer is used\); window 98\/100/,
      ),
    ]);
    expect(sandbox.apiCalls()).toHaveLength(2);
  });

  it('info: retries and waits, no request lines; warn and error: neither; off: nothing', async () => {
    const run = async (logLevel: LogLevel) => {
      const sandbox = createSandbox({ rateLimit: { limit: 1, windowMs: 2_000 } });
      const log = capture();
      const api = createClient({ ...sandboxOptions(sandbox), logLevel, logger: log.logger, cache: false });
      sandbox.failNext(1, { status: 502 });
      // no-store: identical GETs in flight would otherwise share one request.
      const get = () => api.catalog.categories.get(40, { cache: 'no-store' });
      await drive(Promise.all([get(), get()]));
      return log;
    };
    const info = await run('info');
    expect(info.of('info')).toEqual(
      expect.arrayContaining([
        expect.stringMatching(
          /^GET https:\/\/api\.sandbox\.test\/categories\/40: status 502, retry 1 in \d+ ms$/,
        ),
        expect.stringMatching(/^GET \S+: waited \d+ ms for the rate-limit window$/),
      ]),
    );
    expect(info.of('debug')).toEqual([]);
    for (const level of ['warn', 'error', 'off'] as const) expect((await run(level)).lines).toEqual([]);
  });

  it('PRICE_CATALOG_LOG sets the level; the logLevel option wins; a bad value is a warning', async () => {
    const sandbox = createSandbox();
    const count = async (options: Partial<ClientOptions>) => {
      const log = capture();
      const api = createClient({ ...sandboxOptions(sandbox), logger: log.logger, cache: false, ...options });
      await api.catalog.categories.get(40);
      return log;
    };
    vi.stubEnv('PRICE_CATALOG_LOG', ' DEBUG ');
    expect((await count({})).of('debug').length).toBeGreaterThanOrEqual(2);
    expect((await count({ logLevel: 'warn' })).lines).toEqual([]);
    vi.stubEnv('PRICE_CATALOG_LOG', 'verbose');
    expect((await count({})).lines).toEqual([
      {
        level: 'warn',
        message: 'PRICE_CATALOG_LOG=verbose is not a log level (off, error, warn, info, debug); using warn',
      },
    ]);
    vi.stubEnv('PRICE_CATALOG_LOG', 'off');
    expect((await count({})).lines).toEqual([]);
  });

  it('a process without env (a browser) reads no variable and logs at warn', async () => {
    const sandbox = createSandbox();
    const log = capture();
    vi.stubEnv('PRICE_CATALOG_LOG', 'debug');
    vi.stubGlobal('process', undefined);
    let api: ReturnType<typeof createClient>;
    try {
      api = createClient({ ...sandboxOptions(sandbox), logger: log.logger, redirect: 'manual' });
    } finally {
      vi.unstubAllGlobals();
    }
    await api.catalog.categories.get(40);
    expect(log.lines).toEqual([]);
  });

  it('refuses an unknown logLevel before any request', () => {
    const sandbox = createSandbox();
    const make = () => createClient({ ...sandboxOptions(sandbox), logLevel: 'verbose' as LogLevel });
    expect(make).toThrow(InvalidRequestError);
    expect(make).toThrow(/logLevel must be 'off', 'error', 'warn', 'info' or 'debug'/);
    expect(sandbox.requests).toHaveLength(0);
  });
});

describe('loggers', () => {
  it('the default logger writes every level to stderr in Node (console.error / console.warn), never stdout', async () => {
    const sandbox = createSandbox();
    const stderr = vi.spyOn(console, 'error').mockImplementation(() => {});
    const stdout = [
      vi.spyOn(console, 'log').mockImplementation(() => {}),
      vi.spyOn(console, 'info').mockImplementation(() => {}),
      vi.spyOn(console, 'debug').mockImplementation(() => {}),
    ];
    const api = createClient({ ...sandboxOptions(sandbox), logLevel: 'debug' });
    await api.catalog.categories.get(40);
    const written = stderr.mock.calls.map((c) => String(c[0]));
    expect(written).toEqual(
      expect.arrayContaining([
        '[price-catalog] --> GET https://api.sandbox.test/categories/40 (first, attempt 1)',
        expect.stringMatching(/^\[price-catalog\] <-- 200 GET https:\/\/api\.sandbox\.test\/categories\/40 /),
      ]),
    );
    for (const spy of stdout) expect(spy).not.toHaveBeenCalled();
  });

  it('a logger with only debug and warn (the 0.1 interface) gets info through debug and error through warn', async () => {
    const sandbox = createSandbox();
    const seen: string[] = [];
    const api = createClient({
      ...sandboxOptions(sandbox),
      logLevel: 'info',
      cache: false,
      logger: { debug: (m) => seen.push(`debug ${m}`), warn: (m) => seen.push(`warn ${m}`) },
    });
    sandbox.failNext(1, { status: 503 });
    await drive(api.catalog.categories.get(40));
    expect(seen).toEqual([expect.stringMatching(/^debug GET \S+: status 503, retry 1 in \d+ ms$/)]);
  });

  it('a logger that throws does not break the call', async () => {
    const sandbox = createSandbox();
    const boom = () => {
      throw new Error('disk full');
    };
    const api = createClient({
      ...sandboxOptions(sandbox),
      logLevel: 'debug',
      logger: { error: boom, warn: boom, info: boom, debug: boom },
    });
    expect((await api.catalog.categories.get(40)).id).toBe(40);
  });
});
