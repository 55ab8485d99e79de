/** Sandboxes' HTTP servers and msw servers a docs example started: closed after the example. */
export const cleanups: (() => unknown)[] = [];
