import type { SandboxData } from 'price-catalog/testing';
import { DAY_MS } from '../plan.js';
import { seededRandom } from '../random.js';
import type { Run, Served } from '../simulate.js';
import { MOST_REVIEWED } from '../storefront.js';
import { handlerDay, MOUNT } from './handler.js';

export const SCRAPER_REQUESTS = 20_000;
/** The one address every scraper request comes from (TEST-NET-3). */
export const SCRAPER_ADDRESS = '203.0.113.9';
/** Half the requests come in bursts of this many, 50 ms apart; the other half steadily. */
const BURST = 1_000;
const BURST_GAP_MS = 50;

export interface ScraperRequest {
  /** Ms after 00:00. */
  at: number;
  /** Under the mount, with its query. */
  path: string;
}

/**
 * 20,000 requests no cache holds, a quarter of each kind: made-up query names on the storefront's
 * pages, distinct valid ids (products, SKUs off the storefront), missing ids, deep listing pages.
 */
export function scraperPlan(seed: number, data: SandboxData): ScraperRequest[] {
  const random = seededRandom(seed ^ 0x5c4a9e);
  const leaves = data.categories.filter((c) => c.children_count === 0).map((c) => c.id);
  const bySales = [...data.skus].sort((a, b) => b.reviews_count - a.reviews_count || a.id - b.id);
  const storefront = bySales.slice(0, MOST_REVIEWED).map((s) => s.id);
  const valid = [
    ...data.products.map((p) => `/products/${p.id}`),
    ...bySales.slice(MOST_REVIEWED).map((s) => `/skus/${s.id}`),
  ];
  const pick = <T>(items: readonly T[]): T => items[Math.floor(random() * items.length)] as T;
  const paths: string[] = [];
  for (let i = 0; i < SCRAPER_REQUESTS; i++) {
    switch (i % 4) {
      case 0:
        paths.push(
          random() < 0.5
            ? `/categories/${pick(leaves)}/skus?zz${i}=1`
            : `/skus/${pick(storefront)}?ref${i}=x`,
        );
        break;
      case 1:
        paths.push(valid[(i >> 2) % valid.length] as string);
        break;
      case 2:
        paths.push(random() < 0.5 ? `/skus/${90_000_000 + i}` : `/products/${900_000_000 + i}`);
        break;
      default:
        paths.push(`/categories/${pick(leaves)}/skus?page=${2 + Math.floor(random() * 400)}`);
    }
  }
  const times: number[] = [];
  const bursts = SCRAPER_REQUESTS / 2 / BURST;
  for (let b = 0; b < bursts; b++) {
    const start = Math.floor(random() * (DAY_MS - BURST * BURST_GAP_MS));
    for (let i = 0; i < BURST; i++) times.push(start + i * BURST_GAP_MS);
  }
  while (times.length < SCRAPER_REQUESTS) times.push(Math.floor(random() * DAY_MS));
  times.sort((a, b) => a - b);
  return times.map((at, i) => ({ at, path: `${MOUNT}${paths[i]}` }));
}

/** A session id no session has: a fresh cookie on every request. */
function freshCookie(random: () => number): string {
  let id = '';
  for (let i = 0; i < 4; i++)
    id += Math.floor(random() * 2 ** 32)
      .toString(16)
      .padStart(8, '0');
  return `catalog_session=${id}`;
}

/**
 * Run D: the handler's day plus one scraper: 20,000 requests over the day, in bursts and steadily,
 * from one address, each with a fresh cookie, answered by the same handler as the users' views.
 */
export const handlerScraperRun: Run = {
  name: 'the handler with a scraper',
  setup(context): Served {
    const day = handlerDay(context);
    const plan = scraperPlan(context.seed, context.sandbox.data);
    const random = seededRandom(context.seed + 1);
    return {
      browser: (user) => day.browser(user),
      extras({ record, track }) {
        for (const request of plan) {
          setTimeout(() => {
            record.scraper.requests += 1;
            const sent = day
              .send(request.path, SCRAPER_ADDRESS, { headers: { cookie: freshCookie(random) } })
              .then(
                async (response) => {
                  await response.body?.cancel();
                  return response.status;
                },
                () => 0,
              )
              .then((status) => {
                record.scraper.statuses.set(status, (record.scraper.statuses.get(status) ?? 0) + 1);
              });
            track(sent);
          }, request.at);
        }
      },
    };
  },
};
