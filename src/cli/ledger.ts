import { createHash } from 'node:crypto';
import { mkdirSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import { dirname } from 'node:path';

const DAY_MS = 86_400_000;

interface AppDay {
  /** The server's UTC day, `YYYY-MM-DD`. */
  day: string;
  calls: number;
  /** The server refused for the day (its count went over, whatever ours said). */
  lockedOut?: boolean;
}

/**
 * The application's calls per server UTC day, kept on disk so that every run (and every export
 * on this machine with the same client id) sees what earlier runs spent. The server tells no
 * "calls left today", so this count is the only way to plan and to stop before the server locks
 * the client out. The day is the server's (from its `Date` header), not this machine's clock.
 * Processes on other machines are not counted here: that is what Redis coordination is for.
 */
export class CallLedger {
  private readonly app: string;

  constructor(
    private readonly path: string,
    baseUrl: string,
    clientId: string,
    readonly limit: number,
  ) {
    // A fingerprint, not the client id itself, keys the file.
    this.app = createHash('sha256').update(`${baseUrl}\n${clientId}`).digest('hex').slice(0, 16);
  }

  private readAll(): Record<string, AppDay> {
    try {
      return JSON.parse(readFileSync(this.path, 'utf8')) as Record<string, AppDay>;
    } catch {
      return {};
    }
  }

  private entry(day: string): AppDay {
    const entry = this.readAll()[this.app];
    return entry && entry.day === day ? entry : { day, calls: 0 };
  }

  private write(entry: AppDay): void {
    const all = this.readAll();
    all[this.app] = entry;
    mkdirSync(dirname(this.path), { recursive: true, mode: 0o700 });
    const temp = `${this.path}.${process.pid}.tmp`;
    writeFileSync(temp, JSON.stringify(all), { mode: 0o600 });
    renameSync(temp, this.path);
  }

  spent(day: string): number {
    return this.entry(day).calls;
  }

  left(day: string): number {
    const entry = this.entry(day);
    return entry.lockedOut ? 0 : Math.max(0, this.limit - entry.calls);
  }

  count(day: string, calls = 1): void {
    const entry = this.entry(day);
    this.write({ ...entry, calls: entry.calls + calls });
  }

  lockedOut(day: string): boolean {
    return this.entry(day).lockedOut === true;
  }

  lockOut(day: string): void {
    this.write({ ...this.entry(day), lockedOut: true });
  }
}

/** The server's UTC day from an HTTP `Date` header (this machine's clock when there is none). */
export function serverDay(dateHeader: string | null | undefined): string {
  const time = dateHeader ? Date.parse(dateHeader) : Number.NaN;
  return new Date(Number.isNaN(time) ? Date.now() : time).toISOString().slice(0, 10);
}

/** When the server's next UTC day starts. */
export function nextDayStart(day: string): Date {
  return new Date(Date.parse(`${day}T00:00:00Z`) + DAY_MS);
}
