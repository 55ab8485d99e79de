import { idSequence } from './id-sequence.js';
import type { Rng } from './random.js';
import { athensTime } from './timestamps.js';
import type { CategoryRecord, SandboxData, SkuRecord } from './types.js';
import type { FavoriteListRecord, FavoriteRecord } from './user-types.js';
import { SANDBOX_USERS } from './users.js';

/** The auto list of a category has the category's id, negated: the spec's negative list ids. */
export function autoListId(categoryId: number): number {
  return -categoryId;
}

export function autoList(userId: number, category: CategoryRecord): FavoriteListRecord {
  return {
    id: autoListId(category.id),
    user_id: userId,
    name: category.name,
    type: 'auto',
    category_id: category.id,
  };
}

/** What a seeded favorite is: which user, which SKU, where it sits. */
interface Plan {
  userId: number;
  sku: SkuRecord;
  /** A custom list id, 'auto' for its category's auto list, or 'owned'. */
  place: number | 'auto' | 'owned';
  haveIt: boolean | null;
}

export interface SeededFavorites {
  lists: FavoriteListRecord[];
  favorites: FavoriteRecord[];
}

/** Custom lists; alice's first id is the recorded `/favorite_lists/861839`. */
export const SEEDED_LISTS = {
  aliceGifts: 861_839,
  aliceHome: 902_114,
  bobWishlist: 903_551,
} as const;

/** SKUs a user can favorite and a test can price: released, not virtual, offered by shops. */
function candidates(data: SandboxData, categoryId: number, withReviews = false): SkuRecord[] {
  return data.skus.filter(
    (sku) =>
      sku.category_id === categoryId &&
      !sku.future &&
      !sku.virtual &&
      sku.shop_count > 0 &&
      (!withReviews || sku.reviews_count >= 2),
  );
}

/**
 * alice: 4 phones in the auto list of category 40 (the first also favorited by bob, the third and
 * fourth with reviews), an SSD in the auto list of 88, three gifts in her custom list "Δώρα"
 * (one `have_it` null, as after a `new_list_name` move), a washing machine in "Για το σπίτι",
 * and two owned favorites (a phone, a phone case). bob: the shared phone, a tablet case in his
 * "Wishlist", a pair of sneakers he owns. carol: none. Ids and creation times grow together.
 */
export function buildFavorites(rng: Rng, data: SandboxData): SeededFavorites {
  const { alice, bob } = SANDBOX_USERS;
  const take = (categoryId: number, count: number, withReviews = false): SkuRecord[] => {
    const pool = candidates(data, categoryId, withReviews);
    if (pool.length < count) throw new Error(`sandbox data: too few SKUs in ${categoryId} for favorites`);
    return rng.sample(pool, count);
  };
  const [phone1, phone2] = take(40, 2, false);
  const reviewed = take(40, 6, true).filter((sku) => sku !== phone1 && sku !== phone2);
  const [phone3, phone4, ownedPhone] = reviewed;
  const [ssd] = take(88, 1);
  const [tablet] = take(1105, 1);
  const [watch] = take(1705, 1);
  const [espresso] = take(1205, 1);
  const [washer] = take(1133, 1);
  const [phoneCase] = take(579, 1);
  const [tabletCase] = take(1608, 1);
  const [sneakers] = take(1351, 1);
  const chosen = [
    phone1,
    phone2,
    phone3,
    phone4,
    ownedPhone,
    ssd,
    tablet,
    watch,
    espresso,
    washer,
    phoneCase,
    tabletCase,
    sneakers,
  ];
  if (chosen.some((sku) => sku === undefined)) throw new Error('sandbox data: favorites need more SKUs');
  const sku = (value: SkuRecord | undefined): SkuRecord => value as SkuRecord;

  const plans: Plan[] = [
    { userId: alice, sku: sku(tablet), place: SEEDED_LISTS.aliceGifts, haveIt: false },
    { userId: alice, sku: sku(phone1), place: 'auto', haveIt: false },
    { userId: alice, sku: sku(ownedPhone), place: 'owned', haveIt: true },
    { userId: bob, sku: sku(tabletCase), place: SEEDED_LISTS.bobWishlist, haveIt: false },
    { userId: alice, sku: sku(watch), place: SEEDED_LISTS.aliceGifts, haveIt: null },
    { userId: alice, sku: sku(ssd), place: 'auto', haveIt: false },
    { userId: bob, sku: sku(sneakers), place: 'owned', haveIt: true },
    { userId: alice, sku: sku(phone2), place: 'auto', haveIt: false },
    { userId: alice, sku: sku(washer), place: SEEDED_LISTS.aliceHome, haveIt: false },
    { userId: alice, sku: sku(phoneCase), place: 'owned', haveIt: true },
    { userId: alice, sku: sku(espresso), place: SEEDED_LISTS.aliceGifts, haveIt: false },
    { userId: bob, sku: sku(phone1), place: 'auto', haveIt: false },
    { userId: alice, sku: sku(phone3), place: 'auto', haveIt: false },
    { userId: alice, sku: sku(phone4), place: 'auto', haveIt: false },
  ];

  const lists: FavoriteListRecord[] = [
    { id: SEEDED_LISTS.aliceGifts, user_id: alice, name: 'Δώρα', type: 'custom', category_id: null },
    { id: SEEDED_LISTS.aliceHome, user_id: alice, name: 'Για το σπίτι', type: 'custom', category_id: null },
    { id: SEEDED_LISTS.bobWishlist, user_id: bob, name: 'Wishlist', type: 'custom', category_id: null },
  ];
  const categoryOf = (record: SkuRecord): CategoryRecord => {
    const category = data.categories.find((c) => c.id === record.category_id);
    if (!category) throw new Error(`sandbox data: SKU ${record.id} has no category`);
    return category;
  };

  const nextId = idSequence(rng, 5_896_665, 400_000);
  // The same years as the notifications and the price history, which ends today.
  let time = Date.UTC(2024, 1, 1, 9);
  const favorites = plans.map((plan): FavoriteRecord => {
    time += rng.int(3, 90) * 86_400_000 + rng.int(0, 86_399) * 1000;
    let listId: number | null = null;
    if (plan.place === 'auto') {
      const category = categoryOf(plan.sku);
      listId = autoListId(category.id);
      if (!lists.some((l) => l.user_id === plan.userId && l.id === listId))
        lists.push(autoList(plan.userId, category));
    } else if (plan.place !== 'owned') {
      listId = plan.place;
    }
    const created = athensTime(time);
    // Owned and moved favorites were changed after they were added.
    const touched = plan.haveIt !== false;
    return {
      id: nextId(),
      have_it: plan.haveIt,
      user_id: plan.userId,
      user_notes: null,
      sku_id: plan.sku.id,
      created_at: created,
      updated_at: touched ? athensTime(time + rng.int(1, 20) * 86_400_000) : created,
      // One threshold, in the recorded decimal-string form ("19.11").
      get_absolute_threshold:
        plan.sku === phone2 && plan.userId === alice ? (plan.sku.price_min * 0.9).toFixed(2) : null,
      favorite_list_id: listId,
    };
  });
  return { lists, favorites };
}
