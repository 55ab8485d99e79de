/** The scopes a user can grant (spec, Permissions). An application token only gets `public`. */
export const USER_SCOPES: readonly string[] = [
  'public',
  'favorites',
  'notifications',
  'publish_sku_review_actions',
];

/** A `scope` value: space-separated (a form-encoded `+` arrives as a space already). */
export function splitScopes(scope: string): string[] {
  return [...new Set(scope.split(/\s+/).filter((s) => s !== ''))];
}

export function unknownScopes(scopes: readonly string[]): string[] {
  return scopes.filter((scope) => !USER_SCOPES.includes(scope));
}
