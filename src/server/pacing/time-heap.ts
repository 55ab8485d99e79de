/**
 * A binary min-heap of (time, key): when each watched answer goes stale, or comes due. An entry is
 * not removed when its key's time changes; the owner says which entries still hold, and the others
 * are dropped as they reach the top, or all at once when they outnumber the live ones. Written
 * here: the server's ESM build is one file per module, so a heap library would become a runtime
 * dependency of the package.
 */
export class TimeHeap {
  private times: number[] = [];
  private keys: string[] = [];
  /** The length after the last compaction: past twice that, the entries that no longer hold go. */
  private compacted = 0;

  /** `holds(key, at)`: whether `at` is still `key`'s time. */
  constructor(private readonly holds: (key: string, at: number) => boolean) {}

  push(at: number, key: string): void {
    if (this.times.length > 2 * this.compacted + 64) this.compact();
    this.times.push(at);
    this.keys.push(key);
    this.up(this.times.length - 1);
  }

  /** The earliest time that holds (Infinity: none). */
  earliest(): number {
    while (this.times.length > 0) {
      const at = this.times[0] as number;
      if (this.holds(this.keys[0] as string, at)) return at;
      this.pop();
    }
    return Number.POSITIVE_INFINITY;
  }

  /** Takes the earliest entry that holds, and gives its key (call after `earliest`). */
  take(): string {
    const key = this.keys[0] as string;
    this.pop();
    return key;
  }

  clear(): void {
    this.times = [];
    this.keys = [];
    this.compacted = 0;
  }

  /** Keeps one entry per key, those that hold. */
  private compact(): void {
    const times = this.times;
    const keys = this.keys;
    const kept = new Set<string>();
    this.clear();
    for (let i = 0; i < keys.length; i++) {
      const key = keys[i] as string;
      const at = times[i] as number;
      if (kept.has(key) || !this.holds(key, at)) continue;
      kept.add(key);
      this.times.push(at);
      this.keys.push(key);
      this.up(this.times.length - 1);
    }
    this.compacted = this.times.length;
  }

  private pop(): void {
    const lastAt = this.times.pop() as number;
    const lastKey = this.keys.pop() as string;
    if (this.times.length === 0) return;
    this.times[0] = lastAt;
    this.keys[0] = lastKey;
    this.down(0);
  }

  private up(i: number): void {
    while (i > 0) {
      const parent = (i - 1) >> 1;
      if ((this.times[parent] as number) <= (this.times[i] as number)) return;
      this.swap(i, parent);
      i = parent;
    }
  }

  private down(i: number): void {
    const n = this.times.length;
    for (;;) {
      const left = 2 * i + 1;
      const right = left + 1;
      let least = i;
      if (left < n && (this.times[left] as number) < (this.times[least] as number)) least = left;
      if (right < n && (this.times[right] as number) < (this.times[least] as number)) least = right;
      if (least === i) return;
      this.swap(i, least);
      i = least;
    }
  }

  private swap(a: number, b: number): void {
    [this.times[a], this.times[b]] = [this.times[b] as number, this.times[a] as number];
    [this.keys[a], this.keys[b]] = [this.keys[b] as string, this.keys[a] as string];
  }
}
