import { Writable } from 'node:stream';
import { describe, expect, it } from 'vitest';
import { createProgress, etaMs, formatDuration } from '../../src/cli/progress.js';

/** A stream that says it is a terminal, and keeps what is written to it. */
function terminal(): { stream: NodeJS.WriteStream; text: () => string } {
  let text = '';
  const stream = new Writable({
    write(chunk: Buffer, _encoding, done) {
      text += chunk.toString();
      done();
    },
  }) as unknown as NodeJS.WriteStream;
  Object.assign(stream, {
    isTTY: true,
    columns: 160,
    cursorTo: () => true,
    clearLine: () => true,
    moveCursor: () => true,
  });
  return { stream, text: () => text };
}

describe('exporter progress', () => {
  it('draws a bar on a terminal: calls of the plan, items, pages, calls left today, ETA', () => {
    const { stream, text } = terminal();
    const progress = createProgress(stream);
    const rateLimit = { limit: 100, remaining: 50, reset: Math.ceil(Date.now() / 1000) + 30 };
    progress.update({ records: 100, pages: 1, calls: 1, plannedCalls: 344, leftToday: 999, rateLimit });
    progress.update({ records: 250, pages: 3, calls: 3, plannedCalls: 344, leftToday: 997, rateLimit });
    progress.log('[price-catalog] Done');
    progress.stop();
    expect(text()).toContain('3/344 calls | 250 items | 3 pages | 997 calls left today | ETA');
    expect(text()).toContain('[price-catalog] Done\n');
  });

  it('ETA: the calls left in the window go at the measured pace, the rest one window per limit', () => {
    const now = 1_000_000_000_000;
    const rate = { limit: 100, remaining: 10, reset: now / 1000 + 20 };
    expect(etaMs(0, 50, rate, now)).toBe(0);
    expect(etaMs(10, 50, rate, now)).toBe(500);
    // 10 now, then 100 in the next window (from reset, 20 s away), then 40 more a window later.
    expect(etaMs(150, 50, rate, now)).toBe(20_000 + 60_000);
    expect(etaMs(150, 1000, rate, now)).toBe(150_000);
    expect(etaMs(5, 50, undefined, now)).toBe(250);
    expect(formatDuration(80_000)).toBe('1m20s');
    expect(formatDuration(3 * 3600_000 + 60_000)).toBe('3h01m');
  });
});
