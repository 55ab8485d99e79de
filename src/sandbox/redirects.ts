import type { RedirectRule } from './types.js';

interface ActiveRule {
  rule: RedirectRule;
  path: string;
  params: [string, string][];
  left: number;
}

/** Redirect rules added by tests; `from` matches the path, and the query params it names if any. */
export class RedirectTable {
  private rules: ActiveRule[] = [];

  add(rule: RedirectRule): void {
    const from = new URL(rule.from, 'http://sandbox.invalid');
    this.rules.push({
      rule,
      path: from.pathname,
      params: [...from.searchParams],
      left: rule.times ?? Number.POSITIVE_INFINITY,
    });
  }

  /** The rule for this request, if one applies; it is used up by one. */
  take(url: URL): RedirectRule | null {
    const active = this.rules.find(
      (r) =>
        r.left > 0 &&
        r.path === url.pathname &&
        r.params.every(([k, v]) => url.searchParams.getAll(k).includes(v)),
    );
    if (!active) return null;
    active.left -= 1;
    return active.rule;
  }

  clear(): void {
    this.rules = [];
  }
}
