export { type CatalogClient, type ClientOptions, createClient, type RawRequest } from './client.js';
export type { ApiResponse } from './core/api-promise.js';
export { APIPromise } from './core/api-promise.js';
export type { TokenInput } from './core/auth.js';
export type { DailyUsage } from './core/budget.js';
export {
  type CachedAnswer,
  type CacheMode,
  type CacheStore,
  type LruStoreOptions,
  lruCacheStore,
} from './core/cache.js';
export {
  AbortError,
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
  RedirectError,
  ResponseValidationError,
  TimeoutError,
  TokenError,
  UnprocessableEntityError,
  type ValidationIssue,
} from './core/errors.js';
export type { RateLimitInfo } from './core/headers.js';
export type { HttpMethod, RequestOptions } from './core/http.js';
export type { Logger } from './core/logger.js';
export { Page, PagePromise, type Pagination } from './core/pagination.js';
export type { Fieldset, QueryParams, QueryValue } from './core/query.js';
export type { OnRateLimit, RateLimitEvent } from './core/rate-limit.js';
export type { ValidationMode } from './core/validate.js';
export type { ApiVersion } from './core/version.js';
export type * from './resources/catalog.js';
export type { OrderDir, PageParams } from './resources/shared.js';
export type * from './schemas/catalog.js';
export type * from './schemas/common.js';
export type { Sku } from './schemas/sku.js';
