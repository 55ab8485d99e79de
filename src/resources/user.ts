import type { Engine } from '../core/call/engine.js';
import { InvalidRequestError } from '../core/errors.js';
import * as ROWS from '../endpoints/user.js';
import type { Address, AddressForm, SavedOrder, SavedOrderList, User } from '../schemas/user.js';
import { call, list, type PageParams, type RequestOptions } from './shared.js';
import { write } from './write.js';

export interface UserUpdateParams {
  sex?: 'male' | 'female' | null | undefined;
  birthyear?: number | undefined;
  mobile?: string | null | undefined;
  /** A file name from `user.avatars()`. */
  avatar_preset?: string | undefined;
  /** A base64 image; a `data:image/...;base64,` preamble is stripped before sending. */
  avatar?: string | undefined;
  /** Other User fields the server accepts, as it spells them. */
  [field: string]: unknown;
}

/**
 * A new address. From 3.2 the server wants `label` and `full`; 3.1 made it from `label` and its
 * parts (`first_name`, `street_name`, `zip`, `region_id`…), with no `full`.
 */
export interface AddressCreateParams {
  label: string;
  full?: string | undefined;
  /** Other address fields the server accepts (e.g. `street_name`), as it spells them. */
  [field: string]: unknown;
}
export interface AddressUpdateParams {
  label?: string | undefined;
  full?: string | undefined;
  /** Other address fields the server accepts (e.g. `street_number`), as it spells them. */
  [field: string]: unknown;
}

const BASE64 = /^[A-Za-z0-9+/]+={0,2}$/;

/** Strips a `data:...;base64,` preamble (the API wants the bare base64) and checks what is left. */
function bareBase64(avatar: string): string {
  const bare = avatar.replace(/^data:[^,]*;base64,/, '').replace(/\s+/g, '');
  if (bare.length === 0 || bare.length % 4 !== 0 || !BASE64.test(bare)) {
    throw new InvalidRequestError('avatar must be a base64-encoded image', 'InvalidParam', 'avatar');
  }
  return bare;
}

function checkUserUpdate(params: UserUpdateParams | undefined): Record<string, unknown> {
  if (!params || typeof params !== 'object')
    throw new InvalidRequestError('give the fields to change', 'InvalidParam');
  if (params.sex !== undefined && params.sex !== null && params.sex !== 'male' && params.sex !== 'female') {
    throw new InvalidRequestError("sex must be 'male', 'female' or null", 'InvalidParam', 'sex');
  }
  if (params.birthyear !== undefined && !(Number.isInteger(params.birthyear) && params.birthyear > 1900)) {
    throw new InvalidRequestError('birthyear must be a four-digit year', 'InvalidParam', 'birthyear');
  }
  return params.avatar === undefined ? { ...params } : { ...params, avatar: bareBase64(params.avatar) };
}

/** Refuses only what no API version accepts: no `label` on create, a blank `label` or `full`. */
function checkAddress(params: AddressUpdateParams | AddressCreateParams | undefined, create: boolean): void {
  for (const field of ['label', 'full'] as const) {
    const value = params?.[field];
    if (
      ((create && field === 'label') || value !== undefined) &&
      (typeof value !== 'string' || value.trim() === '')
    ) {
      throw new InvalidRequestError(`an address needs a non-empty ${field}`, 'InvalidParam', field);
    }
  }
}

const pickAddress = (b: { address: Address }) => b.address;
const pickUser = (b: { user: User }) => b.user;

/** The signed-in user's profile, avatars, addresses and saved orders (user token). */
export function userResource(engine: Engine) {
  return {
    /** GET /user */
    get: (options?: RequestOptions) => call(engine, { row: ROWS.get, select: pickUser, options }),
    /** PATCH /user: only the fields given change. */
    update: (params: UserUpdateParams, options?: RequestOptions) =>
      write(engine, {
        row: ROWS.update,
        input: params,
        body: () => checkUserUpdate(params),
        select: pickUser,
        options,
      }),
    /** GET /user/avatars: the file names `avatar_preset` takes. */
    avatars: (options?: RequestOptions) =>
      call(engine, {
        row: ROWS.avatars,
        select: (b: { avatars: string[] }) => b.avatars,
        options,
      }),
    /** GET /user/saved_orders */
    savedOrders: (params?: PageParams, options?: RequestOptions) =>
      list<SavedOrder, SavedOrderList>(engine, {
        row: ROWS.savedOrders,
        items: (b) => b.saved_orders,
        params,
        options,
      }),
    /** DELETE /user/logout: lets the server end the session; the client forgets the user's tokens. */
    logout: (options?: RequestOptions) =>
      write<null>(engine, {
        row: ROWS.logout,
        select: () => null,
        options,
      }),

    addresses: {
      /** GET /user/addresses */
      list: (options?: RequestOptions) =>
        call(engine, {
          row: ROWS.addressesList,
          select: (b: { addresses: Address[] }) => b.addresses,
          options,
        }),
      /** GET /user/addresses/new: the fields an address needs. */
      form: (options?: RequestOptions) =>
        call(engine, {
          row: ROWS.addressesForm,
          select: (b: { address_form: AddressForm }) => b.address_form,
          options,
        }),
      /** POST /user/addresses: `label`, and `full` from 3.2 (3.1 took the address's parts). */
      create: (params: AddressCreateParams, options?: RequestOptions) =>
        write(engine, {
          row: ROWS.addressesCreate,
          check: () => {
            checkAddress(params, true);
          },
          input: params,
          body: params,
          select: pickAddress,
          options,
        }),
      /** PUT /user/addresses/:id: partial; `lat`/`lng` may be filled in after a change of `full`. */
      update: (addressId: number, params: AddressUpdateParams, options?: RequestOptions) =>
        write(engine, {
          row: ROWS.addressesUpdate,
          ids: [addressId],
          check: () => {
            checkAddress(params, false);
          },
          input: params,
          body: params,
          select: pickAddress,
          options,
        }),
      /** DELETE /user/addresses/:id */
      delete: (addressId: number, options?: RequestOptions) =>
        write<void>(engine, {
          row: ROWS.addressesDelete,
          ids: [addressId],
          options,
        }),
    },
  };
}

export type UserResource = ReturnType<typeof userResource>;
