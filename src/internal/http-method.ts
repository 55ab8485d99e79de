/** The HTTP methods of the API: the one list the client, the endpoint table, the handler and the sandbox use. */
export const HTTP_METHODS = ['GET', 'POST', 'PUT', 'PATCH', 'DELETE'] as const;

/** One of the API's HTTP methods. */
export type HttpMethod = (typeof HTTP_METHODS)[number];
