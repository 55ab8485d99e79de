import type { NOTIFICATIONS } from './notifications.js';
import { type EndpointDetails, PAGE } from './row.js';

/** The query names of the notification endpoints, and their versions. */
export const NOTIFICATION_DETAILS: { [N in keyof typeof NOTIFICATIONS]?: EndpointDetails } = {
  'notifications.list': { query: PAGE, since: '3.0.1' },
  'notifications.get': { since: '3.0.1' },
  'notifications.markViewed': { since: '3.0.1' },
};
