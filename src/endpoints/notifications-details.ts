import type { NOTIFICATION_METHODS } from './notifications.js';
import { type DetailsOf, PAGE } from './row.js';

/** The query kinds of the notification endpoints. */
export const NOTIFICATION_DETAILS = {
  'notifications.list': { query: PAGE },
} satisfies DetailsOf<typeof NOTIFICATION_METHODS>;
