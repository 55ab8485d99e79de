import type { ZodMiniType } from 'zod/mini';
import { ResponseValidationError, type ValidationIssue } from './errors.js';
import type { Logger } from './logger.js';

/** `strict` throws on a mismatch, `warn` logs it and returns the data, `off` skips the check. */
export type ValidationMode = 'strict' | 'warn' | 'off';

export type Schema<T> = ZodMiniType<T>;

/**
 * Checks `body` against `schema` and returns `body` itself, not the schema's output: fields the
 * schema does not know pass through untouched, and the check can use zod's fast stripping
 * object parser instead of the slower passthrough one.
 */
export function validate<T>(
  schema: Schema<T> | undefined,
  body: unknown,
  mode: ValidationMode,
  endpoint: string,
  logger: Logger,
): T {
  if (!schema || mode === 'off') return body as T;
  const result = schema.safeParse(body);
  if (result.success) return body as T;
  const issues: ValidationIssue[] = result.error.issues.map((issue) => ({
    path: issue.path.map((p) => (typeof p === 'symbol' ? String(p) : p)),
    message: issue.message,
    code: issue.code,
  }));
  const error = new ResponseValidationError(endpoint, issues, body);
  if (mode === 'strict') throw error;
  logger.warn?.(error.message);
  return body as T;
}
