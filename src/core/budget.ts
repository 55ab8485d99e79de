import { DailyLimitError } from './errors.js';

/** What the client has spent of its daily call budget. */
export interface DailyUsage {
  /** The UTC day counted, `YYYY-MM-DD`. */
  day: string;
  calls: number;
  /** null when the budget is off. */
  limit: number | null;
  remaining: number | null;
  resetsAt: Date;
}

/**
 * Counts the client's API calls per UTC day and refuses the call that would go over the budget,
 * before it is sent: on the server, going over expires every token of the client for the day.
 */
export class DailyBudget {
  private day = '';
  private calls = 0;

  constructor(private readonly limit: number | null) {}

  take(): void {
    this.roll();
    if (this.limit !== null && this.calls >= this.limit) {
      throw new DailyLimitError(this.limit, nextUtcMidnight());
    }
    this.calls++;
  }

  usage(): DailyUsage {
    this.roll();
    return {
      day: this.day,
      calls: this.calls,
      limit: this.limit,
      remaining: this.limit === null ? null : Math.max(0, this.limit - this.calls),
      resetsAt: nextUtcMidnight(),
    };
  }

  private roll(): void {
    const today = new Date().toISOString().slice(0, 10);
    if (today !== this.day) {
      this.day = today;
      this.calls = 0;
    }
  }
}

function nextUtcMidnight(): Date {
  const now = new Date();
  return new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate() + 1));
}
