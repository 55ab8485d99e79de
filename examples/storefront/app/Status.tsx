import { ApiError, ConnectionError, DailyLimitError, NotFoundError, TimeoutError } from 'price-catalog';
import { useEffect, useMemo, useRef, useState } from 'react';
import { formatTime, formatWait } from './format.js';
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
 * When the backend says to come back: the handler's 429 (a visitor's share of the day spent) and
 * 503 (a page not fetched yet, the coordination down) carry `Retry-After` in seconds; a spent
 * day of the application arrives as DailyLimitError with its `resetsAt`.
 */
function comeBackAt(error: unknown, now: number): Date | undefined {
  if (error instanceof DailyLimitError) return error.resetsAt;
  if (!(error instanceof ApiError) || (error.status !== 429 && error.status !== 503)) return undefined;
  const header = error.headers.get('retry-after');
  if (header === null) return undefined;
  const seconds = Number(header);
  const at = Number.isFinite(seconds) ? now + seconds * 1000 : Date.parse(header);
  return Number.isNaN(at) ? undefined : new Date(at);
}

/** Why the page has to wait, in the shopper's words, by what the handler said. */
function waitReason(error: unknown): string {
  if (error instanceof DailyLimitError) return 'The shop has looked up all the prices it can for today.';
  const code = error instanceof ApiError ? error.code : undefined;
  if (code === 'VisitorShareSpent')
    return 'You’ve opened a lot of new pages today, so this one has to wait. Pages you’ve seen still show.';
  if (code === 'NotFetchedYet')
    return 'This page isn’t ready yet: the shop is keeping up its most visited pages first.';
  return 'The shop can’t fetch prices right now.';
}

/** The time to wait for, ticking: null once it has come. */
function useUntil(at: Date | undefined): number | null {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    if (!at || at.getTime() <= now) return;
    const timer = setTimeout(() => setNow(Date.now()), Math.min(30_000, at.getTime() - now));
    return () => clearTimeout(timer);
  }, [at, now]);
  return at && at.getTime() > now ? at.getTime() - now : null;
}

/**
 * An error as a shopper can act on it: what happened in their words, never the request's address
 * or a status code (those are for the developer's console); a retry where one can help, and when
 * the backend says when, that time instead of a button that would fail again.
 */
export function Failed(props: { error: unknown; retry?: () => void; what?: string }) {
  const error = props.error;
  // Read when the error comes (each new error its own time), not on every render.
  const at = useMemo(() => comeBackAt(error, Date.now()), [error]);
  const left = useUntil(at);
  // The time has come: the page tries again by itself, once for this error.
  const { retry } = props;
  const tried = useRef<unknown>(undefined);
  useEffect(() => {
    if (!at || left !== null || tried.current === error) return;
    tried.current = error;
    retry?.();
  }, [at, left, retry, error]);
  if (error instanceof NotFoundError) return <NotFound what={props.what ?? 'that page'} />;
  if (at)
    return (
      <div className="status failed waiting" role="alert" data-testid="failed">
        <p>{waitReason(error)}</p>
        <p data-testid="come-back">
          {left === null ? (
            'Trying again…'
          ) : (
            <>
              Please come back at <strong>{formatTime(at)}</strong> (in {formatWait(left)}).
            </>
          )}
        </p>
      </div>
    );
  const message =
    error instanceof ConnectionError || error instanceof TimeoutError
      ? 'The catalog could not be reached. Check your connection and try again.'
      : error instanceof ApiError && error.status < 500
        ? 'The catalog could not answer this request.'
        : 'Something went wrong on our side. Please try again in a moment.';
  return (
    <div className="status failed" role="alert" data-testid="failed">
      <p>{message}</p>
      {retry && (
        <button type="button" onClick={retry}>
          Try again
        </button>
      )}
    </div>
  );
}
