/**
 * Signed-in users' calls for their own resources (their pages and writes), counted per budget day
 * and per person (a session). They come when each person visits, not at a rate: a crowd visiting
 * around noon says nothing of the evening. So the calls still to come are estimated per person:
 * each person signed in today who has not called yet is expected to call as often as those who
 * have (before anyone has today: as those of the last day counted in this instance), and a person
 * who has called is taken as done. The public pacing keeps that much back and spends the rest
 * evenly, instead of extrapolating the morning's or the noon's rate.
 */

/** People tracked at most per day (sessions beyond it are counted as calls, not as people). */
const MAX_PEOPLE = 100_000;

export class OwnCalls {
  private day = '';
  private calls = 0;
  /** Calls per person of the last day counted before this one (0: none yet). */
  private before = 0;
  /** People who made an own call today. */
  private readonly calling = new Set<string>();
  /** People signed in today who have made no own call yet. */
  private readonly waiting = new Set<string>();

  /** A sign-in of the person `key` on budget day `day`. */
  signIn(day: string, key: string): void {
    this.newDay(day);
    if (!this.calling.has(key) && this.waiting.size < MAX_PEOPLE) this.waiting.add(key);
  }

  /** A call for the person `key`'s own resources on budget day `day`. */
  call(day: string, key: string): void {
    this.newDay(day);
    this.calls += 1;
    this.waiting.delete(key);
    if (this.calling.size < MAX_PEOPLE) this.calling.add(key);
  }

  /** Own calls made on `day`. */
  count(day: string): number {
    return day === this.day ? this.calls : 0;
  }

  /** Own calls still expected on `day`: the calls per person so far, for each person yet to call. */
  coming(day: string): number {
    if (day !== this.day) return 0;
    const perPerson = this.calling.size === 0 ? this.before : this.calls / this.calling.size;
    return this.waiting.size * perPerson;
  }

  /** Calls per person: today's once anyone has called, else the last day's (for a restarted instance). */
  snapshot(): number {
    return this.calling.size > 0 ? this.calls / this.calling.size : this.before;
  }

  /** Starts from a snapshot, unless this instance has a figure of its own. */
  restore(perPerson: unknown): void {
    if (this.before === 0 && typeof perPerson === 'number' && Number.isFinite(perPerson) && perPerson > 0) {
      this.before = perPerson;
    }
  }

  private newDay(day: string): void {
    if (day === this.day) return;
    if (this.calling.size > 0) this.before = this.calls / this.calling.size;
    this.day = day;
    this.calls = 0;
    this.calling.clear();
    this.waiting.clear();
  }
}
