import type { Schema } from '../core/call/validate.js';
import type { HttpMethod } from '../internal/http-method.js';

/** The OAuth scopes of the spec's permission table. */
export type EndpointScope = 'public' | 'favorites' | 'notifications' | 'publish_sku_review_actions';

/**
 * How a query parameter goes on the wire (src/core/call/query-string.ts encodes the SDK's values so):
 * `integer`, `number`, `string`, `boolean` as one value; `array` as `name[]=v` repeated (one
 * value may also go as `name=v`); `names` as one comma-separated value (`embed=shop,address`);
 * `fieldset` as `name[resource]=a,b`.
 */
export type QueryKind = 'integer' | 'number' | 'string' | 'boolean' | 'array' | 'names' | 'fieldset';

export interface QueryParam {
  /** As the API spells it (`order_by`, `vote[helpful]`). */
  name: string;
  kind: QueryKind;
  /** The values the API takes, where the spec lists them; undefined when any value goes. */
  values?: readonly string[] | undefined;
  /** Refused (400) without it; a call given no object shows it first ("takes an object"). */
  required?: true | undefined;
}

/**
 * A path parameter: `id` a positive integer; `list_id` a favorite-list id (auto lists have
 * negative ids, so any non-zero integer).
 */
export type PathParamKind = 'id' | 'list_id';

export interface PathParam {
  /** As the path template spells it (`sku_id` in `/skus/:sku_id/reviews`). */
  name: string;
  kind: PathParamKind;
}

/**
 * A read a write makes stale: the read's row, and the read's path parameters that must equal
 * the write's (`{ sku_id: 'sku_id' }`: only that SKU's reviews). Without `same`, every read of
 * that endpoint is stale. The row itself, not its name: a resource then bundles the rows its
 * writes touch, not the whole table.
 */
export interface StaleRead<R extends EndpointCall = EndpointRow> {
  read: R;
  same?: Readonly<Record<string, string>> | undefined;
  /**
   * The change shows only in the read's answers fetched with the user's token (a category's SKUs
   * carry the user's `favorited` flag): answers fetched with the application token stay valid.
   */
  asUserSees?: boolean | undefined;
}

/** The API's answer to a list: `pages` is `page`/`per` with `meta.pagination` (and a Link header). */
export type PaginationKind = 'none' | 'pages';

/**
 * What a client call needs of an endpoint: one exported literal per endpoint in the area files
 * (`catalog.ts`, …), read as is by the resources. No builder runs and no name is kept, so a
 * browser bundle holds only these, and only those of its modules. What is left out has its
 * default: `GET`, no schema, not the user's, `public` scope for a read that is not the user's,
 * every path parameter an `id`, nothing stale.
 */
export interface EndpointCall {
  method?: HttpMethod | undefined;
  /** `/categories/:id/skus`: a literal segment wins over a `:param` one when both match. */
  path: string;
  /** The answer's schema (a read with linked resources narrows it per call). */
  schema?: Schema<unknown> | undefined;
  /** Answered for the signed-in user only (sent with the user's token). */
  user?: boolean | undefined;
  /**
   * The scope the token needs, checked before sending. Never `public`: an application token
   * always has it, and which public reads a user token may make is the server's to say.
   */
  scope?: EndpointScope | undefined;
  /** Path parameters of kind `list_id` (the rest are `id`). */
  listIds?: readonly string[] | undefined;
  /**
   * A read's query names, as the API spells them: a name of the call's params not among them is
   * refused before sending, with the closest one (`orderBy`: did you mean `order_by`?). Their
   * kinds and values are in the area's details; table.ts holds the two lists to the same names.
   */
  queryNames?: readonly string[] | undefined;
  /**
   * The values the API takes for a one-valued query parameter (`order_by`, `include`), by name:
   * checked before sending, and the query names of the full row take them from here.
   */
  values?: Readonly<Record<string, readonly string[]>> | undefined;
  /** For a write: the reads it makes stale. */
  stale?: readonly StaleRead<EndpointCall>[] | undefined;
  /** After it, none of the user's data may be shown again (it is dropped, not refetched). */
  signsOut?: boolean | undefined;
  /**
   * Where each argument of the client method goes, in order: a path parameter (by name), `params`
   * (the query object) or `input` (what the write sends: its body, or its own query values such as
   * `vote[helpful]`). The SDK's RequestOptions (`signal`, `cache`, …) always come last, after these.
   */
  args: readonly string[];
  /** The API's `max-age` in seconds for a read (default 0: revalidate every time). */
  maxAge?: number | undefined;
  /** The API version that brought it (default `3.0.0`). */
  since?: string | undefined;
}

