import type { MethodName } from './methods.js';
import { type EndpointDetails, PAGE } from './row.js';

/** The query names of the user's endpoints, and their versions. */
export const USER_DETAILS = {
  'user.savedOrders': { query: PAGE, since: '3.2.0' },
  'user.update': { since: '3.2.0' },
  'user.addresses.create': { since: '3.2.0' },
  'user.addresses.update': { since: '3.2.0' },
  'user.addresses.delete': { since: '3.2.0' },
} satisfies Partial<Record<MethodName, EndpointDetails>>;
