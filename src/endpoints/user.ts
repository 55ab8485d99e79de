import {
  AddressEnvelopeSchema,
  AddressFormEnvelopeSchema,
  AddressListSchema,
  AvatarListSchema,
  LogoutAnswerSchema,
  SavedOrderListSchema,
  UserEnvelopeSchema,
} from '../schemas/user.js';
import { PAGE, rows, type StaleRead } from './row.js';

const READS = rows({
  'user.get': {
    path: '/user',
    schema: UserEnvelopeSchema,
    user: true,
  },

  'user.avatars': {
    path: '/user/avatars',
    schema: AvatarListSchema,
    user: true,
  },
  'user.savedOrders': {
    path: '/user/saved_orders',
    query: PAGE,
    schema: SavedOrderListSchema,
    user: true,
    since: '3.2.0',
  },

  'user.addresses.list': {
    path: '/user/addresses',
    schema: AddressListSchema,
    user: true,
  },
  'user.addresses.form': {
    path: '/user/addresses/new',
    schema: AddressFormEnvelopeSchema,
    user: true,
    maxAge: 300,
  },
});

const ADDRESS_READS: readonly StaleRead[] = [{ read: READS['user.addresses.list'] }];

const WRITES = rows({
  'user.update': {
    method: 'PATCH',
    path: '/user',
    schema: UserEnvelopeSchema,
    user: true,
    stale: [{ read: READS['user.get'] }],
    since: '3.2.0',
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
    since: '3.2.0',
  },
  'user.addresses.update': {
    method: 'PUT',
    path: '/user/addresses/:id',
    schema: AddressEnvelopeSchema,
    user: true,
    stale: ADDRESS_READS,
    since: '3.2.0',
  },
  'user.addresses.delete': {
    method: 'DELETE',
    path: '/user/addresses/:id',
    user: true,
    stale: ADDRESS_READS,
    since: '3.2.0',
  },
});

/** The signed-in user's profile, avatars, addresses and saved orders (`api.user`). */
export const USER_ROWS = { ...READS, ...WRITES };
