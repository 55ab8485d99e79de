/**
 * `--plot FILE.svg`: each run's day as a picture, the budget spent over the 24 hours against the
 * even pacing line and the fluid model's spending, and the age of the data shown against the
 * fluid model's. Hand-written SVG: two kinds of line chart need no charting library.
 */

import { legendRow, niceCeiling, polyline, text } from '../svg.js';
import type { Allotted } from './bound.js';
import { DAY_MS } from './plan.js';
import type { DayRecord } from './record.js';

export interface PlottedRun {
  key: string;
  name: string;
  record: DayRecord;
}

export interface PlotInput {
  runs: readonly PlottedRun[];
  budget: number;
  /** The fluid model's mean age, ms (not an optimum: see exact.ts). */
  bound: number;
  allotted: ReadonlyMap<string, Allotted>;
  views: number;
}

const WIDTH = 920;
const PANEL = 250;
const LEFT = 70;
const RIGHT = 20;
const CHART = 80;
const HOUR = 3_600_000;
const MINUTE = 60_000;
const BUCKET = 30 * MINUTE;
const STEPS = 96;
const COLORS = { spent: '#1f5fbf', pace: '#888888', optimum: '#2e9e4f', age: '#c0392b' };

/** The picture: one panel a run. */
export function plotDay(input: PlotInput): string {
  const height = 50 + input.runs.length * PANEL;
  const parts = [
    `<svg xmlns="http://www.w3.org/2000/svg" width="${WIDTH}" height="${height}" viewBox="0 0 ${WIDTH} ${height}" font-family="sans-serif" font-size="11">`,
    '<title>The simulated day of each run: calls spent against the pacing line, and the age of the answers shown</title>',
    `<rect width="${WIDTH}" height="${height}" fill="#ffffff"/>`,
    text(
      LEFT,
      20,
      `Simulated day: ${input.views.toLocaleString('en-US')} page views, budget ${input.budget} calls; fluid model's mean age ${(input.bound / MINUTE).toFixed(1)} min`,
      13,
      'bold',
    ),
    legend(LEFT, 38),
  ];
  input.runs.forEach((run, i) => {
    parts.push(panel(run, input, 50 + i * PANEL));
  });
  parts.push('</svg>');
  return `${parts.join('\n')}\n`;
}

function panel(run: PlottedRun, input: PlotInput, top: number): string {
  const { record } = run;
  const calls = record.calls.filter((c) => c.t < DAY_MS).map((c) => c.t);
  const spentTop = top + 30;
  const ageTop = top + 30 + CHART + 40;
  const spentMax = Math.max(input.budget, calls.length);
  const x = (t: number) => LEFT + (t / DAY_MS) * (WIDTH - LEFT - RIGHT);
  const ySpent = (n: number) => spentTop + CHART - (n / spentMax) * CHART;

  const spentPoints = cumulative(calls).map(([t, n]) => `${x(t).toFixed(1)},${ySpent(n).toFixed(1)}`);
  const optimum = optimumSpending(input.allotted).map(
    ([t, n]) => `${x(t).toFixed(1)},${ySpent(n).toFixed(1)}`,
  );

  const ages = ageBuckets(record);
  const expected = optimumAges(record, input.allotted);
  const ageMax = niceCeiling(Math.max(60, ...ages.map(([, a]) => a), ...expected.map(([, a]) => a)) / MINUTE);
  const yAge = (ms: number) => ageTop + CHART - (ms / MINUTE / ageMax) * CHART;
  const agePoints = ages.map(([t, a]) => `${x(t + BUCKET / 2).toFixed(1)},${yAge(a).toFixed(1)}`);
  const expectedPoints = expected.map(([t, a]) => `${x(t + BUCKET / 2).toFixed(1)},${yAge(a).toFixed(1)}`);

  return [
    text(LEFT, top + 18, `${run.key}: ${run.name}`, 12, 'bold'),
    frame(x, spentTop, 'calls spent', spentMax, input.budget),
    `<line x1="${x(0)}" y1="${ySpent(0)}" x2="${x(DAY_MS)}" y2="${ySpent(input.budget)}" stroke="${COLORS.pace}" stroke-dasharray="5,4"/>`,
    polyline(optimum, COLORS.optimum, '2,3'),
    polyline(spentPoints, COLORS.spent),
    frame(x, ageTop, 'age shown (min)', ageMax),
    polyline(expectedPoints, COLORS.optimum, '2,3'),
    polyline(agePoints, COLORS.age),
  ].join('\n');
}