/** The values a literal lists for its one-valued query parameter `N` (`order_by`), as a union type. */
export type ValuesOf<C, N extends string> = C extends { values: { readonly [K in N]: readonly (infer V)[] } }
  ? V
  : never;

/**
 * What only the server and the docs need of an endpoint, in the area's `*-details.ts` file (a
 * client bundle, and the query entry, leave it out); `table.ts` joins it to the method's row.
 * `N` is the method's query names (`QueryNameOf` its literal): a read's `query` has a kind for
 * each of its literal's `queryNames` and no other (tsc holds them, see `DetailsOf`), in the
 * literal's order; a write lists its own.
 */
export interface EndpointDetails<N extends string = string> {
  query?: [N] extends [never] ? undefined : Readonly<Record<N, QueryKind>>;
  /** The values the API takes, by query name, where the spec lists them. */
  values?: [N] extends [never] ? undefined : Readonly<Partial<Record<N, readonly string[]>>>;
  /** Default true. */
  documented?: boolean;
  /** The query names the API refuses a call without (`q` of a search). */
  required?: readonly N[];
  /**
   * A write's input object, as its method takes it, required names first (`{ sku_id }`): the
   * call a "takes an object" refusal shows. Its query names (`vote[helpful]`) go without.
   */
  input?: readonly string[];
}

/** A literal's query names (`'q' | 'page' | 'per'`): none for a read without, any for a write (it lists its own). */
export type QueryNameOf<C> = C extends { queryNames: readonly (infer N extends string)[] }
  ? N
  : C extends { method: Exclude<HttpMethod, 'GET'> }
    ? string
    : never;

/** The details of each method of `M` (an area's map of literals), held to its literal by tsc. */
export type DetailsOf<M> = {
  [N in keyof M]?: M[N] extends EndpointCall ? EndpointDetails<QueryNameOf<M[N]>> : never;
};

/** The `:param` names of a path template (`'sku_id' | 'review_id'`). */
export type PathParamNames<P extends string> = P extends `${string}:${infer Name}/${infer Rest}`
  ? Name | PathParamNames<Rest>
  : P extends `${string}:${infer Name}`
    ? Name
    : never;

/**
 * The names of a literal's `args` that are not path parameters of its `path`, `params` or
 * `input`, and the path parameters its `args` leave out: never for a literal that fits.
 */
export type ArgsMisfit<C extends EndpointCall> =
  | Exclude<C['args'][number], PathParamNames<C['path']> | 'params' | 'input'>
  | Exclude<PathParamNames<C['path']>, C['args'][number]>;

/** One documented method and path of the API (or one the recorded answers show). */
export interface EndpointRow extends EndpointCall {
  /** The client method it backs: `skus.get` is `api.skus.get(...)`. */
  name: string;
  method: HttpMethod;
  /** The `:param` segments of `path`, in order. */
  pathParams: readonly PathParam[];
  /**
   * The query names the endpoint takes (a write's `input` sent as query is listed too). Besides
   * these, every read takes the sparse fieldsets `fields` and `fields_except` (the API's
   * convention for every resource, from 3.1.1): `queryNamesOf(row)` lists them all.
   */
  query: readonly QueryParam[];
  schema: Schema<unknown> | undefined;
  user: boolean;
  /** The scope the token needs; undefined where the spec does not show it. */
  scope: EndpointScope | undefined;
  /** The API's `max-age` in seconds for a read (0: revalidate every time; 0 for a write). */
  maxAge: number;
  pagination: PaginationKind;
  /** For a write: the reads it makes stale. Empty for a read. */
  stale: readonly StaleRead[];
  signsOut: boolean;
  /** The API version that brought it (`3.0.0` for the first v3 endpoints). */
  since: string;
  /** In the spec's endpoint tables; false for the extras the recorded answers show. */
  documented: boolean;
  /** A write's input object's names, required first (EndpointDetails `input`). */
  input?: readonly string[] | undefined;
}

/** The full row of a call, with its name and method known to the type system (the query entry's types read them). */
export type RowOf<N extends string, C extends EndpointCall> = EndpointRow & {
  name: N;
  method: C['method'] extends HttpMethod ? C['method'] : 'GET';
};

/** The query names of every list (a literal's `query`). */
export const PAGE_NAMES = ['page', 'per'] as const;
/** Query kinds shared by many rows. */
export const PAGE = { page: 'integer', per: 'integer' } as const;
/** The directions of every `order_dir` (a literal's `values`). */
export const ORDER_DIRS = ['asc', 'desc'] as const;
/** The sparse fieldsets: every read takes them. */
export const FIELDSETS: readonly QueryParam[] = [
  { name: 'fields', kind: 'fieldset' },
  { name: 'fields_except', kind: 'fieldset' },
];
