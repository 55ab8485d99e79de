import { NotificationEnvelopeSchema, NotificationListSchema } from '../schemas/notifications.js';
import { PAGE, rows } from './row.js';

const SCOPED = { user: true, scope: 'notifications' } as const;

const READS = rows({
  'notifications.list': {
    path: '/notifications',
    query: PAGE,
    schema: NotificationListSchema,
    ...SCOPED,
    since: '3.0.1',
  },
  'notifications.get': {
    path: '/notifications/:id',
    schema: NotificationEnvelopeSchema,
    ...SCOPED,
    since: '3.0.1',
  },
});

const WRITES = rows({
  'notifications.markViewed': {
    method: 'POST',
    path: '/notifications/view',
    ...SCOPED,
    // `is_viewed`.
    stale: [{ read: READS['notifications.list'] }, { read: READS['notifications.get'] }],
    since: '3.0.1',
  },
});

/** The signed-in user's notifications (`api.notifications`). */
export const NOTIFICATION_ROWS = { ...READS, ...WRITES };
