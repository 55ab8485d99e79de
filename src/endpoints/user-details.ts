import { type DetailsOf, PAGE } from './row.js';
import type { USER_METHODS } from './user.js';

/** The query kinds of the user's endpoints. */
export const USER_DETAILS = { 'user.savedOrders': { query: PAGE } } satisfies DetailsOf<typeof USER_METHODS>;
