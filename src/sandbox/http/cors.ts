export const EXPOSED_HEADERS = [
  'ETag',
  'Link',
  'Location',
  'Cache-Control',
  'X-RateLimit-Limit',
  'X-RateLimit-Remaining',
  'X-RateLimit-Reset',
  'X-Sandbox-Version',
];

/** Browser apps call the API cross-origin, so every answer allows any origin. */
export function withCors(response: Response): Response {
  if (response.type === 'error') return response;
  response.headers.set('Access-Control-Allow-Origin', '*');
  response.headers.set('Access-Control-Expose-Headers', EXPOSED_HEADERS.join(', '));
  return response;
}

export function preflightResponse(): Response {
  return new Response(null, {
    status: 204,
    headers: {
      'Access-Control-Allow-Methods': 'GET, POST, PUT, PATCH, DELETE, OPTIONS',
      'Access-Control-Allow-Headers': 'Authorization, Accept, Content-Type, If-None-Match',
      'Access-Control-Max-Age': '600',
    },
  });
}
