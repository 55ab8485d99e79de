import { type EndpointDetails, PAGE } from './row.js';
import type { USER } from './user.js';

/** The query names of the user's endpoints, and their versions. */
export const USER_DETAILS: { [N in keyof typeof USER]?: EndpointDetails } = {
  'user.savedOrders': { query: PAGE, since: '3.2.0' },
  'user.update': { since: '3.2.0' },
  'user.addresses.create': { since: '3.2.0' },
  'user.addresses.update': { since: '3.2.0' },
  'user.addresses.delete': { since: '3.2.0' },
};
