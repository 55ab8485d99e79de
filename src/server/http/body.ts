import { refusal } from '../answers/response.js';
import type { RequestLimits } from '../settings.js';
/** A write's body as the handler reads it: JSON, bounded in bytes; anything else is a 4xx without an API call. */

/** The JSON body of a write (undefined when empty), bounded in bytes, or a refusal. */
export async function jsonBody(
  request: Request,
  limits: RequestLimits,
): Promise<{ body: unknown } | Response> {
  const declared = Number(request.headers.get('content-length') ?? '0');
  if (declared > limits.maxBodyBytes) return tooLarge(limits);
  if (!request.body) return { body: undefined };
  const reader = request.body.getReader();
  const chunks: Uint8Array[] = [];
  let size = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    size += value.byteLength;
    if (size > limits.maxBodyBytes) {
      await reader.cancel().catch(() => undefined);
      return tooLarge(limits);
    }
    chunks.push(value);
  }
  if (size === 0) return { body: undefined };
  const type = request.headers.get('content-type') ?? '';
  if (!/^application\/(?:[\w.+-]+\+)?json\b/i.test(type)) {
    return refusal(
      415,
      'UnsupportedMediaType',
      'A request body must be JSON (Content-Type: application/json)',
    );
  }
  const bytes = new Uint8Array(size);
  let at = 0;
  for (const chunk of chunks) {
    bytes.set(chunk, at);
    at += chunk.byteLength;
  }
  try {
    return { body: JSON.parse(new TextDecoder('utf-8', { fatal: true }).decode(bytes)) };
  } catch {
    return refusal(400, 'InvalidBody', 'The request body is not valid JSON');
  }
}

function tooLarge(limits: RequestLimits): Response {
  return refusal(413, 'BodyTooLarge', `The request body is larger than ${limits.maxBodyBytes} bytes`);
}
