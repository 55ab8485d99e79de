/**
 * Calls made once per person, not at a rate: a sign-in asking the API who signed in. The pacing
 * leaves them out of the rate it expects the day's uncached calls to go on at, as it leaves out
 * each answer's first fetch: a morning of sign-ins says little of the afternoon. Counted in this
 * instance, per budget day.
 */
export class OneOffCalls {
  private day = '';
  private calls = 0;

  add(day: string): void {
    if (day !== this.day) {
      this.day = day;
      this.calls = 0;
    }
    this.calls += 1;
  }

  count(day: string): number {
    return day === this.day ? this.calls : 0;
  }
}
