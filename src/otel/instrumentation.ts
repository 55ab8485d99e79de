/**
 * `PriceCatalogInstrumentation`: OpenTelemetry's Instrumentation interface over the SDK's
 * diagnostics_channel events, so it goes into `registerInstrumentations` (or the Node SDK's
 * `instrumentations`) or is enabled by hand. Like OpenTelemetry's own instrumentations it is
 * enabled when made, unless `enabled: false`.
 */
import {
  type Meter,
  type MeterProvider,
  metrics,
  type Tracer,
  type TracerProvider,
  trace,
} from '@opentelemetry/api';
import { Listeners } from './listeners.js';
import { Instruments } from './metrics.js';
import { VERSION } from './version.js';

export interface PriceCatalogInstrumentationConfig {
  /** Whether the instrumentation listens from the start (default true). */
  enabled?: boolean;
}

const NAME = 'price-catalog';

export class PriceCatalogInstrumentation {
  readonly instrumentationName = NAME;
  readonly instrumentationVersion = VERSION;
  private config: PriceCatalogInstrumentationConfig;
  private tracer: Tracer;
  private meter: Meter | undefined;
  private instruments: Instruments | undefined;
  private listeners: Listeners | undefined;

  constructor(config: PriceCatalogInstrumentationConfig = {}) {
    this.config = { enabled: true, ...config };
    // The global provider (a proxy until one is registered).
    this.tracer = trace.getTracer(NAME, VERSION);
    if (this.config.enabled) this.enable();
  }

  /** Starts listening to the SDK's channels (again after `disable()`). */
  enable(): void {
    if (this.listeners) return;
    this.listeners = new Listeners({
      tracer: () => this.tracer,
      instruments: () => this.currentInstruments(),
    });
    // The budget gauges report from now on.
    this.currentInstruments();
  }

  /** Stops listening: no span, measurement or gauge reading comes from the SDK after it. */
  disable(): void {
    this.listeners?.close();
    this.listeners = undefined;
    this.instruments?.close();
    this.instruments = undefined;
  }

  setTracerProvider(tracerProvider: TracerProvider): void {
    this.tracer = tracerProvider.getTracer(NAME, VERSION);
  }

  setMeterProvider(meterProvider: MeterProvider): void {
    this.instruments?.close();
    this.instruments = undefined;
    this.meter = meterProvider.getMeter(NAME, VERSION);
    if (this.listeners) this.currentInstruments();
  }

  setConfig(config: PriceCatalogInstrumentationConfig): void {
    this.config = { enabled: this.config.enabled, ...config };
  }

  getConfig(): PriceCatalogInstrumentationConfig {
    return { ...this.config };
  }

  /** Made on first use: the global meter provider, when none was set, as it is then. */
  private currentInstruments(): Instruments {
    if (!this.instruments) {
      const meter = this.meter ?? metrics.getMeter(NAME, VERSION);
      this.instruments = new Instruments(meter, () => this.listeners?.budgets ?? []);
    }
    return this.instruments;
  }
}
