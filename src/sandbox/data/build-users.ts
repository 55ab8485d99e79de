import { deriveRng } from './random.js';
import { buildSavedOrders } from './saved-orders.js';
import type { SandboxData } from './types.js';
import { buildAddresses } from './user-addresses.js';
import { buildFavorites } from './user-favorites.js';
import { buildNotifications } from './user-notifications.js';
import { buildUserProfiles } from './user-profiles.js';

/**
 * Adds the users and what they own to a freshly built (not yet frozen) catalog. It runs last: the
 * favorites, orders and notifications point at SKUs, products and reviews. Each part draws from
 * its own stream, so the catalog itself is unchanged.
 */
export function addUsers(seed: number, data: SandboxData): void {
  data.users = buildUserProfiles();
  const favorites = buildFavorites(deriveRng(seed, 'user-favorites'), data);
  data.favoriteLists = favorites.lists;
  data.favorites = favorites.favorites;
  data.addresses = buildAddresses();
  data.savedOrders = buildSavedOrders(deriveRng(seed, 'saved-orders'), data);
  data.notifications = buildNotifications(deriveRng(seed, 'notifications'), data, data.favorites);
}
