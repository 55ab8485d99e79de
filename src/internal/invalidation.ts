/** Which cached reads a write makes stale, as the SDK's own cache drops them (for the query entry). */
export { staleAfterWrite } from '../resources/shared.js';
