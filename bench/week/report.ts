import { minutes } from '../day/report.js';
import type { ExactWeek } from './exact.js';
import type { DayStats, WeekRecord } from './record.js';

export interface WeekSummary {
  views: number;
  answered: number;
  fresh: number;
  refused: number;
  errors: number;
  calls: number;
  budget: number;
  lockouts: number;
  meanAge: number;
  restartCost: number;
  /** Most calls any one day. */
  maxDayCalls: number;
  pending: number;
}

export function summarizeWeek(record: WeekRecord, budget: number): WeekSummary {
  const sum = (pick: (d: DayStats) => number) => record.days.reduce((total, d) => total + pick(d), 0);
  const ageParts = sum((d) => d.ageParts);
  return {
    views: sum((d) => d.views),
    answered: sum((d) => d.answered),
    fresh: sum((d) => d.fresh),
    refused: sum((d) => d.refused),
    errors: sum((d) => d.errors),
    calls: sum((d) => d.calls),
    budget: budget * record.days.length,
    lockouts: sum((d) => d.lockouts),
    meanAge: ageParts === 0 ? Number.NaN : sum((d) => d.ageSum) / ageParts,
    restartCost: record.restartDuplicates + Math.max(0, record.tokenRequests - 1),
    maxDayCalls: Math.max(...record.days.map((d) => d.calls)),
    pending: record.pending,
  };
}

/** A*: exact when its bound meets it, else the best schedule found and the bound proven. */
export function optimumAnswered(o: ExactWeek): string {
  return o.answered === o.certified ? String(o.answered) : `${o.answered} to ${o.certified}`;
}

/** The optimum's mean age: exact, or the lower bound HiGHS proved when its gap shows at 0.1 min. */
export function optimumAge(o: ExactWeek): string {
  const age =
    minutes(o.meanAge) === minutes(o.meanAgeBound)
      ? `mean age ${minutes(o.meanAge)} min`
      : `mean age >= ${minutes(o.meanAgeBound)} min (a bound; best found ${minutes(o.meanAge)})`;
  // Refreshes are not in the model: exact only when no schedule answering A* has a call for one.
  return o.noRefreshes ? age : `${age} without refreshes`;
}

/** One day of a run, with the optimum's schedule's day. */
export function dayLine(
  label: string,
  index: number,
  d: DayStats,
  budget: number,
  optimum: ExactWeek,
): string {
  const o = optimum.days[index];
  const meanAge = d.ageParts === 0 ? Number.NaN : d.ageSum / d.ageParts;
  const scheduleAge = o && o.ageParts > 0 ? o.ageSum / o.ageParts : Number.NaN;
  const crowd = d.crowdViews > 0 ? ` (crowd: ${d.crowdViews} views, ${d.crowdAnswered} answered)` : '';
  return `${label} day ${index}: ${d.views} views, ${d.answered} answered with data, ${d.fresh} fresh, ${d.refused} refused, ${d.calls} calls of ${budget}, ${d.lockouts} lockouts, mean age ${minutes(meanAge)} min; optimum ${o?.answered ?? 0} answered, mean age ${minutes(scheduleAge)} min${crowd}`;
}

/** The one line the issue asks for (`week:` for three instances, `week-one:` for one). */
export function weekLine(label: string, s: WeekSummary, optimum: ExactWeek): string {
  return `${label}: ${s.views} views, ${s.answered} answered with data, ${s.fresh} fresh, ${s.refused} refused, ${s.calls} calls of ${s.budget}, ${s.lockouts} lockouts, mean age ${minutes(s.meanAge)} min; optimum ${optimumAnswered(optimum)} answered, ${optimumAge(optimum)}; restarts cost ${s.restartCost} calls`;
}

/** Against the exact optimum: the answered share the week must reach, the multiple of O its mean age may reach. */
export const ANSWERED_GOAL = 0.96;
export const AGE_GOAL = 1.1;

const ratio = (a: number, b: number): string => (b === 0 ? 'n/a' : (a / b).toFixed(3));

/** The goals of the issue, each met or short, with its figures. */
export function goalLines(
  three: WeekSummary,
  one: WeekSummary | undefined,
  optimum: ExactWeek,
  budget: number,
): string[] {
  const mark = (ok: boolean) => (ok ? 'met' : 'SHORT');
  const lines = [
    `goal A >= ${ANSWERED_GOAL} A*: ${mark(three.answered >= ANSWERED_GOAL * optimum.certified)} (A/A* = ${ratio(three.answered, optimum.certified)})`,
    `goal M <= ${AGE_GOAL} O: ${mark(three.meanAge <= AGE_GOAL * optimum.meanAgeBound)} (M/O = ${ratio(three.meanAge, optimum.meanAgeBound)})`,
    `goal calls a day <= ${budget}, 0 lockouts: ${mark(three.maxDayCalls <= budget && three.lockouts === 0)} (most in a day ${three.maxDayCalls}, lockouts ${three.lockouts})`,
    `goal restarts <= 1% of the week's calls: ${mark(three.restartCost <= 0.01 * three.calls)} (${three.restartCost} of ${three.calls})`,
  ];
  if (one) {
    const within = (a: number, b: number) => a <= 1.05 * b && b <= 1.05 * a;
    const ok =
      within(three.answered, one.answered) &&
      within(three.calls, one.calls) &&
      within(three.meanAge, one.meanAge);
    lines.push(
      `goal three instances within 1.05x of one: ${mark(ok)} (answered ${ratio(three.answered, one.answered)}, calls ${ratio(three.calls, one.calls)}, mean age ${ratio(three.meanAge, one.meanAge)})`,
    );
  }
  return lines;
}
