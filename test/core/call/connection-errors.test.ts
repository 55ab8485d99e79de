import { describe, expect, it } from 'vitest';
import { ConnectionError, createClient } from '../../../src/index.js';
import { freePort } from '../../helpers/redis-server.js';

/** The error a call ends with. */
async function failure(call: PromiseLike<unknown>): Promise<Error> {
  return Promise.resolve(call).then(
    () => {
      throw new Error('expected the call to fail');
    },
    (error: unknown) => error as Error,
  );
}

describe('a refused connection and an unknown host read differently', () => {
  it('a port nobody listens on: connection refused by host:port (ECONNREFUSED)', async () => {
    const port = await freePort();
    const api = createClient({ baseUrl: `http://127.0.0.1:${port}`, token: 't', maxRetries: 0 });
    const error = await failure(api.catalog.categories.get(40));
    expect(error).toBeInstanceOf(ConnectionError);
    expect(error.message).toBe(
      `GET http://127.0.0.1:${port}/categories/40 failed: connection refused by 127.0.0.1:${port} (ECONNREFUSED)`,
    );
    expect(error.cause).toBeInstanceOf(Error);
  });

  it('a host that does not resolve: host ... not found', async () => {
    const api = createClient({ baseUrl: 'http://api.example.invalid', token: 't', maxRetries: 0 });
    const error = await failure(api.catalog.categories.get(40));
    expect(error).toBeInstanceOf(ConnectionError);
    expect(error.message).toMatch(
      /^GET http:\/\/api\.example\.invalid\/categories\/40 failed: host api\.example\.invalid not found \((ENOTFOUND|EAI_AGAIN)\)$/,
    );
    expect(error.message).not.toContain('refused');
    expect(error.cause).toBeInstanceOf(Error);
  });

  it('the token endpoint refusing the connection says so too', async () => {
    const port = await freePort();
    const api = createClient({
      baseUrl: `http://127.0.0.1:${port}`,
      authUrl: `http://127.0.0.1:${port}`,
      clientId: 'id',
      clientSecret: 'the-secret',
      maxRetries: 0,
    });
    const error = await failure(api.catalog.categories.get(40));
    expect(error).toBeInstanceOf(ConnectionError);
    expect(error.message).toContain(`connection refused by 127.0.0.1:${port} (ECONNREFUSED)`);
    expect(error.message).not.toContain('the-secret');
  });

  it('a failure that tells no code (as in browsers) keeps the plain words', async () => {
    const fetch = async () => {
      throw new TypeError('Failed to fetch');
    };
    const api = createClient({ baseUrl: 'https://api.example.com', token: 't', fetch, maxRetries: 0 });
    const error = await failure(api.catalog.categories.get(40));
    expect(error).toBeInstanceOf(ConnectionError);
    expect(error.message).toBe(
      'GET https://api.example.com/categories/40 failed: the server could not be reached',
    );
  });
});
