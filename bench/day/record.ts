/** One API request the sandbox answered (status 0: no answer). */
export interface CallEntry {
  /** Ms after 00:00 of the simulated day. */
  t: number;
  resource: string;
  status: number;
}

/** One resource of one page view: the age of the data shown, or the error shown instead. */
export interface ViewEntry {
  /** Ms after 00:00 when the user opened the page. */
  t: number;
  /** Ms the page took to show. */
  wait: number;
  user: number;
  /** The view's index in the trace (a SKU page has two resources). */
  view: number;
  resource: string;
  /** Ms between the data's fetch from the API and its showing; null with an error. */
  age: number | null;
  error: string | null;
}

/** One view of a signed-in user's own page (sign-in, favorites, notifications) or one own write. */
export interface OwnEntry {
  /** Ms after 00:00. */
  t: number;
  user: number;
  page: string;
  /** For a write: whether the user's next view showed it. */
  seen?: boolean;
  error: string | null;
}

/** Everything one run of the day observed. */
export class DayRecord {
  readonly calls: CallEntry[] = [];
  readonly views: ViewEntry[] = [];
  /** Page views: shown whole, shown with an error, still pending at the end. */
  answered = 0;
  errors = 0;
  pending = 0;
  /** Most calls the sandbox had counted against the day's budget. */
  counted = 0;
  /** Ms after 00:00 when the counted calls reached the budget. */
  budgetOutAt: number | undefined;
  /** Ms after 00:00 when a call went over the budget and the sandbox locked the application out. */
  lockoutAt: number | undefined;
  lockouts = 0;
  readonly ownViews: OwnEntry[] = [];
  /** Signed-in users' views of their own pages (favorites, notifications) and their writes. */
  readonly own = { views: 0, answered: 0, errors: 0, writes: 0, seen: 0 };
  /** The scraper's requests, and how many got each status. */
  readonly scraper = { requests: 0, statuses: new Map<number, number>() };
}
