import { NotificationEnvelopeSchema, NotificationListSchema } from '../schemas/notifications.js';
import type { EndpointCall } from './row.js';

const SCOPED = { user: true, scope: 'notifications' } as const;

const READS = {
  'notifications.list': { path: '/notifications', schema: NotificationListSchema, ...SCOPED },
  'notifications.get': { path: '/notifications/:id', schema: NotificationEnvelopeSchema, ...SCOPED },
} satisfies Record<string, EndpointCall>;

const WRITES = {
  'notifications.markViewed': {
    method: 'POST',
    path: '/notifications/view',
    ...SCOPED,
    // `is_viewed`.
    stale: [{ read: READS['notifications.list'] }, { read: READS['notifications.get'] }],
  },
} satisfies Record<string, EndpointCall>;

/** The signed-in user's notifications (`api.notifications`): what their calls need. */
export const NOTIFICATIONS = { ...READS, ...WRITES };
