export interface RateState {
  limit: number;
  remaining: number;
  /** Window end, UTC epoch seconds (rounded up). */
  reset: number;
  exceeded: boolean;
}

interface Window {
  start: number;
  count: number;
}

/** Fixed windows per token, each starting at the token's first request after the previous one ended. */
export class RateWindows {
  private readonly windows = new Map<string, Window>();

  constructor(
    private readonly limit: number,
    private readonly windowMs: number,
  ) {}

  /** Counts one request of `token`. */
  hit(token: string, now: number): RateState {
    let window = this.windows.get(token);
    if (!window || now >= window.start + this.windowMs) {
      window = { start: now, count: 0 };
      this.windows.set(token, window);
    }
    window.count += 1;
    return this.state(window, window.count > this.limit);
  }

  /** The window as it stands, for answers that look like a rate-limit refusal without being one. */
  exhausted(token: string, now: number): RateState {
    const window = this.windows.get(token) ?? { start: now, count: this.limit };
    return { ...this.state(window, true), remaining: 0 };
  }

  clear(): void {
    this.windows.clear();
  }

  private state(window: Window, exceeded: boolean): RateState {
    return {
      limit: this.limit,
      remaining: Math.max(0, this.limit - window.count),
      reset: Math.ceil((window.start + this.windowMs) / 1000),
      exceeded,
    };
  }
}

export function rateLimitHeaders(state: RateState): Record<string, string> {
  return {
    'X-RateLimit-Limit': String(state.limit),
    'X-RateLimit-Remaining': String(state.remaining),
    'X-RateLimit-Reset': String(state.reset),
  };
}
