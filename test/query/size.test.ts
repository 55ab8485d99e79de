import { beforeAll, describe, expect, it } from 'vitest';
import { bundle, ENTRIES, installPacked, QUERY_ADDS_BUDGET } from '../../scripts/size.mjs';

describe('price-catalog/query in a browser bundle (packed package, as scripts/size.mjs measures it)', () => {
  let installed = '';
  beforeAll(() => {
    installed = installPacked().dir;
  }, 180_000);

  it('adds at most 2 KB min+gz to the whole client, and no TanStack code (its types only)', async () => {
    const whole = await bundle(ENTRIES.whole, installed);
    const withQuery = await bundle(ENTRIES.withQuery, installed);
    expect(withQuery.text).toContain('price-catalog');
    expect(withQuery.text).toContain('filterGroups');
    expect(withQuery.text).not.toContain('@tanstack');
    expect(withQuery.gzipped - whole.gzipped).toBeGreaterThan(0);
    expect(withQuery.gzipped - whole.gzipped).toBeLessThanOrEqual(QUERY_ADDS_BUDGET);
  });
});
