/**
 * src/resources/takes-an-object.ts for browser bundles (package.json `browser`): no table to show
 * the call from; a query that is not an object is refused by the core (query-string.ts) instead.
 */
export const objectsOnly = (): void => {};
