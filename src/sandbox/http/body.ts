import { HttpError } from './http-error.js';

/** `{review: {rating: 4, answer_ids: [1, 2]}}` → `review[rating]=4`, `review[answer_ids][]=1`, … */
function flatten(value: unknown, key: string, out: URLSearchParams): void {
  if (value === null || value === undefined) {
    out.append(key, '');
  } else if (Array.isArray(value)) {
    // An empty array still says "set to none": kept as one empty value, as a form would send it.
    if (value.length === 0) out.append(`${key}[]`, '');
    for (const item of value) flatten(item, `${key}[]`, out);
  } else if (typeof value === 'object') {
    for (const [name, child] of Object.entries(value))
      flatten(child, key === '' ? name : `${key}[${name}]`, out);
  } else {
    out.append(key, String(value));
  }
}

async function bodyParams(request: Request): Promise<URLSearchParams> {
  const text = await request.text();
  if (text.trim() === '') return new URLSearchParams();
  const type = request.headers.get('content-type') ?? '';
  if (!type.includes('json') && !text.trim().startsWith('{')) return new URLSearchParams(text);
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch {
    throw new HttpError(400, 'InvalidRequest', 'The request body is not valid JSON');
  }
  if (typeof parsed !== 'object' || parsed === null || Array.isArray(parsed))
    throw new HttpError(400, 'InvalidRequest', 'The request body must be a JSON object');
  const out = new URLSearchParams();
  flatten(parsed, '', out);
  return out;
}

/**
 * The params of a write, the way Rails merges them: the query string, then the body (JSON or
 * form-encoded) over it. Nested JSON becomes bracketed names, so `vote[helpful]=true` in the query
 * and `{"vote": {"helpful": true}}` in the body read alike.
 */
export async function requestParams(request: Request, url: URL): Promise<URLSearchParams> {
  const params = new URLSearchParams(url.search);
  const body = await bodyParams(request);
  for (const key of new Set(body.keys())) {
    params.delete(key);
    for (const value of body.getAll(key)) params.append(key, value);
  }
  return params;
}

/**
 * A write's field, sent under its resource (`user[sex]`, `{"user": {"sex": …}}`) or on its own
 * (`sex`); null when neither. Clients do both, so the sandbox reads both, the nested one first.
 */
export function rootedParam(params: URLSearchParams, root: string, name: string): string | null {
  return params.get(`${root}[${name}]`) ?? params.get(name);
}
