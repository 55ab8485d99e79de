import { describe, expect, it } from 'vitest';
import {
  InvalidRequestError,
  NotFoundError,
  PermissionDeniedError,
  UnprocessableEntityError,
} from '../../src/index.js';
import { AVATAR_PRESETS } from '../../src/sandbox/index.js';
import { newSandbox, replayAsUser, sandboxClient } from '../helpers/index.js';
import { userClient } from '../helpers/users.js';

// 1×1 transparent PNG.
const PNG = 'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAQAAAC1HAwCAAAAC0lEQVR42mNkYAAAAAYAAjCB0C8AAAAASUVORK5CYII=';

describe('user profile', () => {
  it('reads and patches the profile; the change shows in later reads', async () => {
    const { api, bodies, userId } = userClient('alice');
    const before = await api.user.get();
    expect(before.id).toBe(userId);
    const after = await api.user.update({ sex: 'female', birthyear: 1990 });
    expect(bodies.at(-1)).toEqual({
      method: 'PATCH',
      path: '/user',
      body: { sex: 'female', birthyear: 1990 },
    });
    expect(after).toMatchObject({ sex: 'female', birthyear: 1990 });
    expect(await api.user.get()).toMatchObject({ sex: 'female', birthyear: 1990 });
  });

  it('avatar: a data: preamble is stripped before sending; avatar_preset from the avatars list', async () => {
    const { api, bodies } = userClient('alice');
    await api.user.update({ avatar: `data:image/png;base64,${PNG}` });
    expect(bodies.at(-1)?.body).toEqual({ avatar: PNG });
    const avatars = await api.user.avatars();
    expect(avatars).toHaveLength(AVATAR_PRESETS.length);
    // The list gives image URIs; `avatar_preset` takes the file name.
    expect(avatars.every((uri, i) => uri.endsWith(`/${AVATAR_PRESETS[i]}`))).toBe(true);
    const updated = await api.user.update({ avatar_preset: AVATAR_PRESETS[0] as string });
    expect(updated.avatar).toContain(AVATAR_PRESETS[0]);
    await expect(api.user.update({ avatar_preset: 'nope.png' })).rejects.toBeInstanceOf(
      UnprocessableEntityError,
    );
  });

  it('refuses bad profile input before sending', async () => {
    const { api, sandbox } = userClient('alice');
    // @ts-expect-error: not a sex the API takes
    await expect(api.user.update({ sex: 'other' })).rejects.toBeInstanceOf(InvalidRequestError);
    await expect(api.user.update({ avatar: 'not base64!' })).rejects.toThrow(/base64/);
    await expect(api.user.update({ birthyear: 12 })).rejects.toThrow(/birthyear/);
    expect(sandbox.apiCalls()).toHaveLength(0);
  });

  it('needs a user token: an application token is refused by the server', async () => {
    const sandbox = newSandbox();
    await expect(sandboxClient(sandbox).user.get()).rejects.toBeInstanceOf(PermissionDeniedError);
  });
});

describe('addresses', () => {
  it('list, form, create, partial update, delete', async () => {
    const { api, bodies } = userClient('alice');
    const form = await api.user.addresses.form();
    expect(form.required).toEqual(['label', 'full']);
    const before = await api.user.addresses.list();
    const created = await api.user.addresses.create({ label: 'work', full: 'Ermou 10, Athens' });
    expect(bodies.at(-1)).toEqual({
      method: 'POST',
      path: '/user/addresses',
      body: { label: 'work', full: 'Ermou 10, Athens' },
    });
    expect(created).toMatchObject({ label: 'work', full: 'Ermou 10, Athens' });
    expect(await api.user.addresses.list()).toHaveLength(before.length + 1);
    const renamed = await api.user.addresses.update(created.id, { label: 'office' });
    expect(renamed).toMatchObject({ id: created.id, label: 'office', full: 'Ermou 10, Athens' });
    await expect(api.user.addresses.delete(created.id)).resolves.toBeUndefined();
    await expect(api.user.addresses.update(created.id, { label: 'x' })).rejects.toBeInstanceOf(NotFoundError);
  });

  it('refused before sending only when no API version would take it: no label, a blank label or full', async () => {
    const { api, sandbox } = userClient('alice');
    // @ts-expect-error: label is required
    await expect(api.user.addresses.create({ full: 'x' })).rejects.toThrow(/label/);
    await expect(api.user.addresses.create({ label: '', full: 'x' })).rejects.toThrow(/label/);
    await expect(api.user.addresses.create({ label: 'home', full: ' ' })).rejects.toThrow(/full/);
    expect(sandbox.apiCalls()).toHaveLength(0);
    // Without `full`, 3.2 (the default) refuses it: the server says so, not the SDK.
    await expect(api.user.addresses.create({ label: 'home' })).rejects.toMatchObject({ status: 422 });
    expect(sandbox.apiCalls()).toHaveLength(1);
  });
});

describe('saved orders and logout', () => {
  it('pages through saved orders', async () => {
    const { api } = userClient('alice');
    const orders = await api.user.savedOrders().toArray();
    expect(orders.length).toBeGreaterThan(0);
    expect(orders[0]?.line_items.length).toBeGreaterThan(0);
  });

  it('logout answers 200 and revokes the token', async () => {
    const { api, sandbox } = userClient('alice');
    expect(await api.user.logout()).toBeNull();
    expect(sandbox.apiCalls({ path: '/user/logout' })[0]?.method).toBe('DELETE');
    await expect(api.user.get()).rejects.toMatchObject({ status: 401 });
  });
});

describe('user recordings', () => {
  for (const [name, call] of [
    [
      'user_avatars',
      (api: ReturnType<typeof sandboxClient>) => api.user.avatars().then((avatars) => ({ avatars })),
    ],
    [
      'user_addresses_update',
      (api: ReturnType<typeof sandboxClient>) =>
        api.user.addresses.update(48937, { street_number: '62' }).then((address) => ({ address })),
    ],
    ['user_logout', (api: ReturnType<typeof sandboxClient>) => api.user.logout()],
  ] as const) {
    it(`${name} parses`, async () => {
      const { api, recording, seen } = replayAsUser(name);
      expect(await call(api)).toEqual(recording.response.body);
      expect(seen).toHaveLength(1);
    });
  }
});
