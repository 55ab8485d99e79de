/**
 * Each page's rank posterior under the plan's own generator (plan.ts), which no handler knows: an
 * estimate that knows how ranks move, for asking whether a better estimate could reach 0.96 A*.
 * Pages are filtered one by one, not jointly as the one ranking ties them. Ranks are grouped in
 * bins (each of the first 60, then 6% wider each); the night's drift between bins is counted by
 * replaying `drifted()`; a page's distinct viewers by share s of a day are Poisson with mean
 * users (1 - (1 - p s)^viewsPerUser), p its Zipf probability. A forward filter over the days
 * counted gives the morning's posterior; a sighting conditions it on the viewers so far and a view
 * now. The worth is the posterior's `quantile` of the views to come, per call.
 */
import { seededRandom, shuffled } from '../day/random.js';
import type { Model, Worth } from './model.js';
import { dailyViewers, drifted } from './plan.js';

/** Nights replayed to count the drift's transitions. */
const NIGHTS = 2000;

export function posteriorWorth(m: Model, quantile: number): Worth {
  const { pages: n, users, viewsPerUser, zipf } = m.options;
  const edges: number[] = [];
  for (let r = 0; r < Math.min(60, n); r++) edges.push(r);
  for (let r = 60; r < n; r = Math.ceil(r * 1.06)) edges.push(r);
  edges.push(n);
  const bins = edges.length - 1;
  const binOf = new Int32Array(n);
  let harmonic = 0;
  for (let r = 0; r < n; r++) harmonic += 1 / (r + 1) ** zipf;
  /** Each bin's mean probability that a user's view is of a page at its rank. */
  const p = new Float64Array(bins);
  for (let b = 0; b < bins; b++) {
    const [lo, hi] = [edges[b] as number, edges[b + 1] as number];
    for (let r = lo; r < hi; r++) {
      binOf[r] = b;
      p[b] = (p[b] as number) + 1 / (r + 1) ** zipf / harmonic / (hi - lo);
    }
  }
  const viewersBy = (b: number, s: number) => users * (1 - (1 - (p[b] as number) * s) ** viewsPerUser);
  const viewsADay = (b: number) => users * viewsPerUser * (p[b] as number);

  const transition = new Float64Array(bins * bins);
  const random = seededRandom(m.plan.rankings.length * 7919 + n);
  let ranking = shuffled(
    Array.from({ length: n }, (_, i) => i),
    random,
  );
  const rankOf = new Int32Array(n);
  for (let night = 0; night < NIGHTS; night++) {
    ranking.forEach((page, r) => {
      rankOf[page] = r;
    });
    const next = drifted(ranking, m.options, random);
    next.forEach((page, r) => {
      const cell = (binOf[rankOf[page] as number] as number) * bins + (binOf[r] as number);
      transition[cell] = (transition[cell] as number) + 1;
    });
    ranking = next;
  }
  for (let b = 0; b < bins; b++) {
    const row = transition.subarray(b * bins, (b + 1) * bins);
    const sum = row.reduce((a, x) => a + x, 0) || 1;
    for (let c = 0; c < bins; c++) row[c] = (row[c] as number) / sum;
  }
  const night = (from: Float64Array) => {
    const to = new Float64Array(bins);
    from.forEach((w, b) => {
      if (w > 1e-12)
        for (let c = 0; c < bins; c++) to[c] = (to[c] as number) + w * (transition[b * bins + c] as number);
    });
    return to;
  };
  /** later[d][b]: the views of the days after d of a page in bin b on day d. */
  const later = Array.from({ length: m.days }, (_, d) => {
    const out = new Float64Array(bins);
    for (let b = 0; b < bins; b++) {
      let at = new Float64Array(bins);
      at[b] = 1;
      for (let next = d + 1; next < m.days; next++) {
        at = night(at);
        at.forEach((w, c) => {
          out[b] = (out[b] as number) + w * viewsADay(c);
        });
      }
    }
    return out;
  });

  const logPoisson = (k: number, mean: number) => {
    let l = k * Math.log(mean) - mean;
    for (let i = 2; i <= k; i++) l -= Math.log(i);
    return l;
  };
  /** Normalizes log-weights into probabilities. */
  const normalized = (logs: Float64Array) => {
    const top = Math.max(...logs);
    const out = logs.map((l) => Math.exp(l - top));
    const sum = out.reduce((a, x) => a + x, 0);
    return out.map((x) => x / sum);
  };
  const viewers = dailyViewers(m.plan, n, m.days);
  const mornings = new Map<string, Float64Array>();
  /** The posterior over bins on the morning of `day`, from the page's viewers of the days before. */
  const morning = (page: number, day: number): Float64Array => {
    const key = `${page} ${day}`;
    const known = mornings.get(key);
    if (known) return known;
    let out: Float64Array;
    if (day === 0)
      out = new Float64Array(bins).map((_, b) => ((edges[b + 1] as number) - (edges[b] as number)) / n);
    else {
      const before = morning(page, day - 1);
      const seen = (viewers[page] as number[])[day - 1] as number;
      out = night(normalized(before.map((w, b) => Math.log(w) + logPoisson(seen, viewersBy(b, 1)))));
    }
    mornings.set(key, out);
    return out;
  };

  return ({ page, day, share, today }) => {
    const s = Math.max(share, 1e-4);
    // today - 1 viewers before now, and a view now (the rate of first views at s).
    const posterior = normalized(
      morning(page, day).map((w, b) => {
        const pb = p[b] as number;
        const now = users * viewsPerUser * pb * (1 - pb * s) ** (viewsPerUser - 1);
        return Math.log(w) + logPoisson(today - 1, viewersBy(b, s)) + Math.log(now);
      }),
    );
    // The bins run from the most viewed down: summed from the least viewed up to the quantile.
    let below = 0;
    for (let b = bins - 1; b >= 0; b--) {
      below += posterior[b] as number;
      if (below >= quantile || b === 0)
        return (1 + viewsADay(b) * (1 - share) + (later[day]?.[b] as number)) / (m.cost[page] as number);
    }
    return 0;
  };
}
