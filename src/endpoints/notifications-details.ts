import type { MethodName } from './methods.js';
import { type EndpointDetails, PAGE } from './row.js';

/** The query names of the notification endpoints. */
export const NOTIFICATION_DETAILS = {
  'notifications.list': { query: PAGE },
} satisfies Partial<Record<MethodName, EndpointDetails>>;
