export {
  compileEndpoints,
  type EndpointMatch,
  type EndpointTable,
  matchEndpoint,
  queryNamesOf,
} from './match.js';
export { METHODS, type MethodName, type Methods } from './methods.js';
export { fillPath, pathMatches, pathParams } from './paths.js';
export type {
  EndpointCall,
  EndpointDetails,
  EndpointRow,
  EndpointScope,
  PaginationKind,
  PathParam,
  PathParamKind,
  QueryKind,
  QueryParam,
  StaleRead,
  ValuesOf,
} from './row.js';
export { type StaleTarget, stalePaths, staleReads } from './stale.js';
export { ENDPOINT_ROWS, ENDPOINTS, type EndpointName, type Endpoints } from './table.js';
