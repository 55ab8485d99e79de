import { ApiError, ConnectionError, NotFoundError, TimeoutError } from 'price-catalog';
import { Link } from './Link.js';

export function Loading(props: { what: string }) {
  return (
    <p className="status" aria-busy="true">
      Loading {props.what}…
    </p>
  );
}

/** A page or record that is not there: said plainly, with a way on; no address, code or retry. */
export function NotFound(props: { what: string }) {
  return (
    <div className="status not-found" role="alert" data-testid="not-found">
      <h1>We couldn’t find {props.what}</h1>
      <p>It may have been removed, or the link may be mistyped.</p>
      <p>
        <Link to="/">Browse the categories</Link> or search for it above.
      </p>
    </div>
  );
}

/**
 * An error as a shopper can act on it: what happened in their words, never the request's address
 * or a status code (those are for the developer's console); a retry where one can help.
 */
export function Failed(props: { error: unknown; retry?: () => void; what?: string }) {
  const error = props.error;
  if (error instanceof NotFoundError) return <NotFound what={props.what ?? 'that page'} />;
  const message =
    error instanceof ConnectionError || error instanceof TimeoutError
      ? 'The catalog could not be reached. Check your connection and try again.'
      : error instanceof ApiError && error.status < 500
        ? 'The catalog could not answer this request.'
        : 'Something went wrong on our side. Please try again in a moment.';
  return (
    <div className="status failed" role="alert" data-testid="failed">
      <p>{message}</p>
      {props.retry && (
        <button type="button" onClick={props.retry}>
          Try again
        </button>
      )}
    </div>
  );
}
