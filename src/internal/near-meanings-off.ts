/** src/internal/near-meanings.ts for browser bundles (package.json `browser`): no table there. */
export const byMeaning = (_: string, __: readonly string[]): string | undefined => undefined;
