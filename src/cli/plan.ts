import type { Page } from '../index.js';
import { nextDayStart, type UtcDay } from '../internal/day.js';
import type { Plan, Task } from './checkpoint.js';
import type { ExportOptions } from './export-options.js';
import { nameHoldsQuery } from './search-match.js';
import { count } from './words.js';

/** A category as `GET /search` lists it (the fields the exporter reads). */
export interface SearchCategory {
  id: number;
  name: string;
  children_count: number;
  match_count?: number | null | undefined;
}

/** From the first page's totals: the calls the job needs. */
export function plan(o: ExportOptions, task: Task, page: Page<unknown, unknown>): Plan {
  const p = page.pagination;
  const per = p?.per ?? o.per;
  const pages = p?.total_pages ?? 1;
  const total = p?.total_results ?? page.items.length;
  if (task.list === 'search') return searchPlan(o, page, pages, total, per);
  if (o.what === 'skus') return { calls: pages, exact: true, records: total, per };
  // Offers: one products listing per SKU, more pages for SKUs with more offers than a page holds
  // (shop_count of the first page's SKUs tells the mix).
  const skus = page.items as { shop_count?: number }[];
  const n = Math.max(1, skus.length);
  const pagesPerSku = skus.reduce((sum, s) => sum + Math.max(1, Math.ceil((s.shop_count ?? 0) / per)), 0) / n;
  const offersPerSku = skus.reduce((sum, s) => sum + (s.shop_count ?? 0), 0) / n;
  return {
    calls: pages + Math.ceil(total * pagesPerSku),
    exact: false,
    records: Math.round(total * offersPerSku),
    per,
  };
}

/**
 * The plan of a search, an estimate: `GET /search` pages through the matching categories
 * (`meta.pagination`: how many, exactly) and gives each category's `match_count`, the SKUs the
 * search counts in it. The calls are the search's pages, then each leaf category's listing:
 * `ceil(match_count / per)` pages (at least one). For a leaf matched by its name (exported whole)
 * that is the listing's size, as the search counts all its SKUs; for any other leaf, listed with
 * the query as keyword, the listing's pages are known only once it is listed (the listing filters
 * by its own rules). `match_count` is absent when the search has a strong SKU match, and only the
 * first page's categories are seen; later pages are taken to look alike.
 */
function searchPlan(
  o: ExportOptions,
  page: Page<unknown, unknown>,
  pages: number,
  total: number,
  per: number,
): Plan {
  const q = o.source.search ?? '';
  const categories = page.items as SearchCategory[];
  const leaves = categories.filter((c) => c.children_count === 0);
  const byName = leaves.filter((c) => nameHoldsQuery(c.name, q));
  const byKeyword = leaves.length - byName.length;
  const parents = categories.length - leaves.length;
  const counted = leaves.every((c) => typeof c.match_count === 'number');
  let listings = leaves.reduce((sum, c) => sum + Math.max(1, Math.ceil((c.match_count ?? 0) / per)), 0);
  let skus = leaves.reduce((sum, c) => sum + (c.match_count ?? 0), 0);
  const unseen = Math.max(0, total - categories.length);
  if (unseen > 0 && categories.length > 0) {
    listings += Math.ceil((listings * unseen) / categories.length);
    skus += Math.round((skus * unseen) / categories.length);
  }
  const offers = o.what === 'offers';
  const ids = (list: SearchCategory[]): string => list.map((c) => c.id).join(', ');
  const reasons = [
    `the search answer counts the matching categories (${total}, on ${count(pages, 'search page')}) and each listed category's match_count${counted ? '' : ' (absent here: the search has a strong SKU match)'}`,
    ...(byName.length > 0
      ? [
          `the ${byName.length === 1 ? 'leaf category' : `${byName.length} leaf categories`} whose name holds the query (${ids(byName)}) ${byName.length === 1 ? 'is' : 'are'} exported whole, in ceil(match_count / per) pages${byName.length === 1 ? '' : ' each'} as far as the listing holds the SKUs the search counts`,
        ]
      : []),
    ...(byKeyword > 0
      ? [
          `but how many pages (calls) each ${byName.length > 0 ? 'other ' : ''}category's SKU listing with the query takes is known only once it is listed`,
        ]
      : []),
    ...(parents > 0
      ? [
          `and the ${parents === 1 ? 'category' : `${parents} categories`} with subcategories (${ids(categories.filter((c) => c.children_count !== 0))}) ${parents === 1 ? 'is' : 'are'} not listed (only leaf categories are)`,
        ]
      : []),
    ...(unseen > 0
      ? [
          `and the ${unseen === 1 ? 'category' : `${unseen} categories`} on later search pages ${unseen === 1 ? 'is' : 'are'} taken to look like the first`,
        ]
      : []),
    ...(offers ? ['and the offers of each SKU once its products are listed'] : []),
  ];
  return {
    // Offers: at least one products listing per SKU.
    calls: pages + listings + (offers ? skus : 0),
    exact: false,
    records: !offers && counted ? skus : undefined,
    per,
    estimate: `${reasons.join(', ')}.`,
  };
}

export function planText(plan: Plan): string {
  return `${plan.exact ? '' : '≈'}${plan.calls} planned`;
}

/** What the plan prints: the job, the estimate's reasons, today's budget and whether it fits. */
export function planLines(
  o: ExportOptions,
  plan: Plan,
  spent: number,
  left: number,
  day: UtcDay,
  allowed: number,
  budgetText: string,
): string[] {
  const source =
    o.source.category !== undefined
      ? `category ${o.source.category}${o.source.search ? ` matching "${o.source.search}"` : ''}`
      : o.source.manufacturer !== undefined
        ? `manufacturer ${o.source.manufacturer}`
        : `the search "${o.source.search}"`;
  const needs = plan.calls - spent;
  const lines = [
    `Plan: ${o.what} of ${source}${plan.records === undefined ? '' : `, ${plan.exact ? '' : '≈'}${count(plan.records, 'record')}`}, pages of ${plan.per}: ${plan.exact ? '' : '≈'}${count(plan.calls, 'call')} (${spent} spent on the first page).`,
    ...(plan.estimate ? [`Estimate: ${plan.estimate}`] : []),
    `Today (server day ${day}): ${left} of ${o.dailyLimit} calls left${budgetText}${o.maxCalls === undefined ? '' : `, --max-calls ${o.maxCalls}`}.`,
  ];
  const runCap = allowed - spent;
  if (needs <= runCap) lines.push(`The export fits: ${count(needs, 'more call')}.`);
  else if (o.maxCalls !== undefined && o.maxCalls <= left)
    lines.push(
      `This run stops after ${count(o.maxCalls, 'call')}; run the same command again to go on (${count(needs - runCap, 'more call')}).`,
    );
  else
    lines.push(
      `It needs ${count(needs, 'more call')}, more than is left today: this run stops after ${count(left + spent, 'call')} and resumes after ${nextDayStart(day).toISOString()} (about ${count(Math.ceil((needs - runCap) / o.dailyLimit), 'more day')}).`,
    );
  return lines;
}
