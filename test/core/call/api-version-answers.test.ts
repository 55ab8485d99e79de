/**
 * Answers of an older API version are accepted: fields the spec's version table dates after the
 * version asked for may be absent, and what a request may carry follows every version.
 */
import { describe, expect, it } from 'vitest';
import { userClient } from '../../helpers/users.js';

/** A user client asking for `version`, and the Accept headers it sent. */
function clientAsking(version: '3.1' | '3.2') {
  const accepts: string[] = [];
  const made = userClient('alice', undefined, { apiVersion: version });
  const { api } = userClient('alice', undefined, {
    apiVersion: version,
    fetch: async (input, init) => {
      const request = new Request(input, init);
      accepts.push(request.headers.get('accept') ?? '');
      return made.sandbox.fetch(request);
    },
    getToken: () => made.grant,
  });
  return { api, sandbox: made.sandbox, accepts };
}

describe('API version 3.1', () => {
  it('PATCH /user answers without resend_verification_email (3.2.0): accepted, returned as sent', async () => {
    const { api, sandbox, accepts } = clientAsking('3.1');
    const user = await api.user.update({ birthyear: 1984 });
    expect(accepts.at(-1)).toMatch(/version=3\.1$/);
    expect(user.birthyear).toBe(1984);
    expect(Object.hasOwn(user, 'resend_verification_email')).toBe(false);
    expect(sandbox.apiCalls({ path: '/user' }).map((call) => call.method)).toEqual(['PATCH']);
    // The same call in 3.2 has the field.
    const latest = clientAsking('3.2');
    expect(await latest.api.user.update({ birthyear: 1984 })).toHaveProperty('resend_verification_email');
  });

  it('an address made from its parts, with no `full`, is sent and created', async () => {
    const { api, sandbox, accepts } = clientAsking('3.1');
    const address = await api.user.addresses.create({
      label: 'home',
      first_name: 'Eleni',
      street_name: 'Ermou',
      street_number: '10',
      zip: '10563',
      city: 'Athens',
    });
    expect(accepts.at(-1)).toMatch(/version=3\.1$/);
    expect(address).toMatchObject({ label: 'home', first_name: 'Eleni', street_name: 'Ermou', zip: '10563' });
    const created = sandbox.apiCalls({ path: '/user/addresses' });
    expect(created.map((call) => [call.method, call.status])).toEqual([['POST', 201]]);
    expect((await api.user.addresses.list()).map((a) => a.id)).toContain(address.id);
  });
});
