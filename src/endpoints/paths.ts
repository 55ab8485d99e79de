import { PLAIN_SEGMENT } from '../internal/path-text.js';
import type { EndpointCall } from './row.js';

/** A path's segments, empty ones left out. */
export function segmentsOf(path: string): string[] {
  return path.split('/').filter((segment) => segment !== '');
}

/**
 * The row's path with `values` put in for its parameters; a parameter without a value stays
 * `:name`, which as a pattern (`pathMatches`) stands for any segment.
 */
export function fillPath(row: EndpointCall, values: Readonly<Record<string, string | undefined>>): string {
  return row.path.replace(/:([a-z_]+)/g, (whole, name: string) => values[name] ?? whole);
}

/** The path parameters of `pathname` read against the row's template, or undefined when it does not fit. */
export function pathParams(row: EndpointCall, pathname: string): Record<string, string> | undefined {
  const expected = segmentsOf(row.path);
  const actual = segmentsOf(pathname);
  if (expected.length !== actual.length) return undefined;
  const params: Record<string, string> = {};
  for (let i = 0; i < expected.length; i++) {
    const want = expected[i] as string;
    const got = actual[i] as string;
    if (want.startsWith(':')) {
      if (!PLAIN_SEGMENT.test(got)) return undefined;
      params[want.slice(1)] = got;
    } else if (want !== got) return undefined;
  }
  return params;
}

/** Whether `pathname` is one `pattern` names: equal segments, `:name` matching any one segment. */
export function pathMatches(pattern: string, pathname: string): boolean {
  const expected = segmentsOf(pattern);
  const actual = segmentsOf(pathname);
  return (
    expected.length === actual.length &&
    expected.every((want, i) => want.startsWith(':') || want === actual[i])
  );
}
