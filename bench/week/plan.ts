import { DAY_MS, type PriceMove } from '../day/plan.js';
import { seededRandom, shuffled, zipfSampler } from '../day/random.js';

/** One page view of the week: when (ms after the week's 00:00), by whom, which storefront page. */
export interface WeekView {
  at: number;
  user: number;
  page: number;
  /** One of day 3's crowd walking the long tail. */
  crowd: boolean;
}

export interface WeekPlanOptions {
  seed: number;
  days: number;
  /** Users a day (new each day) and their views. */
  users: number;
  viewsPerUser: number;
  pages: number;
  zipf: number;
  /** Pages a day that start trending: from past rank `trendFrom` to a rank among the first `trendTo`. */
  trending: number;
  trendFrom: number;
  trendTo: number;
  /** Day 3's crowd: visitors, each with `crowdViews` views of pages in the bottom half of the ranking. */
  crowd: number;
  crowdViews: number;
  crowdDay: number;
  /** SKUs whose prices move, and how many moves a day. */
  skus: readonly number[];
  priceMoves: number;
}

export interface WeekPlan {
  views: WeekView[];
  /** Price moves, `at` in ms after the week's 00:00. */
  moves: PriceMove[];
  /** Each day's ranking: page index by popularity rank. */
  rankings: number[][];
}

/** The first user id of the crowd: apart from the users' ids, so each has its own address. */
export const CROWD_USER_BASE = 5_000_000;

/**
 * The week every run replays: each day's users view pages drawn by Zipf popularity over the day's
 * ranking, which drifts overnight (some pages from the tail start trending near the top; the rest
 * shift down: new products trend, old ones fade); day `crowdDay` adds a crowd on the long tail;
 * each day moves prices.
 */
export function planWeek(options: WeekPlanOptions): WeekPlan {
  const random = seededRandom(options.seed);
  let ranking = shuffled(
    Array.from({ length: options.pages }, (_, i) => i),
    random,
  );
  const rank = zipfSampler(options.pages, options.zipf, random);
  const views: WeekView[] = [];
  const moves: PriceMove[] = [];
  const rankings: number[][] = [];
  for (let day = 0; day < options.days; day++) {
    if (day > 0) ranking = drifted(ranking, options, random);
    rankings.push(ranking);
    const start = day * DAY_MS;
    for (let u = 0; u < options.users; u++) {
      const user = day * options.users + u;
      for (let i = 0; i < options.viewsPerUser; i++) {
        const page = ranking[rank()] as number;
        views.push({ at: start + Math.floor(random() * DAY_MS), user, page, crowd: false });
      }
    }
    if (day === options.crowdDay) {
      const half = Math.floor(options.pages / 2);
      for (let c = 0; c < options.crowd; c++) {
        const at = start + Math.floor(random() * (DAY_MS - 3_600_000));
        for (let i = 0; i < options.crowdViews; i++) {
          const page = ranking[half + Math.floor(random() * (options.pages - half))] as number;
          // A visitor walks its pages a few seconds apart.
          views.push({ at: at + i * 5_000, user: CROWD_USER_BASE + c, page, crowd: true });
        }
      }
    }
    for (let i = 0; i < options.priceMoves; i++) {
      moves.push({
        at: start + Math.floor(random() * DAY_MS),
        sku: options.skus[Math.floor(random() * options.skus.length)] as number,
        factor: 1 + (random() < 0.5 ? -1 : 1) * (0.01 + 0.07 * random()),
      });
    }
  }
  views.sort((a, b) => a.at - b.at || a.user - b.user);
  moves.sort((a, b) => a.at - b.at);
  return { views, moves, rankings };
}

/** Each page's distinct viewers each day (a user's repeat views of a page that day count once). */
export function dailyViewers(plan: WeekPlan, pages: number, days: number): number[][] {
  const viewers = Array.from({ length: pages }, () => new Array<number>(days).fill(0));
  const seen = new Set<string>();
  for (const v of plan.views) {
    const day = Math.floor(v.at / DAY_MS);
    const tag = `${day} ${v.user} ${v.page}`;
    if (seen.has(tag)) continue;
    seen.add(tag);
    const row = viewers[v.page] as number[];
    row[day] = (row[day] as number) + 1;
  }
  return viewers;
}

/** One night's drift of the ranking (exported for the model's posterior, which replays it). */
export function drifted(
  ranking: readonly number[],
  options: Pick<WeekPlanOptions, 'trending' | 'trendFrom' | 'trendTo'>,
  random: () => number,
): number[] {
  const out = [...ranking];
  const picked = new Set<number>();
  while (picked.size < Math.min(options.trending, out.length - options.trendFrom)) {
    picked.add(options.trendFrom + Math.floor(random() * (out.length - options.trendFrom)));
  }
  const risers = [...picked].sort((a, b) => b - a).map((index) => out.splice(index, 1)[0] as number);
  for (const page of risers) out.splice(Math.floor(random() * options.trendTo), 0, page);
  return out;
}
