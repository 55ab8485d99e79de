/**
 * What a failed fetch says of the network, read from its `cause` (Node's fetch gives the system
 * error there: `code`, `address`, `port`, `hostname`), so that a refused port and an unknown host
 * read differently: `connection refused by 127.0.0.1:8080 (ECONNREFUSED)`, `host
 * api.example.invalid not found (ENOTFOUND)`. Undefined where nothing is told (browsers say only
 * "Failed to fetch"). Only these fields are read; a cause's message is never shown, only compared
 * with fetch's own fixed words (below).
 */
export function networkFailure(error: unknown): string | undefined {
  const cause = (error as { cause?: SystemError } | undefined)?.cause;
  const refused = refusal(cause);
  if (refused) return refused;
  const code = cause?.code;
  if (typeof code !== 'string') return undefined;
  // Node tries each address of a host in turn: an AggregateError has them in `errors`.
  const at = cause?.address ? cause : (cause?.errors?.[0] ?? {});
  const where = at.address ? `${at.address}${at.port ? `:${at.port}` : ''}` : cause?.hostname;
  if (code === 'ECONNREFUSED') return `connection refused by ${where} (${code})`;
  if (code === 'ENOTFOUND' || code === 'EAI_AGAIN') return `host ${cause?.hostname} not found (${code})`;
  return `${where ?? 'the server'} could not be reached (${code})`;
}

/**
 * What fetch itself refuses before any connection, by the words of its error (undici's, in Node
 * 20 to 24; fixed text, nothing of the request's): a port browsers and Node block (`:1`, `:6000`),
 * a scheme fetch does not take. The message around it shows the URL.
 */
function refusal(cause: SystemError | undefined): string | undefined {
  const words = cause?.message;
  if (words === 'bad port')
    return 'fetch refuses this port, one browsers and Node block (bad port): use another port';
  if (words === 'unknown scheme' || words === 'not implemented... yet...')
    return `fetch does not take this URL's scheme (${words}): use http: or https:`;
  return undefined;
}

/** Node's code under fetch's error when no connection was made: the request reached no server. */
const NOT_CONNECTED = /^(ECONNREFUSED|ENOTFOUND|EAI_AGAIN)$/;

/** Whether a failed fetch (the error the transport threw) never reached a server: its call is refunded. */
export function neverConnected(error: unknown): boolean {
  const cause = (error as { cause?: { cause?: SystemError } }).cause?.cause;
  const code = cause?.code;
  return (typeof code === 'string' && NOT_CONNECTED.test(code)) || refusal(cause) !== undefined;
}

interface SystemError {
  code?: unknown;
  message?: unknown;
  address?: string;
  port?: number;
  hostname?: string;
  errors?: SystemError[];
}
