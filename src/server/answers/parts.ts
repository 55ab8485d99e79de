/**
 * An answer the handler builds from parts (a kept answer's status, headers and bytes): the
 * Fetch-API handler makes a Response of it, the node adapter writes the same parts to the socket
 * without one. Both come from the same parts, so both send the same bytes and headers.
 */

export interface Prepared {
  readonly status: number;
  /** Lowercase names, each once. */
  readonly headers: readonly (readonly [string, string])[];
  /** null: no body (a 304, a HEAD). */
  readonly body: Uint8Array | null;
}

/** What the front door gives back: a Response, or the parts of one. */
export type Answer = Response | Prepared;

/** At once when nothing waits (a kept answer from an in-memory store), else a promise: no turn of the event loop for a hit. */
export type Maybe<T> = T | Promise<T>;

export function isThenable<T>(value: T | PromiseLike<T>): value is PromiseLike<T> {
  return typeof (value as PromiseLike<T> | undefined)?.then === 'function';
}

export function toResponse(answer: Answer): Response {
  if (answer instanceof Response) return answer;
  return new Response(answer.body as BodyInit | null, {
    status: answer.status,
    headers: answer.headers as [string, string][],
  });
}

/** The answer to a HEAD: the GET's status and headers, no body. */
export async function withoutBody(answer: Maybe<Answer>): Promise<Answer> {
  const got = await answer;
  if (!(got instanceof Response)) return { ...got, body: null };
  await got.body?.cancel();
  return new Response(null, { status: got.status, headers: got.headers });
}
