import * as C from './notifications.js';
import { type EndpointRowSpec, PAGE } from './row.js';

/** The query names of the notification endpoints, and their versions. */
export const NOTIFICATION_ROWS = {
  'notifications.list': [C.list, { query: PAGE, since: '3.0.1' }],
  'notifications.get': [C.get, { since: '3.0.1' }],
  'notifications.markViewed': [C.markViewed, { since: '3.0.1' }],
} satisfies Record<string, EndpointRowSpec>;
