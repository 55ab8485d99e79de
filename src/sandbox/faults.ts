import type { Rng } from './data/random.js';
import type { FaultOptions, InjectedFault } from './types.js';

export type Fault =
  | { kind: 'status'; status: number; body?: unknown; headers?: Record<string, string> }
  | { kind: 'reset' }
  | { kind: 'burst' };

const DEFAULT_STATUSES = [500, 502, 503, 504];

/**
 * Decides, request by request, whether an API request fails. Exact injections (failNext) come
 * first, then forbidden bursts, then the seeded rate. The seeded draw happens on every request
 * when a rate is set, so a given request number always meets the same fate for a seed.
 */
export class FaultPlan {
  private readonly queue: InjectedFault[] = [];
  private seen = 0;

  constructor(
    private readonly options: FaultOptions,
    private readonly rng: Rng,
  ) {}

  inject(count: number, fault: InjectedFault): void {
    for (let i = 0; i < count; i++) this.queue.push(fault);
  }

  next(): Fault | null {
    this.seen += 1;
    const { rate = 0, statuses = DEFAULT_STATUSES, resetShare = 0, forbiddenBurst } = this.options;
    const draw = rate > 0 ? [this.rng.next(), this.rng.next(), this.rng.next()] : null;

    const injected = this.queue.shift();
    if (injected !== undefined)
      return injected === 'reset' ? { kind: 'reset' } : { kind: 'status', ...injected };

    if (forbiddenBurst && forbiddenBurst.every > 0 && forbiddenBurst.length > 0) {
      const position = (this.seen - 1) % forbiddenBurst.every;
      if (position >= forbiddenBurst.every - forbiddenBurst.length) return { kind: 'burst' };
    }

    if (draw && (draw[0] ?? 1) < rate && statuses.length > 0) {
      if ((draw[1] ?? 1) < resetShare) return { kind: 'reset' };
      const status = statuses[Math.floor((draw[2] ?? 0) * statuses.length)] ?? 500;
      return { kind: 'status', status };
    }
    return null;
  }
}
