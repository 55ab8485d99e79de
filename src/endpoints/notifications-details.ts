import type { MethodName } from './methods.js';
import { type EndpointDetails, PAGE } from './row.js';

/** The query names of the notification endpoints, and their versions. */
export const NOTIFICATION_DETAILS = {
  'notifications.list': { query: PAGE, since: '3.0.1' },
  'notifications.get': { since: '3.0.1' },
  'notifications.markViewed': { since: '3.0.1' },
} satisfies Partial<Record<MethodName, EndpointDetails>>;
