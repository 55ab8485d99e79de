/** Form body (the standard), JSON body, or query string; the body wins. */
export async function readParams(request: Request, url: URL): Promise<URLSearchParams> {
  const params = new URLSearchParams(url.search);
  const text = await request.text();
  if (text.trim() === '') return params;
  const type = request.headers.get('content-type') ?? '';
  let body: URLSearchParams;
  if (type.includes('json') || text.trim().startsWith('{')) {
    body = new URLSearchParams();
    try {
      const parsed: unknown = JSON.parse(text);
      if (typeof parsed === 'object' && parsed !== null) {
        for (const [key, value] of Object.entries(parsed)) {
          if (typeof value === 'string' || typeof value === 'number' || typeof value === 'boolean')
            body.set(key, String(value));
        }
      }
    } catch {
      return params;
    }
  } else {
    body = new URLSearchParams(text);
  }
  for (const [key, value] of body) params.set(key, value);
  return params;
}
