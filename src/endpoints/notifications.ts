import { NotificationEnvelopeSchema, NotificationListSchema } from '../schemas/notifications.js';
import { type EndpointCall, PAGE_NAMES } from './row.js';

const SCOPED = { user: true, scope: 'notifications' } as const;

export const list = {
  path: '/notifications',
  queryNames: PAGE_NAMES,
  schema: NotificationListSchema,
  ...SCOPED,
  args: ['params'],
  since: '3.0.1',
} as const satisfies EndpointCall;
export const get = {
  path: '/notifications/:id',
  schema: NotificationEnvelopeSchema,
  ...SCOPED,
  args: ['id'],
  since: '3.0.1',
} as const satisfies EndpointCall;

export const markViewed = {
  method: 'POST',
  path: '/notifications/view',
  ...SCOPED,
  // `is_viewed`.
  stale: [{ read: list }, { read: get }],
  args: ['input'],
  since: '3.0.1',
} as const satisfies EndpointCall;

/** This area's client methods by their name on the client, each to its literal (METHODS joins the areas). */
export const NOTIFICATION_METHODS = {
  'notifications.list': list,
  'notifications.get': get,
  'notifications.markViewed': markViewed,
} satisfies Record<string, EndpointCall>;
