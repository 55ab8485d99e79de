/**
 * The names of the SDK's diagnostics_channel channels (`tracing:<name>:start` and so on for each
 * TracingChannel), shared by src/core/observe/diagnostics.ts and its browser stand-in.
 */
export const DIAGNOSTICS_CHANNELS = {
  call: 'price-catalog:call',
  attempt: 'price-catalog:attempt',
  admission: 'price-catalog:admission',
  token: 'price-catalog:token',
  /** A plain channel of `price-catalog/server`'s handler (HandlerEvent). */
  handler: 'price-catalog:handler',
} as const;
