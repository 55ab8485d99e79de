import * as z from 'zod/mini';
import type { Engine } from '../core/call/engine.js';
import type { Schema } from '../core/call/validate.js';
import { InvalidRequestError } from '../core/errors.js';
import type { PagePromise } from '../core/pagination.js';
import * as ROWS from '../endpoints/shops.js';
import { ListMetaSchema } from '../schemas/common.js';
import {
  type FoundLocation,
  type FoundLocationList,
  type LocationAddress,
  LocationAddressSchema,
  type Shop,
  type ShopList,
  type ShopLocationFields,
  ShopLocationFieldsSchema,
  type ShopReview,
  type ShopReviewList,
  type ShopReviewListMeta,
  ShopReviewListSchema,
} from '../schemas/shops.js';
import type { LinkState, ParamOf, Simplify, WithLink, WithMeta } from '../types/linked.js';
import { type LinkedShape, linkedSchema, linkNames, wrap } from './fieldsets.js';
import { call, describe, list, type PageParams, type RequestOptions } from './shared.js';

export type ShopReviewsMetaName = 'shop_rating_breakdown';

export interface ShopReviewsParams extends PageParams {
  /** `'shop_rating_breakdown'` adds `meta.shop_rating_breakdown` (positive / negative shares). */
  include_meta?: ShopReviewsMetaName | readonly ShopReviewsMetaName[] | undefined;
}

/** A shop review list answer: `meta.shop_rating_breakdown` is there when asked for. */
export type ShopReviewListOf<P> = Simplify<
  Omit<ShopReviewList, 'meta'> & {
    meta: WithMeta<ShopReviewListMeta, ParamOf<P, 'include_meta'>, ShopReviewsMetaName>;
  }
>;

export interface ShopLocationParams {
  /** `'address'`: the location's address parts (filled only when `format` is `structured`). */
  embed?: 'address' | readonly 'address'[] | undefined;
}
export type ShopLocationsParams = ShopLocationParams & PageParams;

/** A location as asked for: `embed: 'address'` adds a typed `address`. */
export type ShopLocationOf<P> = Simplify<
  WithLink<ShopLocationFields, LinkState<ParamOf<P, 'embed'>, 'address'>, 'address', LocationAddress>
>;

/** A point to find shop locations near; numbers, sent as the API spells them (`lat`, `lng`). */
export interface LocationFindParams extends PageParams {
  /** Latitude, -90 to 90. */
  lat: number;
  /** Longitude, -180 to 180. */
  lng: number;
}

function coordinate(name: 'lat' | 'lng', value: unknown, limit: number): void {
  if (typeof value !== 'number' || !Number.isFinite(value) || Math.abs(value) > limit) {
    throw new InvalidRequestError(
      `${name} must be a number from -${limit} to ${limit}, got ${describe(value)}`,
      'InvalidParam',
      name,
    );
  }
}

export interface ShopSearchParams extends PageParams {
  /** Words of the shop's name. */
  q: string;
}

const LOCATION: LinkedShape = {
  name: 'shop_location',
  root: ShopLocationFieldsSchema,
  embeds: { address: LocationAddressSchema },
  embedIds: {},
};

const WithBreakdownSchema = z.extend(ShopReviewListSchema, {
  meta: z.required(ShopReviewListSchema.shape.meta, { shop_rating_breakdown: true }),
});

/** The review list schema, with the breakdown required when `include_meta` asks for it. */
function reviewListSchema(includeMeta: unknown) {
  const names = linkNames('include_meta', includeMeta, ['shop_rating_breakdown']);
  return names.length === 0 ? ShopReviewListSchema : WithBreakdownSchema;
}

const locationList = (location: z.ZodMiniObject) =>
  z.object({ locations: z.array(location), meta: ListMetaSchema });
const locationEnvelope = (location: z.ZodMiniObject) => z.object({ location });

