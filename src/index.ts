export {
  type BaseClient,
  type CatalogClient,
  type ClientAuth,
  type ClientModule,
  type ClientModules,
  type ClientOptions,
  type ClientWith,
  catalogModule,
  createClient,
  createClientWith,
  favoritesModule,
  type ModuleContext,
  notificationsModule,
  type RawRequest,
  shopsModule,
  skusModule,
  type UserPrincipal,
  userModule,
} from './client.js';
export type { ApiResponse } from './core/api-promise.js';
export { APIPromise } from './core/api-promise.js';
export type { AccessToken, TokenInput } from './core/auth/token.js';
export type { TokenStore, UserScope, UserTokens } from './core/auth/user-auth.js';
export type { HttpMethod, RequestOptions } from './core/call/engine.js';
export type { Fieldset, QueryParams, QueryValue } from './core/call/query-string.js';
export type { OnRateLimit, RateLimitEvent, RateLimitInfo } from './core/call/rate-limit.js';
export type { ValidationMode } from './core/call/validate.js';
export {
  AbortError,
  AccessDeniedError,
  ApiError,
  type ApiErrorEntry,
  AuthenticationError,
  BadRequestError,
  ConnectionError,
  DailyLimitError,
  InternalServerError,
  InvalidRequestError,
  NotFoundError,
  NotImplementedError,
  PermissionDeniedError,
  PriceCatalogError,
  RateLimitError,
  RateLimitWaitError,
  RedirectError,
  ResponseValidationError,
  TimeoutError,
  TokenError,
  UnprocessableEntityError,
  type ValidationIssue,
} from './core/errors.js';
export {
  type AdmissionEvent,
  type AttemptEvent,
  type CacheOutcome,
  type CallEvent,
  DIAGNOSTICS_CHANNELS,
  type HandlerEvent,
  type PrincipalKind,
  type TokenEvent,
} from './core/observe/diagnostics.js';
export {
  HookError,
  type HookFailure,
  type HookName,
  type HookRequest,
  type HookRequestKind,
  type HookResponse,
  type Hooks,
  type OnErrorHook,
  type OnRequestHook,
  type OnResponseHook,
} from './core/observe/hooks.js';
export type { Logger, LogLevel } from './core/observe/logger.js';
export { Page, PagePromise, type Pagination } from './core/pagination.js';
export {
  type CachedAnswer,
  type CacheMode,
  type CacheStore,
  type CacheWatch,
  type LruStoreOptions,
  lruCacheStore,
} from './core/stores/cache.js';
export type {
  Admission,
  AppTokenStore,
  BudgetStore,
  Coordination,
  DailyUsage,
  LockStore,
  RecordStore,
  ViewCountStore,
  VisitorCharge,
  VisitorCountStore,
  WindowAcquireOptions,
  WindowSlot,
  WindowStore,
  WindowWaitReason,
} from './core/stores/coordination.js';
export {
  type MemoryCoordinationOptions,
  memoryAppTokenStore,
  memoryBudgetStore,
  memoryCoordination,
  memoryLockStore,
} from './core/stores/memory.js';
export type { ApiVersion } from './core/version.js';
export * from './endpoints/index.js';
export type {
  CatalogResource,
  CategoryManufacturersParams,
  CategorySkusParams,
  CategorySpecifications,
  ManufacturerCategoriesParams,
  ManufacturerSkusParams,
  SearchParams,
} from './resources/catalog.js';
export type {
  FavoriteCreateParams,
  FavoritePlacement,
  FavoritesListParams,
  FavoritesResource,
  FavoriteUpdateParams,
} from './resources/favorites.js';
export type {
  NotificationOf,
  NotificationsResource,
  WatchOptions,
} from './resources/notifications.js';
export { isNotificationOf } from './resources/notifications.js';
export type { OrderDir, PageParams } from './resources/shared.js';
export { type FirstProductShopInfo, parseFirstProductShopInfo } from './resources/shop-info.js';
export type {
  LocationFindParams,
  ShopLocationOf,
  ShopLocationParams,
  ShopLocationsParams,
  ShopReviewListOf,
  ShopReviewsMetaName,
  ShopReviewsParams,
  ShopSearchParams,
  ShopsResource,
} from './resources/shops.js';
export type {
  FlagReason,
  NewSkuReview,
  ProductLinks,
  ProductOf,
  ProductParams,
  ProductRootFields,
  Rating,
  ShopProductsParams,
  SkuProductsParams,
  SkuReviewListOf,
  SkuReviewsMetaName,
  SkuReviewsParams,
  SkuReviewsSort,
  SkuReviewVoteOf,
  SkuSpecifications,
  SkuSpecificationsParams,
  SkusResource,
  VoteParams,
} from './resources/skus.js';
export { FLAG_REASONS } from './resources/skus.js';
export type {
  AddressCreateParams,
  AddressUpdateParams,
  UserResource,
  UserUpdateParams,
} from './resources/user.js';
export * from './schemas/catalog.js';
export { type ListMeta, ListMetaSchema, type PaginationMeta, PaginationSchema } from './schemas/common.js';
export * from './schemas/favorites.js';
export * from './schemas/notifications.js';
export * from './schemas/products.js';
export * from './schemas/reviews.js';
export * from './schemas/shops.js';
export * from './schemas/sku.js';
export * from './schemas/user.js';
export type {
  FieldList,
  FieldName,
  Fieldsets,
  LinkState,
  ListedFields,
  Narrowed,
  ParamOf,
  Simplify,
  Sparse,
  WithLink,
  WithMeta,
} from './types/linked.js';
