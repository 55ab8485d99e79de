import {
  AddressEnvelopeSchema,
  AddressFormEnvelopeSchema,
  AddressListSchema,
  AvatarListSchema,
  LogoutAnswerSchema,
  SavedOrderListSchema,
  UserEnvelopeSchema,
} from '../schemas/user.js';
import { type EndpointCall, PAGE_NAMES, type StaleRead } from './row.js';

export const get = {
  path: '/user',
  schema: UserEnvelopeSchema,
  user: true,
  args: [],
} as const satisfies EndpointCall;
export const avatars = {
  path: '/user/avatars',
  schema: AvatarListSchema,
  user: true,
  args: [],
} as const satisfies EndpointCall;
export const savedOrders = {
  path: '/user/saved_orders',
  queryNames: PAGE_NAMES,
  schema: SavedOrderListSchema,
  user: true,
  args: ['params'],
  since: '3.2.0',
} as const satisfies EndpointCall;
export const addressesList = {
  path: '/user/addresses',
  schema: AddressListSchema,
  user: true,
  args: [],
} as const satisfies EndpointCall;
export const addressesForm = {
  path: '/user/addresses/new',
  schema: AddressFormEnvelopeSchema,
  user: true,
  args: [],
  maxAge: 300,
} as const satisfies EndpointCall;

const ADDRESS_READS: readonly StaleRead<EndpointCall>[] = [{ read: addressesList }];

export const update = {
  method: 'PATCH',
  path: '/user',
  schema: UserEnvelopeSchema,
  user: true,
  stale: [{ read: get }],
  args: ['input'],
  since: '3.2.0',
} as const satisfies EndpointCall;
export const logout = {
  method: 'DELETE',
  path: '/user/logout',
  schema: LogoutAnswerSchema,
  user: true,
  signsOut: true,
  // The user's own records; `price-catalog/query` drops every query of the user instead.
  stale: [
    { read: get },
    { read: avatars },
    { read: savedOrders },
    { read: addressesList },
    { read: addressesForm },
  ],
  args: [],
} as const satisfies EndpointCall;
export const addressesCreate = {
  method: 'POST',
  path: '/user/addresses',
  schema: AddressEnvelopeSchema,
  user: true,
  stale: ADDRESS_READS,
  args: ['input'],
  since: '3.2.0',
} as const satisfies EndpointCall;
export const addressesUpdate = {
  method: 'PUT',
  path: '/user/addresses/:id',
  schema: AddressEnvelopeSchema,
  user: true,
  stale: ADDRESS_READS,
  args: ['id', 'input'],
  since: '3.2.0',
} as const satisfies EndpointCall;
export const addressesDelete = {
  method: 'DELETE',
  path: '/user/addresses/:id',
  user: true,
  stale: ADDRESS_READS,
  args: ['id'],
  since: '3.2.0',
} as const satisfies EndpointCall;

/** This area's client methods by their name on the client, each to its literal (METHODS joins the areas). */
export const USER_METHODS = {
  'user.get': get,
  'user.avatars': avatars,
  'user.savedOrders': savedOrders,
  'user.addresses.list': addressesList,
  'user.addresses.form': addressesForm,
  'user.update': update,
  'user.logout': logout,
  'user.addresses.create': addressesCreate,
  'user.addresses.update': addressesUpdate,
  'user.addresses.delete': addressesDelete,
} satisfies Record<string, EndpointCall>;
