/**
 * The instruments: the semantic conventions' request duration, and the SDK's own counters and
 * gauges (docs/observability.md lists each with its attributes).
 */
import type { Counter, Histogram, Meter, ObservableCallback, ObservableGauge } from '@opentelemetry/api';
import type { DailyUsage } from '../index.js';
import { utcDay } from '../internal/day.js';
import { ATTR, METRIC } from './names.js';

/** The semantic conventions' advice for `http.client.request.duration`, in seconds. */
const DURATION_BUCKETS = [0.005, 0.01, 0.025, 0.05, 0.075, 0.1, 0.25, 0.5, 0.75, 1, 2.5, 5, 7.5, 10];
const WAIT_BUCKETS = [0.01, 0.1, 0.5, 1, 5, 10, 30, 60, 120, 300];

export class Instruments {
  readonly duration: Histogram;
  readonly calls: Counter;
  readonly cache: Counter;
  readonly requests: Counter;
  readonly waits: Histogram;
  readonly tokens: Counter;
  readonly stale: Counter;
  readonly revalidations: Counter;
  readonly refused: Counter;
  private readonly used: ObservableGauge;
  private readonly remaining: ObservableGauge;
  private readonly observeUsed: ObservableCallback;
  private readonly observeRemaining: ObservableCallback;

  /** `budgets`: each application's day as last seen (its fingerprint, its usage). */
  constructor(meter: Meter, budgets: () => Iterable<[string, DailyUsage]>) {
    this.duration = meter.createHistogram(METRIC.duration, {
      description: 'Duration of HTTP client requests (each request a call sends, retries included).',
      unit: 's',
      advice: { explicitBucketBoundaries: DURATION_BUCKETS },
    });
    this.calls = meter.createCounter(METRIC.calls, {
      description: 'Calls of the SDK, cached or sent, by outcome.',
      unit: '{call}',
    });
    this.cache = meter.createCounter(METRIC.cache, {
      description: "GET calls looked up in the SDK's cache: hit, revalidated (304) or miss.",
      unit: '{lookup}',
    });
    this.requests = meter.createCounter(METRIC.requests, {
      description: 'Requests sent to the API, by why they went (first, retry, redirect, replay, rate-limit).',
      unit: '{request}',
    });
    this.waits = meter.createHistogram(METRIC.waits, {
      description: "Waits for a place in the token's rate-limit window.",
      unit: 's',
      advice: { explicitBucketBoundaries: WAIT_BUCKETS },
    });
    this.tokens = meter.createCounter(METRIC.tokens, {
      description: 'Requests to the token endpoint, by grant and outcome.',
      unit: '{request}',
    });
    this.stale = meter.createCounter(METRIC.stale, {
      description: 'Stored answers the handler served past their max-age.',
      unit: '{answer}',
    });
    this.revalidations = meter.createCounter(METRIC.revalidations, {
      description: 'Background revalidations the handler started.',
      unit: '{revalidation}',
    });
    this.refused = meter.createCounter(METRIC.refused, {
      description: "Visitors' requests the handler refused, by reason.",
      unit: '{request}',
    });
    this.used = meter.createObservableGauge(METRIC.budgetUsed, {
      description: "Calls the application has spent of today's budget (UTC day), as last counted here.",
      unit: '{call}',
    });
    this.remaining = meter.createObservableGauge(METRIC.budgetRemaining, {
      description: "Calls left of the application's budget today (none when the budget is off).",
      unit: '{call}',
    });
    this.observeUsed = (result) => {
      for (const [app, usage] of today(budgets())) result.observe(usage.calls, { [ATTR.app]: app });
    };
    this.observeRemaining = (result) => {
      for (const [app, usage] of today(budgets()))
        if (usage.remaining !== null) result.observe(usage.remaining, { [ATTR.app]: app });
    };
    this.used.addCallback(this.observeUsed);
    this.remaining.addCallback(this.observeRemaining);
  }

  /** Stops the gauges' callbacks (a new meter provider, or disable()). */
  close(): void {
    this.used.removeCallback(this.observeUsed);
    this.remaining.removeCallback(this.observeRemaining);
  }
}

/** Each application's usage, as of today: a day that has passed counts nothing any more. */
function* today(budgets: Iterable<[string, DailyUsage]>): Iterable<[string, DailyUsage]> {
  const day = utcDay();
  for (const [app, usage] of budgets) {
    if (usage.day === day) yield [app, usage];
    else yield [app, { ...usage, day, calls: 0, remaining: usage.limit }];
  }
}
