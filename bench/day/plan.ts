import { seededRandom, shuffled, zipfSampler } from './random.js';

export const DAY_MS = 86_400_000;

/** One page view: when (ms after 00:00), by whom, which storefront page. */
export interface View {
  at: number;
  user: number;
  page: number;
}

/** The sandbox moves one SKU's price at `at` by `factor`. */
export interface PriceMove {
  at: number;
  sku: number;
  factor: number;
}

export interface PlanOptions {
  seed: number;
  users: number;
  viewsPerUser: number;
  pages: number;
  /** Zipf exponent of page popularity. */
  zipf: number;
  /** SKUs whose prices move, and how many moves in the day. */
  skus: readonly number[];
  priceMoves: number;
}

export interface DayPlan {
  views: View[];
  moves: PriceMove[];
  /** Page index of each popularity rank (rank 0 the most viewed). */
  ranking: number[];
}

/**
 * The trace every run replays: each user's views at uniform random times of the day, each on a
 * page drawn by Zipf popularity over a seeded ranking of the pages; and the day's price moves.
 */
export function planDay(options: PlanOptions): DayPlan {
  const random = seededRandom(options.seed);
  const ranking = shuffled(
    Array.from({ length: options.pages }, (_, i) => i),
    random,
  );
  const rank = zipfSampler(options.pages, options.zipf, random);
  const views: View[] = [];
  for (let user = 0; user < options.users; user++) {
    for (let i = 0; i < options.viewsPerUser; i++) {
      views.push({ at: Math.floor(random() * DAY_MS), user, page: ranking[rank()] as number });
    }
  }
  views.sort((a, b) => a.at - b.at || a.user - b.user);
  const moves: PriceMove[] = [];
  for (let i = 0; i < options.priceMoves; i++) {
    moves.push({
      at: Math.floor(random() * DAY_MS),
      sku: options.skus[Math.floor(random() * options.skus.length)] as number,
      // Up or down by 1% to 8%.
      factor: 1 + (random() < 0.5 ? -1 : 1) * (0.01 + 0.07 * random()),
    });
  }
  moves.sort((a, b) => a.at - b.at);
  return { views, moves, ranking };
}
