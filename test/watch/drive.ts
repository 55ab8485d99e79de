import { vi } from 'vitest';
import type { PriceWatch, WatchStep } from '../../src/watch/index.js';

/**
 * Steps watches on the fake clock until `end` (epoch ms): each step that says wait moves the clock
 * to the earliest time one of them asked for. Returns every step that made a call, in order.
 */
export async function runUntil(watches: readonly PriceWatch[], end: number): Promise<WatchStep[]> {
  const made: WatchStep[] = [];
  for (;;) {
    let until = Number.POSITIVE_INFINITY;
    const steps = await Promise.all(watches.map((watch) => watch.step()));
    for (const step of steps) {
      if (step.kind === 'wait') until = Math.min(until, step.until.getTime());
      else if (step.kind === 'failed') throw step.error;
      else made.push(step);
    }
    if (steps.every((step) => step.kind === 'wait')) {
      if (until >= end) return made;
      vi.setSystemTime(until);
    }
  }
}
