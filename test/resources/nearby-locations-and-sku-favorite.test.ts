import { describe, expect, expectTypeOf, it } from 'vitest';
import { type Favorite, type FoundLocation, InvalidRequestError } from '../../src/index.js';
import { expectRefused, newSandbox, replayAsUser, sandboxClient } from '../helpers/index.js';
import { userClient } from '../helpers/users.js';

// Syntagma square, Athens: half of the sandbox's shop locations are in Athens.
const ATHENS = { lat: 37.9755, lng: 23.7348 };
const PHONE = 2119391; // a SKU of category 40

describe('GET /locations/find (shops.findLocations)', () => {
  it('finds locations near a point, nearest first, each with its distance in metres', async () => {
    const sandbox = newSandbox();
    const api = sandboxClient(sandbox, { cache: false });
    const page = await api.shops.findLocations({ ...ATHENS, per: 4 });
    expectTypeOf(page.items).toEqualTypeOf<FoundLocation[]>();
    expect(page.items.length).toBe(4);
    expect(page.body.meta.pagination?.total_results).toBeGreaterThan(4);
    const distances = page.items.map((l) => l.distance);
    expect(distances).toEqual([...distances].sort((a, b) => a - b));
    expect(distances.every((d) => d >= 0 && d <= 5000)).toBe(true);
    // The distance is the one from the point to the location's own lat/lng.
    const first = page.items[0] as FoundLocation;
    const dLat = (Number(first.lat) - ATHENS.lat) * 111_195;
    const dLng = (Number(first.lng) - ATHENS.lng) * 111_195 * Math.cos((ATHENS.lat * Math.PI) / 180);
    expect(Math.abs(Math.hypot(dLat, dLng) - first.distance)).toBeLessThan(5);

    const all = await api.shops.findLocations({ ...ATHENS, per: 50 }).toArray();
    expect(all.length).toBe(page.body.meta.pagination?.total_results);
    expect(all.slice(0, 4).map((l) => l.id)).toEqual(page.items.map((l) => l.id));

    const [call] = sandbox.apiCalls({ path: '/locations/find' });
    expect(call?.query.get('lat')).toBe('37.9755');
    expect(call?.query.get('lng')).toBe('23.7348');
    expect(call?.status).toBe(200);
  });

  it('a point far from every shop finds none', async () => {
    const sandbox = newSandbox();
    const api = sandboxClient(sandbox, { cache: false });
    const page = await api.shops.findLocations({ lat: 0, lng: 0 });
    expect(page.items).toEqual([]);
    expect(page.body.meta.pagination?.total_results).toBe(0);
  });

  it('refuses a missing or impossible coordinate before sending', async () => {
    const sandbox = newSandbox();
    const api = sandboxClient(sandbox, { cache: false });
    const bad: unknown[] = [
      undefined,
      { lat: 37.9 },
      { lng: 23.7 },
      { lat: 91, lng: 0 },
      { lat: 0, lng: -181 },
      { lat: Number.NaN, lng: 0 },
      { lat: '37.9', lng: 23.7 },
      { lat: 1n, lng: 2 },
    ];
    for (const params of bad) {
      await expectRefused(
        sandbox,
        () => api.shops.findLocations(params as { lat: number; lng: number }),
        'InvalidParam',
      );
    }
  });

  it('the sandbox answers 400 without lat and lng', async () => {
    const sandbox = newSandbox();
    const token = sandbox.issueToken();
    const response = await sandbox.fetch(`${sandbox.baseUrl}/locations/find?lat=37.9`, {
      headers: { authorization: `Bearer ${token}` },
    });
    expect(response.status).toBe(400);
    expect(await response.json()).toMatchObject({ errors: [{ code: 'InvalidParameter' }] });
  });

  it('the recorded answer passes validation', async () => {
    const { api, recording, seen } = replayAsUser('shop_locations_find');
    const params = recording.request.params as { lat: string; lng: string };
    const page = await api.shops.findLocations({ lat: Number(params.lat), lng: Number(params.lng) });
    expect(page.items.map((l) => [l.id, l.distance])).toEqual([
      [5729, 87],
      [4972, 125],
    ]);
    expect(seen).toHaveLength(1);
    expect(seen[0]?.searchParams.get('lat')).toBe(params.lat);
  });
});

describe('GET /skus/:id/favorite (favorites.forSku)', () => {
  it("the user's favorite of one SKU, or none", async () => {
    const { api, sandbox } = userClient();
    expect(await api.favorites.forSku(PHONE)).toEqual([]);
    const created = await api.favorites.create({ sku_id: PHONE });
    const found = await api.favorites.forSku(PHONE);
    expectTypeOf(found).toEqualTypeOf<Favorite[]>();
    expect(found.map((f) => f.id)).toEqual([created.id]);
    expect(found[0]?.sku_id).toBe(PHONE);
    const calls = sandbox.apiCalls({ path: `/skus/${PHONE}/favorite` });
    expect(calls.map((c) => c.status)).toEqual([200, 200]);
  });

  it('needs the favorites scope: refused before sending without it', async () => {
    const { api, sandbox } = userClient('carol', 'public');
    await expectRefused(sandbox, () => api.favorites.forSku(PHONE), 'InsufficientScope');
  });

  it('a bad SKU id is refused before sending', async () => {
    const { api, sandbox } = userClient();
    await expectRefused(sandbox, () => api.favorites.forSku(-1), 'InvalidId');
    await expect(api.favorites.forSku(Number.NaN)).rejects.toBeInstanceOf(InvalidRequestError);
  });

  it('the recorded answer passes validation', async () => {
    const { api, seen } = replayAsUser('sku_favorite');
    const favorites = await api.favorites.forSku(8333136);
    expect(favorites.map((f) => [f.id, f.sku_id, f.have_it])).toEqual([[7927460, 8333136, false]]);
    expect(seen).toHaveLength(1);
  });
});
