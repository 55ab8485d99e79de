import { type DetailsOf, PAGE } from './row.js';
import type { USER_METHODS } from './user.js';

/** The query kinds of the user's endpoints. */
export const USER_DETAILS = {
  'user.savedOrders': { query: PAGE },
  'user.update': { input: ['birthyear'] },
  'user.addresses.create': { input: ['label', 'full'] },
  'user.addresses.update': { input: ['label'] },
} satisfies DetailsOf<typeof USER_METHODS>;
