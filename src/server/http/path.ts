/**
 * The path under the mount path, as segments: checked before anything else (the query:
 * routing/query-params.ts), a 400 answered without an API call.
 */
import { PLAIN_SEGMENT } from '../../internal/path-text.js';
import { refusal } from '../answers/response.js';

/**
 * The segments of the path under the mount path, or a refusal. The URL is checked as the browser
 * sent it (a URL parser already resolved `..`; the raw text also gets checked by the Node
 * adapter), so an escape (`%2f`, `%2e`, `%00`), a dot segment or an empty segment is a 400.
 */
export function pathSegments(url: { pathname: string }, mount: string): string[] | Response | undefined {
  const path = url.pathname;
  if (path !== mount && !path.startsWith(`${mount}/`)) return undefined;
  const rest = path.slice(mount.length);
  const segments = rest.split('/').slice(1);
  if (segments.length === 0) return undefined;
  if (segments.some((s) => !PLAIN_SEGMENT.test(s))) {
    return refusal(400, 'InvalidPath', 'The path may hold only plain segments: letters, digits, _ and -');
  }
  return segments;
}
