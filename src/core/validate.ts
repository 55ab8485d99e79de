import type { Schema } from '../schemas/check.js';
import { ResponseValidationError, type ValidationIssue } from './errors.js';
import type { Logger } from './logger.js';

/** `strict` throws on a mismatch, `warn` logs it and returns the data, `off` skips the check. */
export type ValidationMode = 'strict' | 'warn' | 'off';

export type { Schema };

/**
 * Checks `body` against `schema` and returns `body` itself: fields the schema does not know pass
 * through untouched (src/schemas/check.ts checks in place and never copies).
 */
export function validate<T>(
  schema: Schema<T> | undefined,
  body: unknown,
  mode: ValidationMode,
  endpoint: string,
  logger: Logger,
): T {
  // `is` first: a matching answer (nearly all) costs no result object.
  if (!schema || mode === 'off' || schema.is(body)) return body as T;
  const result = schema.safeParse(body);
  if (result.success) return body as T;
  const issues: ValidationIssue[] = result.error.issues;
  const error = new ResponseValidationError(endpoint, issues, body);
  if (mode === 'strict') throw error;
  logger.warn?.(error.message);
  return body as T;
}
