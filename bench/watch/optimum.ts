/**
 * O, the least mean delay of any schedule spending `budget` calls a day, knowing the catalog (which
 * page holds which SKU, the weights, that every watched SKU is as likely to move) but not the moves.
 *
 * A page fetched n times a day leaves gaps g summing to the day D; a move at a uniform time waits
 * the rest of its gap, Σg²/2D on average, at least D/2n (Cauchy-Schwarz, equal gaps). A SKU call
 * sees one SKU for the price of its page, which sees it too, so pages are enough. The mean delay,
 * weighted as the bench weighs it (by watchers), is then Σ_j Q_j·D/(2·n_j) / ΣQ with Q_j the weight
 * on page j: separable and convex in the integers n_j, so giving each call in turn to the page whose
 * delay it cuts most is exact (the greedy of separable convex resource allocation).
 */
export function optimumMeanDelay(pageWeights: readonly number[], budget: number, dayMs: number): number {
  const weights = pageWeights.filter((q) => q > 0);
  if (weights.length > budget) return Number.POSITIVE_INFINITY;
  const calls = weights.map(() => 1);
  for (let left = budget - weights.length; left > 0; left--) {
    let best = 0;
    let gain = -1;
    weights.forEach((q, j) => {
      const n = calls[j] as number;
      const cut = q / n - q / (n + 1);
      if (cut > gain) [best, gain] = [j, cut];
    });
    calls[best] = (calls[best] as number) + 1;
  }
  const total = weights.reduce((sum, q) => sum + q, 0);
  return weights.reduce((sum, q, j) => sum + (q * dayMs) / (2 * (calls[j] as number)), 0) / total;
}
