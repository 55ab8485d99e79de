/** What a write makes stale, by the endpoint table (the query entry invalidates by it). */
export { staleReads } from '../endpoints/stale.js';
