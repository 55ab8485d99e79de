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
    args: ['options'],
    schema: UserEnvelopeSchema,
    user: true,
  },

  'user.avatars': {
    path: '/user/avatars',
    args: ['options'],
    schema: AvatarListSchema,
    user: true,
  },
  'user.savedOrders': {
    path: '/user/saved_orders',
    query: PAGE,
    args: ['params', 'options'],
    schema: SavedOrderListSchema,
    user: true,
    pagination: 'pages',
    since: '3.2.0',
  },

  'user.addresses.list': {
    path: '/user/addresses',
    args: ['options'],
    schema: AddressListSchema,
    user: true,
  },
  'user.addresses.form': {
    path: '/user/addresses/new',
    args: ['options'],
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
    args: ['input', 'options'],
    schema: UserEnvelopeSchema,
    user: true,
    stale: [{ read: READS['user.get'] }],
    since: '3.2.0',
  },
  'user.logout': {
    method: 'DELETE',
    path: '/user/logout',
    args: ['options'],
    schema: LogoutAnswerSchema,
    user: true,
    signsOut: true,
  },
  'user.addresses.create': {
    method: 'POST',
    path: '/user/addresses',
    args: ['input', 'options'],
    schema: AddressEnvelopeSchema,
    user: true,
    stale: ADDRESS_READS,
    since: '3.2.0',
  },
  'user.addresses.update': {
    method: 'PUT',
    path: '/user/addresses/:id',
    args: ['id', 'input', 'options'],
    schema: AddressEnvelopeSchema,
    user: true,
    stale: ADDRESS_READS,
    since: '3.2.0',
  },
  'user.addresses.delete': {
    method: 'DELETE',
    path: '/user/addresses/:id',
    args: ['id', 'options'],
    user: true,
    stale: ADDRESS_READS,
    since: '3.2.0',
  },
});

/** The signed-in user's profile, avatars, addresses and saved orders (`api.user`). */
export const USER_ROWS = { ...READS, ...WRITES };