/** Axes, hour ticks and the y scale of one chart; `mark`: a level drawn across (the budget). */
function frame(x: (t: number) => number, top: number, label: string, max: number, mark?: number): string {
  const bottom = top + CHART;
  const out = [
    `<line x1="${x(0)}" y1="${bottom}" x2="${x(DAY_MS)}" y2="${bottom}" stroke="#333"/>`,
    `<line x1="${x(0)}" y1="${top}" x2="${x(0)}" y2="${bottom}" stroke="#333"/>`,
    text(8, top + CHART / 2, label, 10),
    text(LEFT - 6, top + 4, String(Math.round(max)), 10, 'normal', 'end'),
    text(LEFT - 6, bottom + 4, '0', 10, 'normal', 'end'),
  ];
  for (let h = 0; h <= 24; h += 3) {
    out.push(
      `<line x1="${x(h * HOUR)}" y1="${bottom}" x2="${x(h * HOUR)}" y2="${bottom + 4}" stroke="#333"/>`,
      text(x(h * HOUR), bottom + 15, `${String(h).padStart(2, '0')}:00`, 10, 'normal', 'middle'),
    );
  }
  if (mark !== undefined && mark < max) {
    const y = bottom - (mark / max) * CHART;
    out.push(`<line x1="${x(0)}" y1="${y}" x2="${x(DAY_MS)}" y2="${y}" stroke="#bbb"/>`);
  }
  return out.join('\n');
}

function legend(left: number, y: number): string {
  const items: [string, string, string | undefined][] = [
    ['calls spent', COLORS.spent, undefined],
    ['even pacing line', COLORS.pace, '5,4'],
    ['the fluid model (spent, age)', COLORS.optimum, '2,3'],
    ['mean age of the data shown, per half hour', COLORS.age, undefined],
  ];
  return legendRow(left, y, items);
}

/** Steps of the count of sorted times. */
function cumulative(times: readonly number[]): [number, number][] {
  const sorted = [...times].sort((a, b) => a - b);
  const out: [number, number][] = [[0, 0]];
  sorted.forEach((t, i) => {
    out.push([t, i], [t, i + 1]);
  });
  out.push([DAY_MS, sorted.length]);
  return out;
}

/** The optimum's calls spent by each time: first fetches at first views, refreshes evenly over each span. */
function optimumSpending(allotted: ReadonlyMap<string, Allotted>): [number, number][] {
  const out: [number, number][] = [];
  for (let i = 0; i <= STEPS; i++) {
    const t = (i / STEPS) * DAY_MS;
    let spent = 0;
    for (const r of allotted.values()) {
      if (t >= r.first) spent += 1 + ((r.fetches - 1) * (t - r.first)) / r.span;
    }
    out.push([t, spent]);
  }
  return out;
}

/** Mean age of the data shown per half hour (buckets with views). */
function ageBuckets(record: DayRecord): [number, number][] {
  const sums = new Map<number, [number, number]>();
  for (const v of record.views) {
    if (v.age === null) continue;
    const bucket = Math.floor(v.t / BUCKET) * BUCKET;
    const found = sums.get(bucket) ?? [0, 0];
    sums.set(bucket, [found[0] + v.age, found[1] + 1]);
  }
  return [...sums].sort(([a], [b]) => a - b).map(([t, [sum, n]]) => [t, sum / n]);
}

/** The optimum's mean age per half hour for the same views: each resource's span / (2 fetches). */
function optimumAges(record: DayRecord, allotted: ReadonlyMap<string, Allotted>): [number, number][] {
  const sums = new Map<number, [number, number]>();
  for (const v of record.views) {
    const r = allotted.get(v.resource);
    if (!r) continue;
    const bucket = Math.floor(v.t / BUCKET) * BUCKET;
    const found = sums.get(bucket) ?? [0, 0];
    sums.set(bucket, [found[0] + r.span / (2 * r.fetches), found[1] + 1]);
  }
  return [...sums].sort(([a], [b]) => a - b).map(([t, [sum, n]]) => [t, sum / n]);
}
