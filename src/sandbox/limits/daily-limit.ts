const DAY_MS = 86_400_000;

interface ClientDay {
  day: number;
  calls: number;
  locked: boolean;
}

/**
 * Calls per client per UTC day. The call that goes over the limit locks the client out until the
 * next UTC day: its tokens expire and no new one is granted.
 */
export class DailyLedger {
  private readonly clients = new Map<string, ClientDay>();
  /** Simulated days ahead of the real clock (`sandbox.startNextDay()`). */
  private offsetMs = 0;

  constructor(private readonly limit: number | null) {}

  /** The ledger's clock: real time plus the simulated days. */
  now(real: number): number {
    return real + this.offsetMs;
  }

  /** Moves the ledger a whole day on: every client's count starts over and lockouts end. */
  nextDay(): void {
    this.offsetMs += DAY_MS;
  }

  /** Counts one call; true when this call went over the limit. */
  count(clientId: string, now: number): boolean {
    const entry = this.today(clientId, now);
    entry.calls += 1;
    if (this.limit !== null && entry.calls > this.limit && !entry.locked) {
      entry.locked = true;
      return true;
    }
    return false;
  }

  /** Epoch ms (the ledger's clock) when the lockout ends, or null when the client is not locked out. */
  lockedUntil(clientId: string, now: number): number | null {
    const entry = this.today(clientId, now);
    return entry.locked ? (entry.day + 1) * DAY_MS : null;
  }

  calls(clientId: string, now: number): number {
    return this.today(clientId, now).calls;
  }

  clear(): void {
    this.clients.clear();
  }

  private today(clientId: string, real: number): ClientDay {
    const day = Math.floor(this.now(real) / DAY_MS);
    let entry = this.clients.get(clientId);
    if (!entry || entry.day !== day) {
      entry = { day, calls: 0, locked: false };
      this.clients.set(clientId, entry);
    }
    return entry;
  }
}
