/** src/internal/near-meanings.ts for browser bundles (package.json `browser`): spelling alone. */
export { closestSpelling as closestName } from './near-names.js';
