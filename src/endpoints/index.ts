export { type EndpointMatch, matchEndpoint, queryNamesOf } from './match.js';
export { fillPath, pathMatches, pathParams } from './paths.js';
export type {
  ArgSlot,
  EndpointCall,
  EndpointDetails,
  EndpointRow,
  EndpointScope,
  HttpVerb,
  PaginationKind,
  PathParam,
  PathParamKind,
  QueryKind,
  QueryParam,
  StaleRead,
} from './row.js';
export { type StaleTarget, stalePaths, staleReads } from './stale.js';
export { staleAfterWrite } from './stale-after-write.js';
export { ENDPOINT_ROWS, ENDPOINTS, type EndpointName, type Endpoints } from './table.js';
