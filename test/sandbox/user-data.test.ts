import { describe, expect, it } from 'vitest';
import { createSandbox, SANDBOX_USER_ID, SANDBOX_USERS } from '../../src/sandbox/index.js';

describe('seeded users', () => {
  it('exports the user ids; alice is SANDBOX_USER_ID', () => {
    expect(SANDBOX_USERS).toEqual({ alice: SANDBOX_USER_ID, bob: 1_204_187, carol: 1_377_452 });
    expect(createSandbox().data.users.map((u) => u.id)).toEqual(Object.values(SANDBOX_USERS));
  });

  it.each([1, 2, 3, 4, 5])('keeps the favorites rules in the seed of seed %i', (seed) => {
    const { data } = createSandbox({ seed });
    const sku = new Map(data.skus.map((s) => [s.id, s]));
    for (const favorite of data.favorites) {
      const record = sku.get(favorite.sku_id);
      expect(record, `SKU ${favorite.sku_id}`).toBeDefined();
      if (favorite.have_it === true) {
        expect(favorite.favorite_list_id).toBeNull();
        continue;
      }
      const list = data.favoriteLists.find(
        (l) => l.user_id === favorite.user_id && l.id === favorite.favorite_list_id,
      );
      expect(list).toBeDefined();
      if (list?.type === 'auto') expect(list.id).toBe(-(record?.category_id ?? 0));
    }
    // One favorite per user and SKU; ids grow with creation.
    const keys = data.favorites.map((f) => `${f.user_id}:${f.sku_id}`);
    expect(new Set(keys).size).toBe(keys.length);
    const ids = data.favorites.map((f) => f.id);
    expect(ids).toEqual([...ids].sort((a, b) => a - b));
    // Every notification is about a SKU its user has among favorites.
    for (const n of data.notifications)
      expect(data.favorites.some((f) => f.user_id === n.user_id && f.sku_id === n.eventable_id)).toBe(true);
    // Saved order line items point at real products of the order's shop.
    for (const order of data.savedOrders)
      for (const item of order.line_items)
        expect(data.products.find((p) => p.id === item.product_id)?.shop_id).toBe(order.shop_id);
  });

  it('is the same for the same seed and frozen', () => {
    const one = createSandbox({ seed: 9 }).data;
    const two = createSandbox({ seed: 9 }).data;
    expect(two.favorites).toEqual(one.favorites);
    expect(two.notifications).toEqual(one.notifications);
    expect(Object.isFrozen(one.favorites[0])).toBe(true);
    expect(Object.isFrozen(one.users[0]?.stats)).toBe(true);
  });
});
