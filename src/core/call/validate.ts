import * as z from 'zod/mini';
import { ResponseValidationError, type ValidationIssue } from '../errors.js';
import type { Logger } from '../observe/logger.js';

/** `strict` throws on a mismatch, `warn` logs it and returns the data, `off` skips the check. */
export type ValidationMode = 'strict' | 'warn' | 'off';

/** A zod schema of an answer (zod/mini or classic: both share zod's core). */
export type Schema<T = unknown> = z.core.$ZodType<T>;

/** What came, in the words of the message: `null`, `array` or the `typeof`. */
function received(input: unknown): string {
  return input === null ? 'null' : Array.isArray(input) ? 'array' : typeof input;
}

/**
 * The messages of the SDK's own checks, given per call (zod/mini loads no locale): a user's
 * schemas and their own `parse` calls keep zod's messages or theirs.
 */
const messages: z.core.$ZodErrorMap = (issue) => {
  switch (issue.code) {
    case 'invalid_type':
      return `expected ${issue.expected}, received ${received(issue.input)}`;
    case 'invalid_value':
      return `expected one of ${issue.values.map((value) => JSON.stringify(value)).join(', ')}, received ${JSON.stringify(issue.input)}`;
    case 'invalid_union':
      return 'matched none of the allowed shapes';
    default:
      return undefined;
  }
};

/** The depth of the deepest first issue of a union option: how far that option got. */
const reach = (issues: readonly z.core.$ZodIssue[]): number => issues[0]?.path.length ?? 0;

/**
 * zod's issues as the SDK reports them: each with its full path; a union that matched no option
 * reports itself, then the issues of the option that got furthest (the variant the answer meant).
 */
function flatten(issues: readonly z.core.$ZodIssue[], out: ValidationIssue[], at: PropertyKey[] = []): void {
  for (const issue of issues) {
    const path = [...at, ...issue.path].map((key) => (typeof key === 'symbol' ? String(key) : key));
    out.push({ path, code: issue.code, message: issue.message });
    if (issue.code === 'invalid_union' && issue.errors.length > 0) {
      const best = issue.errors.reduce((a, b) => (reach(b) > reach(a) ? b : a));
      flatten(best, out, path);
    }
  }
}

/**
 * Checks `body` against `schema` and returns `body` itself, as sent: fields the schema does not
 * know pass through untouched (zod's output, a copy without them, is not used).
 */
export function validate<T>(
  schema: Schema<T> | undefined,
  body: unknown,
  mode: ValidationMode,
  endpoint: string,
  logger: Logger,
): T {
  if (!schema || mode === 'off') return body as T;
  const result = z.safeParse(schema, body, { error: messages });
  if (result.success) return body as T;
  const issues: ValidationIssue[] = [];
  flatten(result.error.issues, issues);
  const error = new ResponseValidationError(endpoint, issues, body);
  if (mode === 'strict') throw error;
  logger.warn?.(error.message);
  return body as T;
}
