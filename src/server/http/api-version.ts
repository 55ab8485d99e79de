import type { ApiVersion } from '../../index.js';
import { API_VERSIONS } from '../../internal/versions.js';
import type { HeaderReader } from './target.js';

/** The API version the browser's Accept header asks for, when it names one the API has. */
export function requestedVersion(request: { headers: HeaderReader }): ApiVersion | undefined {
  const accept = request.headers.get('accept') ?? '';
  const version = /version=([0-9.]+)/.exec(accept)?.[1];
  return version !== undefined && API_VERSIONS.has(version) ? (version as ApiVersion) : undefined;
}
