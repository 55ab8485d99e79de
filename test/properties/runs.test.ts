import { describe, expect, it } from 'vitest';
import { PLANNED_RUNS } from './harness.js';

describe('property tests', () => {
  it('run at least 10,000 cases in all', () => {
    const total = Object.values(PLANNED_RUNS).reduce((sum, n) => sum + n, 0);
    process.stdout.write(`property cases in all: ${total} (${JSON.stringify(PLANNED_RUNS)})\n`);
    expect(total).toBeGreaterThanOrEqual(10_000);
  });
});
