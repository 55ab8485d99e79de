/**
 * The SDK's own answer check (the endpoint's schema, as `validation: 'strict'` runs it), for the
 * entries that pass the API's answers on: the handler serves nothing that fails it.
 */

import { type Schema, validate } from '../core/call/validate.js';
import type { ResponseValidationError } from '../core/errors.js';

/** No log: the caller decides what a mismatch means. */
const SILENT = {};

/** undefined when `body` passes `schema` (or there is none), else the SDK's ResponseValidationError. */
export function schemaMismatch(
  schema: Schema<unknown> | undefined,
  body: unknown,
  endpoint: string,
): ResponseValidationError | undefined {
  try {
    validate(schema, body, 'strict', endpoint, SILENT);
    return undefined;
  } catch (error) {
    return error as ResponseValidationError;
  }
}
