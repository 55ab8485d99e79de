import {
  AddressEnvelopeSchema,
  AddressFormEnvelopeSchema,
  AddressListSchema,
  AvatarListSchema,
  LogoutAnswerSchema,
  SavedOrderListSchema,
  UserEnvelopeSchema,
} from '../schemas/user.js';
import type { EndpointCall, StaleRead } from './row.js';

const READS = {
  'user.get': { path: '/user', schema: UserEnvelopeSchema, user: true },
  'user.avatars': { path: '/user/avatars', schema: AvatarListSchema, user: true },
  'user.savedOrders': { path: '/user/saved_orders', schema: SavedOrderListSchema, user: true },
  'user.addresses.list': { path: '/user/addresses', schema: AddressListSchema, user: true },
  'user.addresses.form': {
    path: '/user/addresses/new',
    schema: AddressFormEnvelopeSchema,
    user: true,
    maxAge: 300,
  },
} satisfies Record<string, EndpointCall>;

const ADDRESS_READS: readonly StaleRead<EndpointCall>[] = [{ read: READS['user.addresses.list'] }];

const WRITES = {
  'user.update': {
    method: 'PATCH',
    path: '/user',
    schema: UserEnvelopeSchema,
    user: true,
    stale: [{ read: READS['user.get'] }],
  },
  'user.logout': {
    method: 'DELETE',
    path: '/user/logout',
    schema: LogoutAnswerSchema,
    user: true,
    signsOut: true,
    // The user's own records; `price-catalog/query` drops every query of the user instead.
    stale: [
      { read: READS['user.get'] },
      { read: READS['user.avatars'] },
      { read: READS['user.savedOrders'] },
      { read: READS['user.addresses.list'] },
      { read: READS['user.addresses.form'] },
    ],
  },
  'user.addresses.create': {
    method: 'POST',
    path: '/user/addresses',
    schema: AddressEnvelopeSchema,
    user: true,
    stale: ADDRESS_READS,
  },
  'user.addresses.update': {
    method: 'PUT',
    path: '/user/addresses/:id',
    schema: AddressEnvelopeSchema,
    user: true,
    stale: ADDRESS_READS,
  },
  'user.addresses.delete': {
    method: 'DELETE',
    path: '/user/addresses/:id',
    user: true,
    stale: ADDRESS_READS,
  },
} satisfies Record<string, EndpointCall>;

/** The signed-in user's profile, avatars, addresses and saved orders (`api.user`): what their calls need. */
export const USER = { ...READS, ...WRITES };
