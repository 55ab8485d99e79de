/**
 * `price-catalog/otel`: OpenTelemetry spans and metrics for the SDK's calls, from the events the
 * core publishes on diagnostics_channel. Needs `@opentelemetry/api` (an optional peer dependency of
 * this entry only) and a server runtime. See docs/observability.md.
 */
export {
  PriceCatalogInstrumentation,
  type PriceCatalogInstrumentationConfig,
} from './instrumentation.js';
