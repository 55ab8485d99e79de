/**
 * Signed-in users' calls for their own resources (their pages and writes), counted per budget day
 * and per person (a session). They come when each person visits, not at a rate: a crowd visiting
 * around noon says nothing of the evening. So the calls still to come are estimated per person:
 * each person signed in today who has not called yet is expected to call as often as those who
 * have (before anyone has today: as those of the last day counted in this instance), and a person
 * who has called is taken as done. The public pacing keeps that much back and spends the rest
 * evenly, instead of extrapolating the morning's or the noon's rate.
 */

import { Daily, type UtcDay } from '../../internal/day.js';

/** People tracked at most per day (sessions beyond it are counted as calls, not as people). */
const MAX_PEOPLE = 100_000;

interface Day {
  calls: number;
  /** People who made an own call that day. */
  calling: Set<string>;
  /** People signed in that day who have made no own call yet. */
  waiting: Set<string>;
}

export class OwnCalls {
  /** Calls per person of the last day counted before this one (0: none yet). */
  private before = 0;
  private readonly days = new Daily<Day>((last) => {
    if (last && last.calling.size > 0) this.before = last.calls / last.calling.size;
    return { calls: 0, calling: new Set(), waiting: new Set() };
  });

  /** A sign-in of the person `key` on budget day `day`. */
  signIn(day: UtcDay, key: string): void {
    const { calling, waiting } = this.days.on(day);
    if (!calling.has(key) && waiting.size < MAX_PEOPLE) waiting.add(key);
  }

  /** A call for the person `key`'s own resources on budget day `day`. */
  call(day: UtcDay, key: string): void {
    const today = this.days.on(day);
    today.calls += 1;
    today.waiting.delete(key);
    if (today.calling.size < MAX_PEOPLE) today.calling.add(key);
  }

  /** Own calls made on `day`. */
  count(day: UtcDay): number {
    return this.days.of(day)?.calls ?? 0;
  }

  /** Own calls still expected on `day`: the calls per person so far, for each person yet to call. */
  coming(day: UtcDay): number {
    const today = this.days.of(day);
    if (!today) return 0;
    const perPerson = today.calling.size === 0 ? this.before : today.calls / today.calling.size;
    return today.waiting.size * perPerson;
  }

  /** Calls per person: today's once anyone has called, else the last day's (for a restarted instance). */
  snapshot(): number {
    const today = this.days.last;
    return today && today.calling.size > 0 ? today.calls / today.calling.size : this.before;
  }

  /** Starts from a snapshot, unless this instance has a figure of its own. */
  restore(perPerson: unknown): void {
    if (this.before === 0 && typeof perPerson === 'number' && Number.isFinite(perPerson) && perPerson > 0) {
      this.before = perPerson;
    }
  }
}
