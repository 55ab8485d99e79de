import { hasControl } from '../../internal/path-text.js';
import { InvalidRequestError } from '../errors.js';

/** `.` or `..`, also percent-encoded (`%2e`, `%2E%2e`, ...). */
const DOT_SEGMENT = /^(?:\.|%2e){1,2}$/i;
/**
 * A query, fragment, backslash, encoded slash or backslash, a `%` that is no escape, or white
 * space (the URL parser drops tabs and line breaks anywhere and spaces at the end).
 */
const BAD_SEGMENT = /[?#\\{}\s]|%2f|%5c|%(?![0-9a-f]{2})/i;

/**
 * A path for `api.request`: absolute under the base path, with no query (`?`), fragment (`#`),
 * dot segment (`..`, `%2e%2e`), backslash or empty segment, so it can never leave the API's base
 * path. `{name}` placeholders take `params[name]`, each encoded as exactly one segment.
 */
export function safePath(template: unknown, params: Readonly<Record<string, unknown>> = {}): string {
  if (typeof template !== 'string' || !template.startsWith('/')) {
    throw invalid('request path must be a string and start with /');
  }
  const unused = new Set(Object.keys(params));
  const segments = template
    .slice(1)
    .split('/')
    .map((segment) => {
      const name = /^\{(\w+)\}$/.exec(segment)?.[1];
      if (name === undefined) {
        if (!segment || DOT_SEGMENT.test(segment) || BAD_SEGMENT.test(segment) || hasControl(segment)) {
          throw invalid(
            'request path must carry no query (?), #, white space, control character, empty, dot or encoded-slash segment: use query and params',
          );
        }
        return segment;
      }
      unused.delete(name);
      const value = params[name];
      const encoded =
        (typeof value === 'string' && value) || (typeof value === 'number' && Number.isFinite(value))
          ? encodeURIComponent(value)
          : '';
      if (!encoded || DOT_SEGMENT.test(encoded)) {
        throw invalid(`request param ${name} must be a string or number, not empty, . or ..`, name);
      }
      return encoded;
    });
  if (unused.size > 0) throw invalid('request params has a name the path does not use', 'params');
  return `/${segments.join('/')}`;
}

function invalid(message: string, param = 'path'): InvalidRequestError {
  return new InvalidRequestError(message, 'InvalidParam', param);
}
