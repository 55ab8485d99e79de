/**
 * `--plot FILE.svg`: the week of each run as a picture: the calls spent each day against the
 * day's budget, the share of views answered with data, and the mean age of the data shown, per
 * half hour, against the optimum's day by day. Hand-written SVG, as the day's plot.
 */
import { DAY_MS } from '../day/plan.js';
import { legendRow, niceCeiling, polyline, text } from '../svg.js';
import type { ExactWeek } from './exact.js';
import { BUCKET_MS, type WeekRecord } from './record.js';

export interface PlottedWeek {
  label: string;
  record: WeekRecord;
}

const WIDTH = 980;
const LEFT = 70;
const RIGHT = 20;
const CHART = 80;
const PANEL = 3 * (CHART + 40) + 30;
const HOUR = 3_600_000;
const COLORS = {
  spent: '#1f5fbf',
  budget: '#888888',
  optimum: '#2e9e4f',
  age: '#c0392b',
  answered: '#7d3c98',
};

export function plotWeek(
  runs: readonly PlottedWeek[],
  optimum: ExactWeek,
  budget: number,
  days: number,
): string {
  const height = 50 + runs.length * PANEL;
  const span = days * DAY_MS;
  const x = (t: number) => LEFT + (t / span) * (WIDTH - LEFT - RIGHT);
  const parts = [
    `<svg xmlns="http://www.w3.org/2000/svg" width="${WIDTH}" height="${height}" viewBox="0 0 ${WIDTH} ${height}" font-family="sans-serif" font-size="11">`,
    '<title>The simulated week of each run: calls spent each day, views answered, and the age of the answers shown</title>',
    `<rect width="${WIDTH}" height="${height}" fill="#ffffff"/>`,
    text(
      LEFT,
      20,
      `Simulated week: ${days} days, budget ${budget} calls a day; optimum ${optimum.answered} views answered, mean age ${(optimum.meanAge / 60_000).toFixed(0)} min`,
      13,
      'bold',
    ),
    legend(LEFT, 38),
  ];
  runs.forEach((run, i) => {
    const top = 50 + i * PANEL;
    parts.push(text(LEFT, top + 18, run.label, 12, 'bold'));
    parts.push(spentChart(run.record, x, top + 30, budget, days));
    parts.push(answeredChart(run.record, x, top + 30 + CHART + 40, optimum, days));
    parts.push(ageChart(run.record, x, top + 30 + 2 * (CHART + 40), optimum, days));
  });
  parts.push('</svg>');
  return `${parts.join('\n')}\n`;
}

function spentChart(
  record: WeekRecord,
  x: (t: number) => number,
  top: number,
  budget: number,
  days: number,
): string {
  const max = budget * 1.1;
  const y = (n: number) => top + CHART - (n / max) * CHART;
  const points: string[] = [];
  const sorted = [...record.callTimes].sort((a, b) => a - b);
  let day = -1;
  let spent = 0;
  for (const t of sorted) {
    const d = Math.floor(t / DAY_MS);
    if (d !== day) {
      if (day >= 0) points.push(`${x((day + 1) * DAY_MS).toFixed(1)},${y(spent).toFixed(1)}`);
      day = d;
      spent = 0;
      points.push(`${x(d * DAY_MS).toFixed(1)},${y(0).toFixed(1)}`);
    }
    spent += 1;
    points.push(`${x(t).toFixed(1)},${y(spent).toFixed(1)}`);
  }
  const budgetLine = `<line x1="${x(0)}" y1="${y(budget)}" x2="${x(days * DAY_MS)}" y2="${y(budget)}" stroke="${COLORS.budget}" stroke-dasharray="5,4"/>`;
  return [
    frame(x, top, 'calls spent that day', max, days),
    budgetLine,
    polyline(points, COLORS.spent, undefined, 1.4),
  ].join('\n');
}

