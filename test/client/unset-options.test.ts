import { describe, expect, it } from 'vitest';
import { type ClientOptions, createClient, InvalidRequestError } from '../../src/index.js';
import { newSandbox, sandboxClient, sandboxOptions } from '../helpers/index.js';

/** What `make` throws (it must throw). */
function thrown(make: () => unknown): Error {
  try {
    make();
  } catch (error) {
    return error as Error;
  }
  throw new Error('expected a throw');
}

// An unset environment variable reads as undefined: `process.env.PRICE_CATALOG_CLIENT_SECRET`.
const unset = undefined as string | undefined;

describe('an option that is undefined is named, with the environment variable to check', () => {
  it.each([
    ['baseUrl', { baseUrl: unset, token: 't' }, 'PRICE_CATALOG_BASE_URL'],
    ['clientId', { clientId: unset, clientSecret: unset }, 'PRICE_CATALOG_CLIENT_ID'],
    ['clientSecret', { clientId: 'sandbox-client', clientSecret: unset }, 'PRICE_CATALOG_CLIENT_SECRET'],
    ['authUrl', { clientId: 'sandbox-client', clientSecret: 's', authUrl: unset }, 'PRICE_CATALOG_AUTH_URL'],
    ['token', { token: unset }, 'PRICE_CATALOG_TOKEN'],
  ])('%s', (name, options, variable) => {
    const sandbox = newSandbox();
    const error = thrown(() =>
      createClient({ baseUrl: sandbox.baseUrl, fetch: sandbox.fetch, ...options } as ClientOptions),
    );
    expect(error).toBeInstanceOf(InvalidRequestError);
    expect(error).toMatchObject({ code: 'InvalidOption', param: name });
    expect(error.message).toContain(`createClient: ${name} is undefined: is ${variable} set?`);
    expect(sandbox.requests).toHaveLength(0);
  });

  it('no credentials at all, and two kinds at once, are sentences that name the options', () => {
    const sandbox = newSandbox();
    const base = { baseUrl: sandbox.baseUrl, fetch: sandbox.fetch };
    expect(thrown(() => createClient(base)).message).toBe(
      "createClient: auth needs credentials (createClient takes exactly one of token, getToken, clientId with clientSecret, or auth: 'none')",
    );
    expect(thrown(() => createClient({ ...base, token: 't', getToken: () => 't' })).message).toBe(
      "createClient: getToken is given with token (createClient takes exactly one of token, getToken, clientId with clientSecret, or auth: 'none')",
    );
    // An empty secret is named without being shown.
    const empty = thrown(() => createClient({ ...sandboxOptions(sandbox), clientSecret: '' }));
    expect(empty.message).toBe('createClient: clientSecret must be a non-empty string');
  });

  it("forUser's token, undefined, names the variable too", () => {
    const sandbox = newSandbox();
    const app = sandboxClient(sandbox);
    const error = thrown(() => app.forUser({ token: unset as string }));
    expect(error).toMatchObject({ code: 'InvalidOption' });
    expect(error.message).toContain('token is undefined: is PRICE_CATALOG_TOKEN set?');
    // A token that is set but cannot be sent keeps its own rule (and is never shown).
    expect(thrown(() => app.forUser({ token: 'a\nb-secret' })).message).not.toContain('b-secret');
  });
});
