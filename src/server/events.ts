/**
 * What the handler tells on `price-catalog:handler` (docs/observability.md): stale answers served,
 * background revalidations, visitors refused. A plain diagnostics_channel, taken with
 * `process.getBuiltinModule`: on a runtime without one (a worker), nothing is published.
 */
import { DIAGNOSTICS_CHANNELS, type HandlerEvent } from '../index.js';
import { routeOf } from '../internal/route.js';
import { diagnosticsChannelModule } from '../internal/runtime.js';

interface Channel {
  readonly hasSubscribers: boolean;
  publish(message: unknown): void;
}

const channel = diagnosticsChannelModule<{ channel?: (name: string) => Channel }>()?.channel?.(
  DIAGNOSTICS_CHANNELS.handler,
);

/** A stored answer of the API path `path` served past its max-age. */
export function staleServed(path: string): void {
  if (channel?.hasSubscribers) publish({ event: 'stale', route: routeOf(path) });
}

/** A background revalidation of the stored answer of `path` started. */
export function revalidationStarted(path: string): void {
  if (channel?.hasSubscribers) publish({ event: 'revalidation', route: routeOf(path) });
}

/** A visitor's request refused: the day is spent, the API cannot be reached, or its share is spent. */
export function visitorRefused(reason: 'budget' | 'unavailable' | 'share'): void {
  if (channel?.hasSubscribers) publish({ event: 'refused', reason });
}

function publish(event: HandlerEvent): void {
  channel?.publish(event);
}