function answeredChart(
  record: WeekRecord,
  x: (t: number) => number,
  top: number,
  optimum: ExactWeek,
  days: number,
): string {
  const y = (share: number) => top + CHART - share * CHART;
  const points = record.buckets
    .map((b, i) =>
      b.views === 0
        ? ''
        : `${x(i * BUCKET_MS + BUCKET_MS / 2).toFixed(1)},${y(b.answered / b.views).toFixed(1)}`,
    )
    .filter((p) => p !== '');
  const best: string[] = [];
  optimum.days.forEach((d, i) => {
    const views = record.days[i]?.views ?? 0;
    const share = views === 0 ? 0 : Math.min(1, d.answered / views);
    best.push(
      `${x(i * DAY_MS).toFixed(1)},${y(share).toFixed(1)}`,
      `${x((i + 1) * DAY_MS).toFixed(1)},${y(share).toFixed(1)}`,
    );
  });
  return [
    frame(x, top, 'share answered', 1, days, '100%'),
    polyline(best, COLORS.optimum, '2,3', 1.4),
    polyline(points, COLORS.answered, undefined, 1.4),
  ].join('\n');
}

function ageChart(
  record: WeekRecord,
  x: (t: number) => number,
  top: number,
  optimum: ExactWeek,
  days: number,
): string {
  const ages = record.buckets.map((b) => (b.ageParts === 0 ? Number.NaN : b.ageSum / b.ageParts / HOUR));
  const best = optimum.days.map((d) => (d.ageParts === 0 ? 0 : d.ageSum / d.ageParts / HOUR));
  const max = niceCeiling(Math.max(1, ...ages.filter((a) => !Number.isNaN(a)), ...best));
  const y = (hours: number) => top + CHART - (hours / max) * CHART;
  const points = ages
    .map((a, i) =>
      Number.isNaN(a) ? '' : `${x(i * BUCKET_MS + BUCKET_MS / 2).toFixed(1)},${y(a).toFixed(1)}`,
    )
    .filter((p) => p !== '');
  const line: string[] = [];
  best.forEach((a, i) => {
    line.push(
      `${x(i * DAY_MS).toFixed(1)},${y(a).toFixed(1)}`,
      `${x((i + 1) * DAY_MS).toFixed(1)},${y(a).toFixed(1)}`,
    );
  });
  return [
    frame(x, top, 'age shown (hours)', max, days),
    polyline(line, COLORS.optimum, '2,3', 1.4),
    polyline(points, COLORS.age, undefined, 1.4),
  ].join('\n');
}

function frame(
  x: (t: number) => number,
  top: number,
  label: string,
  max: number,
  days: number,
  maxLabel?: string,
): string {
  const bottom = top + CHART;
  const out = [
    `<line x1="${x(0)}" y1="${bottom}" x2="${x(days * DAY_MS)}" y2="${bottom}" stroke="#333"/>`,
    `<line x1="${x(0)}" y1="${top}" x2="${x(0)}" y2="${bottom}" stroke="#333"/>`,
    text(8, top - 6, label, 10),
    text(LEFT - 6, top + 4, maxLabel ?? String(Math.round(max)), 10, 'normal', 'end'),
    text(LEFT - 6, bottom + 4, '0', 10, 'normal', 'end'),
  ];
  for (let d = 0; d <= days; d++) {
    out.push(
      `<line x1="${x(d * DAY_MS)}" y1="${top}" x2="${x(d * DAY_MS)}" y2="${bottom + 4}" stroke="#ddd"/>`,
    );
    if (d < days) out.push(text(x(d * DAY_MS + DAY_MS / 2), bottom + 15, `day ${d}`, 10, 'normal', 'middle'));
  }
  return out.join('\n');
}

function legend(left: number, y: number): string {
  const items: [string, string, string | undefined][] = [
    ['calls spent that day', COLORS.spent, undefined],
    ['budget', COLORS.budget, '5,4'],
    ['the optimum, day by day', COLORS.optimum, '2,3'],
    ['share answered, per half hour', COLORS.answered, undefined],
    ['mean age shown, per half hour', COLORS.age, undefined],
  ];
  return legendRow(left, y, items);
}
