import type { AddressRecord } from '../data/user-types.js';
import { requestParams } from '../http/body.js';
import { notFound } from '../http/http-error.js';
import { presentAddress } from '../present/user.js';
import type { RouteContext, RouteDef } from '../router.js';
import { REQUIRED_ADDRESS_FIELDS, resolveAddress } from '../users/address-input.js';
import type { Account } from '../users/user-book.js';
import { accountOf } from './account.js';

function findAddress(ctx: RouteContext, account: Account): AddressRecord {
  const raw = ctx.params.id ?? '';
  const address = /^\d+$/.test(raw) ? account.addresses.find((a) => a.id === Number(raw)) : undefined;
  if (!address) throw notFound('Address', raw);
  return address;
}

/** The user's addresses: a user token, no particular scope. Not paginated (no meta), as specified. */
export const userAddressRoutes: RouteDef[] = [
  {
    id: 'user_addresses',
    method: 'GET',
    path: '/user/addresses',
    scope: null,
    userToken: true,
    handler: (ctx) => ({
      body: { addresses: accountOf(ctx).addresses.map(presentAddress) },
      cache: 'revalidate',
    }),
  },
  {
    id: 'user_address_form',
    method: 'GET',
    path: '/user/addresses/new',
    scope: null,
    userToken: true,
    handler: () => ({ body: { address_form: { required: [...REQUIRED_ADDRESS_FIELDS] } }, cache: 'long' }),
  },
  {
    id: 'user_address_create',
    method: 'POST',
    path: '/user/addresses',
    scope: null,
    userToken: true,
    handler: async (ctx) => {
      const account = accountOf(ctx);
      const fields = resolveAddress(await requestParams(ctx.request, ctx.url), null, ctx.version);
      const address: AddressRecord = {
        id: ctx.state.users.newAddressId(),
        user_id: account.profile.id,
        ...fields,
      };
      account.addresses.push(address);
      return { status: 201, body: { address: presentAddress(address) } };
    },
  },
  {
    id: 'user_address_update',
    method: 'PUT',
    path: '/user/addresses/:id',
    scope: null,
    userToken: true,
    handler: async (ctx) => {
      const account = accountOf(ctx);
      const address = findAddress(ctx, account);
      Object.assign(address, resolveAddress(await requestParams(ctx.request, ctx.url), address, ctx.version));
      return { body: { address: presentAddress(address) } };
    },
  },
  {
    id: 'user_address_destroy',
    method: 'DELETE',
    path: '/user/addresses/:id',
    scope: null,
    userToken: true,
    handler: (ctx) => {
      const account = accountOf(ctx);
      const address = findAddress(ctx, account);
      account.addresses = account.addresses.filter((a) => a !== address);
      return { status: 204, body: null };
    },
  },
];
