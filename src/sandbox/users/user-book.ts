import type { Catalog } from '../data/catalog-cache.js';
import type {
  AddressRecord,
  FavoriteListRecord,
  FavoriteRecord,
  NotificationRecord,
  SavedOrderRecord,
  UserRecord,
} from '../data/user-types.js';

/** One user's records as tests have changed them. */
export interface Account {
  profile: UserRecord;
  /** In creation order. */
  lists: FavoriteListRecord[];
  /** In creation order (ids grow). */
  favorites: FavoriteRecord[];
  addresses: AddressRecord[];
  /** In creation order (ids grow). */
  notifications: NotificationRecord[];
}

const maxId = (records: readonly { id: number }[]): number =>
  records.reduce((max, record) => Math.max(max, record.id), 0);

/**
 * The seeded users' profiles, favorites, lists, addresses and notifications as tests change them.
 * A user's records are copied from the frozen seed on first use; saved orders are never written,
 * so they are read from the seed. A new one of these per `reset()`.
 */
export class UserBook {
  private readonly accounts = new Map<number, Account>();
  // New records continue after the seeded ids, as a real table would.
  private nextFavoriteId: number;
  private nextListId: number;
  private nextAddressId: number;
  private nextNotificationId: number;

  constructor(private readonly catalog: Catalog) {
    const { data } = catalog;
    this.nextFavoriteId = maxId(data.favorites) + 1_000;
    this.nextListId = maxId(data.favoriteLists) + 100;
    this.nextAddressId = maxId(data.addresses) + 10;
    this.nextNotificationId = maxId(data.notifications) + 1_000;
  }

  exists(userId: number): boolean {
    return this.catalog.data.users.some((user) => user.id === userId);
  }

  userIds(): number[] {
    return this.catalog.data.users.map((user) => user.id);
  }

  /** A seeded user's records; an unknown user is a bug of the caller (tokens name seeded users only). */
  account(userId: number): Account {
    let account = this.accounts.get(userId);
    if (account) return account;
    const { data } = this.catalog;
    const profile = data.users.find((user) => user.id === userId);
    if (!profile) throw new Error(`sandbox: no user ${userId}`);
    const mine = <T extends { user_id: number }>(records: readonly T[]): T[] =>
      records.filter((record) => record.user_id === userId).map((record) => structuredClone(record));
    account = {
      profile: structuredClone(profile),
      lists: mine(data.favoriteLists),
      favorites: mine(data.favorites),
      addresses: mine(data.addresses),
      notifications: mine(data.notifications),
    };
    this.accounts.set(userId, account);
    return account;
  }

  savedOrders(userId: number): readonly SavedOrderRecord[] {
    return this.catalog.data.savedOrders.filter((order) => order.user_id === userId);
  }

  newFavoriteId(): number {
    return this.nextFavoriteId++;
  }

  newListId(): number {
    return this.nextListId++;
  }

  newAddressId(): number {
    return this.nextAddressId++;
  }

  newNotificationId(): number {
    return this.nextNotificationId++;
  }
}
