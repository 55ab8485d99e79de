import { randomUUID } from 'node:crypto';
import type { UtcDay } from './day.js';

/** One application's day as this instance knows it. */
interface Known {
  day: UtcDay;
  /** Calls this instance took itself. */
  own: number;
  /** The highest count of the day this instance was told (its own takes included). */
  seen: number;
}

/**
 * What this instance (one coordination object) spent of each application's day, and the highest
 * count it was told: the floor the budget scripts write back when Redis reads lower (restarted
 * empty, a failover to a replica that missed writes, a flushed key), so a day's count never goes
 * down. `id` names this instance's own count in the day's hash of counts per instance.
 */
export class SpentHere {
  readonly id = randomUUID();
  /** One entry per application, for its current day only. */
  private readonly apps = new Map<string, Known>();

  /** The script's arguments: this instance's id, its own calls, the highest count it saw. */
  floor(app: string, day: UtcDay): [string, number, number] {
    const known = this.of(app, day);
    return [this.id, known.own, known.seen];
  }

  /** This instance took one call; the day's count after it was `count`. */
  took(app: string, day: UtcDay, count: number): void {
    const known = this.of(app, day);
    known.own++;
    known.seen = Math.max(known.seen, count);
  }

  /** The day's count read `count` (a refusal's, or a read's). */
  saw(app: string, day: UtcDay, count: number): void {
    const known = this.of(app, day);
    known.seen = Math.max(known.seen, count);
  }

  /** One call this instance took was given back (it never reached the server). */
  gaveBack(app: string, day: UtcDay): void {
    const known = this.of(app, day);
    known.own = Math.max(0, known.own - 1);
    known.seen = Math.max(0, known.seen - 1);
  }

  private of(app: string, day: UtcDay): Known {
    let known = this.apps.get(app);
    // A call of yesterday answered after midnight changes nothing of today's.
    if (known && known.day > day) return { day, own: 0, seen: 0 };
    if (!known || known.day < day) {
      known = { day, own: 0, seen: 0 };
      this.apps.set(app, known);
    }
    return known;
  }
}
