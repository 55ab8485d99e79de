/**
 * src/core/observe/diagnostics.ts for browser bundles (package.json `browser` maps one to the other): a
 * browser has no diagnostics_channel, so nothing is published and the publishing code is not
 * shipped. The same exports, each doing nothing but run what it is given.
 */
import type { ApiResponse } from '../api-promise.js';
import type { CallEvent } from './diagnostics.js';

export { DIAGNOSTICS_CHANNELS } from './diagnostics-names.js';

export const callEvent = (): CallEvent | undefined => undefined;
export const noteCall = (): void => undefined;
export const traceCall = <R extends ApiResponse<unknown>>(_: unknown, run: () => Promise<R>): Promise<R> =>
  run();
export const traceAttempt = <R>(_: unknown, send: () => Promise<R>): Promise<R> => send();
export const traceAdmission = <R>(_: unknown, admit: () => Promise<R>): Promise<R> => admit();
export const traceToken = <R>(_: unknown, __: unknown, request: () => Promise<R>): Promise<R> => request();
