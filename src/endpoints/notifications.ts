import { NotificationEnvelopeSchema, NotificationListSchema } from '../schemas/notifications.js';
import { type EndpointCall, PAGE_NAMES } from './row.js';

const SCOPED = { user: true, scope: 'notifications' } as const;

export const list = {
  path: '/notifications',
  queryNames: PAGE_NAMES,
  schema: NotificationListSchema,
  ...SCOPED,
} satisfies EndpointCall;
export const get = {
  path: '/notifications/:id',
  schema: NotificationEnvelopeSchema,
  ...SCOPED,
} satisfies EndpointCall;

export const markViewed = {
  method: 'POST',
  path: '/notifications/view',
  ...SCOPED,
  // `is_viewed`.
  stale: [{ read: list }, { read: get }],
} satisfies EndpointCall;
