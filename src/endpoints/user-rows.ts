import { type EndpointRowSpec, PAGE } from './row.js';
import * as C from './user.js';

/** The query names of the user's endpoints, and their versions. */
export const USER_ROWS = {
  'user.get': [C.get],
  'user.avatars': [C.avatars],
  'user.savedOrders': [C.savedOrders, { query: PAGE, since: '3.2.0' }],
  'user.addresses.list': [C.addressesList],
  'user.addresses.form': [C.addressesForm],
  'user.update': [C.update, { since: '3.2.0' }],
  'user.logout': [C.logout],
  'user.addresses.create': [C.addressesCreate, { since: '3.2.0' }],
  'user.addresses.update': [C.addressesUpdate, { since: '3.2.0' }],
  'user.addresses.delete': [C.addressesDelete, { since: '3.2.0' }],
} satisfies Record<string, EndpointRowSpec>;
