import type { Rng } from './random.js';

/** Increasing ids with random gaps, like a real table that has seen deletions. */
export function idSequence(rng: Rng, start: number, maxGap: number): () => number {
  let next = start;
  return () => {
    const id = next;
    next += rng.int(1, maxGap);
    return id;
  };
}
