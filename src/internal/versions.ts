/** The API versions a request may name (`Accept: ...; version=`): the client's `apiVersion` values without a patch part. */
export const API_VERSIONS: ReadonlySet<string> = new Set(['3', '3.0', '3.1', '3.2']);
