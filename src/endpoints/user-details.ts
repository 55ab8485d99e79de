import type { MethodName } from './methods.js';
import { type EndpointDetails, PAGE } from './row.js';

/** The query names of the user's endpoints. */
export const USER_DETAILS = {
  'user.savedOrders': { query: PAGE },
} satisfies Partial<Record<MethodName, EndpointDetails>>;
