import { describe, expect, it } from 'vitest';
import { hindsightLevels, type Model, trueWorth } from '../../bench/week/model.js';
import { dailyViewers, planWeek, type WeekPlanOptions } from '../../bench/week/plan.js';
import { posteriorWorth } from '../../bench/week/posterior.js';

// A small week of the bench's generator: 3,000 pages, 200 users a day x 20 views, 3 days.
const options: WeekPlanOptions = {
  seed: 7,
  days: 3,
  users: 200,
  viewsPerUser: 20,
  pages: 3000,
  zipf: 1,
  trending: 30,
  trendFrom: 2000,
  trendTo: 1000,
  crowd: 0,
  crowdViews: 0,
  crowdDay: 9,
  skus: [],
  priceMoves: 0,
};
const plan = planWeek(options);
const model: Model = { plan, cost: new Array(options.pages).fill(1), days: 3, budget: 100, options };
const worth = posteriorWorth(model, 0.25);

describe("bench:week --model's posterior under the plan's generator", () => {
  it('is worth more with more viewers today, and less when they came more slowly', () => {
    const page = 1234;
    const at = (today: number, share: number) => worth({ page, day: 0, share, today });
    expect(at(2, 0.5)).toBeGreaterThan(at(1, 0.5));
    expect(at(5, 0.5)).toBeGreaterThan(at(2, 0.5));
    expect(at(3, 0.2)).toBeGreaterThan(at(3, 0.8));
  });

  it("values a page viewed by many yesterday above one nobody viewed, at today's first view", () => {
    const viewers = dailyViewers(plan, options.pages, options.days);
    const byYesterday = [...viewers.keys()].sort((a, b) => (viewers[b]?.[0] ?? 0) - (viewers[a]?.[0] ?? 0));
    const busy = byYesterday[0] as number;
    const unseen = byYesterday.at(-1) as number;
    expect(viewers[busy]?.[0]).toBeGreaterThan(20);
    expect(viewers[unseen]?.[0]).toBe(0);
    const first = (page: number) => worth({ page, day: 1, share: 0.3, today: 1 });
    expect(first(busy)).toBeGreaterThan(10 * first(unseen));
  });

  it('answers more views with hindsight levels on it than a rule that knows nothing, and fewer than on true rates', () => {
    const blind = hindsightLevels(model, () => 1);
    const posterior = hindsightLevels(model, worth);
    const truth = hindsightLevels(model, trueWorth(model));
    expect(posterior).toBeGreaterThan(blind * 1.1);
    expect(truth).toBeGreaterThan(posterior);
  });
});
