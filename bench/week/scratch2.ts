import { createSandbox } from 'price-catalog/testing';
import { storefront } from '../day/storefront.js';
import { exactWeek, type PageViews } from './exact.js';
import { planWeek } from './plan.js';

const seed = Number(process.argv[2] ?? 1);
const DAYS = Number(process.argv[3] ?? 7);
const USERS = Number(process.argv[4] ?? 2000);
const data = createSandbox({ seed, scale: 25 }).data;
const pages = storefront(data, data.skus.length);
const skuPages = [...data.skus].sort((a, b) => b.reviews_count - a.reviews_count || a.id - b.id);
const plan = planWeek({
  seed,
  days: DAYS,
  users: USERS,
  viewsPerUser: 20,
  pages: pages.length,
  zipf: 1,
  trending: 300,
  trendFrom: 2000,
  trendTo: 1000,
  crowd: DAYS > 3 ? 1000 : 0,
  crowdViews: 5,
  crowdDay: 3,
  skus: skuPages.filter((s) => s.price_min > 0).map((s) => s.id),
  priceMoves: 300,
});
const pageViews: PageViews[] = pages.map((p) => ({ times: [], cost: p.parts.length }));
for (const view of plan.views) (pageViews[view.page] as PageViews).times.push(view.at);
const e = await exactWeek(pageViews, DAYS, 1000, (l) => console.log(l));
console.log(
  'exact',
  e.answered,
  'certified',
  e.certified,
  'noRefreshes',
  e.noRefreshes,
  'O',
  (e.meanAge / 60000).toFixed(2),
  'lb',
  (e.meanAgeBound / 60000).toFixed(2),
  e.seconds.toFixed(1),
  's',
);
console.log(e.days.map((d) => `${d.answered}/${d.calls}`).join(' '));
