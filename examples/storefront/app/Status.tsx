import { PriceCatalogError } from 'price-catalog';

export function Loading(props: { what: string }) {
  return (
    <p className="status" aria-busy="true">
      Loading {props.what}…
    </p>
  );
}

/** An error as a shopper can act on it; the SDK's typed errors carry a readable message. */
export function Failed(props: { error: unknown; retry?: () => void }) {
  const error = props.error;
  const message =
    error instanceof PriceCatalogError
      ? error.message
      : error instanceof Error
        ? error.message
        : 'Something went wrong.';
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
