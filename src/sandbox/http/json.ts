/** What a route may put in a JSON body; `undefined` members are dropped by JSON.stringify. */
export type JsonValue = string | number | boolean | null | JsonValue[] | JsonObject;
export type JsonObject = { [key: string]: JsonValue | undefined };

export const JSON_CONTENT_TYPE = 'application/json; charset=utf-8';

export function jsonResponse(status: number, body: unknown, headers?: HeadersInit): Response {
  const out = new Headers(headers);
  out.set('Content-Type', JSON_CONTENT_TYPE);
  return new Response(JSON.stringify(body), { status, headers: out });
}

/** The normalized error format of API v3: `{errors: [{code, messages}]}`. */
export function errorsBody(code: string, ...messages: string[]): JsonObject {
  return { errors: [{ code, messages }] };
}
