/**
 * The API's answers are data, never markup: what the handler takes of them. A success is served
 * only when it came from the API's own origin, labelled JSON (or unlabelled), parsed as JSON and
 * passed the endpoint's schema (the SDK's own check); a refusal (4xx) is re-made from the
 * documented error fields only. Nothing else of the API's answer (bytes, headers, hosts, paths,
 * traces) reaches a browser.
 */
import type { EndpointRow, Logger, ValidationMode } from '../../index.js';
import { hasControl } from '../../internal/path-text.js';
import { schemaMismatch } from '../../internal/validate.js';

export type AnswerSchema = EndpointRow['schema'];

/** JSON media types (`application/json`, `application/vnd.x+json`); the API sends no other. */
const JSON_MEDIA = /^application\/(?:[\w.-]+\+)?json\s*(?:;|$)/i;

/**
 * Why a success answer of the API cannot be served, or undefined when it can. `body` is what the
 * SDK read: the parsed JSON, or the text itself when it did not parse (an HTML page, a cut body).
 */
export function invalidAnswer(
  response: Response,
  body: unknown,
  schema: AnswerSchema,
  context: { apiBase: string; validation: ValidationMode; logger?: Logger | undefined },
  endpoint: string,
): string | undefined {
  // The SDK follows a redirect to another host without credentials; its answer is not the API's.
  if (response.url && originOf(response.url) !== originOf(context.apiBase)) {
    return 'the answer came from another host';
  }
  const type = response.headers.get('content-type');
  if (type !== null && !JSON_MEDIA.test(type)) return 'the answer is not labelled JSON';
  if (typeof body !== 'object' || body === null) return 'the answer is not a JSON object';
  // The handler's `validation`: `warn` logs a mismatch and serves, `off` skips the schema (never the rest).
  if (context.validation === 'off') return undefined;
  const mismatch = schemaMismatch(schema, body, endpoint);
  if (!mismatch) return undefined;
  if (context.validation === 'strict') return "the answer does not match the endpoint's schema";
  context.logger?.warn?.(mismatch.message);
  return undefined;
}

/** The API's error format, `{errors: [{code, messages}]}`: every refusal of the handler's says it so. */
export function errorBody(code: string, message: string): { errors: [{ code: string; messages: [string] }] } {
  return { errors: [{ code, messages: [message] }] };
}

/** At most this many errors, messages per error, and characters per message are passed on. */
const MAX_ERRORS = 5;
const MAX_MESSAGES = 5;
const MAX_MESSAGE = 300;
const CODE = /^[A-Za-z][A-Za-z0-9_]{0,63}$/;
/** What a message must not hold: a line break, a file path with a line number, a URL, a stack frame. */
const LEAKY = /https?:\/\/|(?:^|[\s(])(?:\/[\w.@-]+){2,}|[A-Za-z]:\\|\.\w{1,5}:\d+|\bat\s+\S+\s*\(|<[a-z!/]/i;

/**
 * The API's refusal as the handler passes it on: `{errors: [{code, messages}]}` re-made from the
 * documented fields when the body has that shape and nothing in it looks like a trace, a path or
 * a host; otherwise a generic error for the status.
 */
export function refusalBody(
  status: number,
  body: unknown,
): { errors: { code: string; messages: string[] }[] } {
  const errors = documentedErrors(body);
  if (errors) return { errors };
  return {
    errors: [
      {
        code: status === 404 ? 'NotFound' : status === 422 ? 'Unprocessable' : 'ApiError',
        messages: [`The catalog API refused the request (status ${status})`],
      },
    ],
  };
}

function documentedErrors(body: unknown): { code: string; messages: string[] }[] | undefined {
  if (typeof body !== 'object' || body === null || Array.isArray(body)) return undefined;
  const list = (body as { errors?: unknown }).errors;
  if (!Array.isArray(list) || list.length === 0 || list.length > MAX_ERRORS) return undefined;
  const out: { code: string; messages: string[] }[] = [];
  for (const entry of list) {
    if (typeof entry !== 'object' || entry === null) return undefined;
    const { code, messages } = entry as { code?: unknown; messages?: unknown };
    if (typeof code !== 'string' || !CODE.test(code)) return undefined;
    if (!Array.isArray(messages) || messages.length > MAX_MESSAGES) return undefined;
    for (const message of messages) {
      if (
        typeof message !== 'string' ||
        message.length > MAX_MESSAGE ||
        hasControl(message) ||
        LEAKY.test(message)
      )
        return undefined;
    }
    out.push({ code, messages: [...(messages as string[])] });
  }
  return out;
}

function originOf(url: string): string | undefined {
  try {
    return new URL(url).origin;
  } catch {
    return undefined;
  }
}
