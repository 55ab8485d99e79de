/**
 * O: the least mean delay of any schedule spending `budget` calls a day that knows the catalog
 * (which page holds which SKU, the weights, that every watched SKU is as likely to move) but not
 * the moves.
 *
 * A page fetched n times a day leaves gaps g summing to the day D; a move at a time the schedule
 * does not know waits the rest of its gap, Σg²/2D on average, at least D/2n (Cauchy-Schwarz, equal
 * gaps). A SKU call sees one SKU for the price of its page, which sees it too, so pages are enough.
 * The expected mean delay, weighted as the bench weighs it (by watchers), is Σ_j Q_j·D/(2·n_j) / ΣQ
 * with Q_j the weight on page j: separable and convex in the integers n_j, so giving each call in
 * turn to the page whose expected delay it cuts most is exact (separable convex allocation).
 */
export function optimumCalls(pageWeights: ReadonlyMap<string, number>, budget: number): Map<string, number> {
  const pages = [...pageWeights].filter(([, q]) => q > 0);
  if (pages.length > budget) throw new Error(`${pages.length} pages need more than ${budget} calls a day`);
  const calls = new Map(pages.map(([page]) => [page, 1]));
  for (let left = budget - pages.length; left > 0; left--) {
    let best = '';
    let gain = -1;
    for (const [page, q] of pages) {
      const n = calls.get(page) as number;
      const cut = q / n - q / (n + 1);
      if (cut > gain) [best, gain] = [page, cut];
    }
    calls.set(best, (calls.get(best) as number) + 1);
  }
  return calls;
}
