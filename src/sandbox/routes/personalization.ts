import type { JsonObject } from '../http/json.js';
import type { RouteContext } from '../router.js';
import { fieldSince } from '../versions/contract.js';

/**
 * `meta` with `personalization` added, as recorded on GET /products/:id: the signed-in user's
 * delivery location (their first address) and payment method, what every product's `blp` is
 * computed for. So on every answer that carries products, from the version products carry `blp`;
 * an application token has no user, and a user without an address no location: no personalization.
 */
export function withPersonalization(ctx: RouteContext, meta: JsonObject): JsonObject {
  const userId = ctx.token.kind === 'user' ? ctx.token.userId : undefined;
  if (userId === undefined || !fieldSince('product', 'blp', ctx.version)) return meta;
  const address = ctx.state.users.account(userId).addresses[0];
  if (!address) return meta;
  return {
    ...meta,
    personalization: {
      location: {
        address_id: address.id,
        label: address.full,
        lat: address.lat,
        lng: address.lng,
        type: 'address',
        country_code: 'GR',
      },
      payment_method: { type: 'spot_cash' },
    },
  };
}