/** A cast for schemas whose answer type the request narrows (the schema checks the same). */
const shaped = <T>(schema: Schema<unknown>) => schema as Schema<T>;

/** Shops: a shop, its reviews and locations, shop search. */
export function shopsResource(engine: Engine) {
  return {
    /** GET /shops/:id */
    get: (shopId: number, options?: RequestOptions) =>
      call(engine, {
        row: ROWS.get,
        ids: [shopId],
        select: (b: { shop: Shop }) => b.shop,
        options,
      }),

    /** GET /shops/:id/reviews (`include_meta: 'shop_rating_breakdown'` adds a typed breakdown). */
    reviews<const P extends ShopReviewsParams | undefined = undefined>(
      shopId: number,
      params?: P,
      options?: RequestOptions,
    ): PagePromise<ShopReview, ShopReviewListOf<P>> {
      const check = () => {
        reviewListSchema(params?.include_meta);
      };
      const schema = z.lazy(() => reviewListSchema(params?.include_meta));
      return list(engine, {
        row: ROWS.reviews,
        ids: [shopId],
        check,
        schema: shaped<ShopReviewListOf<P>>(schema),
        items: (b) => b.reviews,
        params,
        options,
      });
    },

    /** GET /shops/:shop_id/locations (`embed: 'address'` adds each `address`). */
    locations<const P extends ShopLocationsParams | undefined = undefined>(
      shopId: number,
      params?: P,
      options?: RequestOptions,
    ): PagePromise<
      ShopLocationOf<P>,
      { locations: ShopLocationOf<P>[]; meta: z.infer<typeof ListMetaSchema> }
    > {
      const schema = () => wrap(linkedSchema(LOCATION, params), locationList);
      const check = () => {
        schema();
      };
      return list(engine, {
        row: ROWS.locations,
        ids: [shopId],
        check,
        schema: shaped(z.lazy(schema)),
        items: (b) => b.locations,
        params,
        options,
      });
    },

    /** GET /shops/:shop_id/locations/:id (`embed: 'address'` adds its `address`). */
    location<const P extends ShopLocationParams | undefined = undefined>(
      shopId: number,
      locationId: number,
      params?: P,
      options?: RequestOptions,
    ) {
      const schema = () => wrap(linkedSchema(LOCATION, params), locationEnvelope);
      const check = () => {
        schema();
      };
      return call(engine, {
        row: ROWS.location,
        ids: [shopId, locationId],
        check,
        schema: z.lazy(schema),
        select: (b: { location: ShopLocationOf<P> }) => b.location,
        query: params,
        options,
      });
    },

    /**
     * GET /locations/find (recorded, not in the spec): shop locations near `lat`/`lng`, nearest
     * first, each with its `distance` in metres.
     */
    findLocations: (
      params: LocationFindParams,
      options?: RequestOptions,
    ): PagePromise<FoundLocation, FoundLocationList> => {
      const check = () => {
        coordinate('lat', params?.lat, 90);
        coordinate('lng', params?.lng, 180);
      };
      return list<FoundLocation, FoundLocationList>(engine, {
        row: ROWS.findLocations,
        check,
        items: (b) => b.locations,
        params,
        options,
      });
    },

    /** GET /shops/search by name. `search('plaisio')` is `search({ q: 'plaisio' })`. */
    search: (query: ShopSearchParams | string, options?: RequestOptions): PagePromise<Shop, ShopList> => {
      const params: ShopSearchParams = typeof query === 'string' ? { q: query } : query;
      const check = () => {
        if (typeof params?.q !== 'string' || params.q.trim() === '') {
          throw new InvalidRequestError('shop search q must not be empty', 'InvalidSearch', 'q');
        }
      };
      return list<Shop, ShopList>(engine, {
        row: ROWS.search,
        check,
        items: (b) => b.shops,
        params,
        options,
      });
    },
  };
}

export type ShopsResource = ReturnType<typeof shopsResource>;
