import { errorsBody, type JsonObject } from './json.js';

/** Thrown by route handlers and request parsing; the pipeline turns it into an errors-format answer. */
export class HttpError extends Error {
  readonly status: number;
  readonly body: JsonObject;

  constructor(status: number, code: string, ...messages: string[]) {
    super(`${status} ${code}: ${messages.join('; ')}`);
    this.name = 'HttpError';
    this.status = status;
    this.body = errorsBody(code, ...messages);
  }
}

/** `Couldn't find Category with 'id'=9999`, as the recorded service words it. */
export function notFound(model: string, id: string | number): HttpError {
  return new HttpError(404, 'RecordNotFound', `Couldn't find ${model} with 'id'=${id}`);
}

export function invalidParameter(name: string, message: string): HttpError {
  return new HttpError(400, 'InvalidParameter', `${name} ${message}`);
}
