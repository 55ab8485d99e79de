/**
 * The SDK's diagnostics_channel events as spans and measurements. Each call gets a CLIENT span,
 * started when the call starts (a child of the active span) and made the current call for what
 * runs inside it through an AsyncLocalStorage bound to the call channel's `start`: its requests,
 * rate-limit waits and token requests find their call there.
 *
 * A subscriber that throws would crash the process (diagnostics_channel reports it as uncaught):
 * every handler here catches.
 */
import { AsyncLocalStorage } from 'node:async_hooks';
import { channel, tracingChannel } from 'node:diagnostics_channel';
import {
  type Attributes,
  type Context,
  context,
  type Span,
  SpanKind,
  SpanStatusCode,
  type Tracer,
  trace,
} from '@opentelemetry/api';
import {
  type AdmissionEvent,
  type AttemptEvent,
  type CallEvent,
  type DailyUsage,
  DIAGNOSTICS_CHANNELS,
  type HandlerEvent,
  type TokenEvent,
} from '../index.js';
import type { Instruments } from './metrics.js';
import { ATTR, EVENT, errorType, serverOf, WAIT_MS } from './names.js';

/** A call being traced. */
interface CallState {
  readonly event: CallEvent;
  readonly span: Span;
  /** The span's context: the parent of the call's token requests. */
  readonly context: Context;
  readonly startedAt: number;
  /** Requests sent so far. */
  sent: number;
  /** Time waited for the window, in ms. */
  waitedMs: number;
  /** When the last admission ended: a request's duration is counted from there. */
  admittedAt: number;
}

/** What the listeners write to: read at each event, so a new provider takes effect at once. */
export interface Sinks {
  tracer(): Tracer;
  instruments(): Instruments;
}

type Handlers<E extends object> = {
  start?: (event: E) => void;
  asyncEnd?: (event: E) => void;
};

/** The subscriptions of one enabled instrumentation; `close()` ends every one of them. */
export class Listeners {
  /** Each application's day, as its last call saw it (the budget gauges). */
  readonly budgets = new Map<string, DailyUsage>();
  private readonly current = new AsyncLocalStorage<CallState | undefined>();
  private readonly calls = new WeakMap<CallEvent, CallState>();
  private readonly started = new WeakMap<object, number>();
  private readonly tokenSpans = new WeakMap<TokenEvent, Span>();
  private readonly undo: (() => void)[] = [];

  constructor(private readonly sinks: Sinks) {
    const calls = tracingChannel<CallState | undefined, CallEvent>(DIAGNOSTICS_CHANNELS.call);
    calls.start.bindStore(this.current, (event) => guarded(() => this.callStarted(event)));
    this.undo.push(() => calls.start.unbindStore(this.current));
    this.trace(DIAGNOSTICS_CHANNELS.call, { asyncEnd: (event: CallEvent) => this.callEnded(event) });
    this.trace(DIAGNOSTICS_CHANNELS.attempt, {
      start: (event: AttemptEvent) => this.started.set(event, performance.now()),
      // asyncEnd follows a rejection too (after `error`): one place for both.
      asyncEnd: (event: AttemptEvent) => this.attemptEnded(event),
    });
    this.trace(DIAGNOSTICS_CHANNELS.admission, {
      asyncEnd: (event: AdmissionEvent) => this.admitted(event),
    });
    this.trace(DIAGNOSTICS_CHANNELS.token, {
      start: (event: TokenEvent) => this.tokenStarted(event),
      asyncEnd: (event: TokenEvent) => this.tokenEnded(event),
    });
    const handler = channel(DIAGNOSTICS_CHANNELS.handler);
    const onHandler = (message: unknown) => guarded(() => this.handlerEvent(message as HandlerEvent));
    handler.subscribe(onHandler);
    this.undo.push(() => handler.unsubscribe(onHandler));
  }

  close(): void {
    for (const undo of this.undo.splice(0)) undo();
  }

  private trace<E extends object>(name: string, handlers: Handlers<E>): void {
    const tc = tracingChannel<unknown, E>(name);
    const safe = Object.fromEntries(
      Object.entries(handlers).map(([key, handler]) => [key, (event: E) => guarded(() => handler(event))]),
    ) as Handlers<E>;
    tc.subscribe(safe as Parameters<typeof tc.subscribe>[0]);
    this.undo.push(() => tc.unsubscribe(safe as Parameters<typeof tc.unsubscribe>[0]));
  }

  private callStarted(event: CallEvent): CallState {
    const parent = context.active();
    const span = this.sinks
      .tracer()
      .startSpan(
        spanName(event),
        { kind: SpanKind.CLIENT, attributes: { [ATTR.method]: event.method } },
        parent,
      );
    const now = performance.now();
    const state: CallState = {
      event,
      span,
      context: trace.setSpan(parent, span),
      startedAt: now,
      sent: 0,
      waitedMs: 0,
      admittedAt: now,
    };
    this.calls.set(event, state);
    return state;
  }

  private callEnded(event: CallEvent): void {
    const state = this.calls.get(event);
    if (!state) return;
    this.calls.delete(event);
    const { span } = state;
    const failed = event.error !== undefined;
    const attributes = callAttributes(event);
    if (state.sent > 1) attributes[ATTR.resendCount] = state.sent - 1;
    if (state.waitedMs > 0) attributes[ATTR.waitMs] = state.waitedMs;
    if (event.budget?.remaining != null) attributes[ATTR.budgetRemaining] = event.budget.remaining;
    if (event.apiVersion) attributes[ATTR.apiVersion] = event.apiVersion;
    if (event.principal) attributes[ATTR.principal] = event.principal;
    if (event.cache) attributes[ATTR.cache] = event.cache;
    span.updateName(spanName(event));
    span.setAttributes(attributes);
    if (failed) {
      const message = event.error instanceof Error ? event.error.message : undefined;
      span.setStatus({ code: SpanStatusCode.ERROR, ...(message && { message }) });
    }
    span.end();
    if (event.budget) this.budgets.set(event.app, event.budget);
    const metrics = this.sinks.instruments();
    const common: Attributes = { [ATTR.method]: event.method };
    if (event.route) common[ATTR.urlTemplate] = event.route;
    metrics.calls.add(1, {
      ...common,
      [ATTR.outcome]: failed ? 'failure' : 'success',
      ...(failed && { [ATTR.errorType]: errorType(event.error) }),
    });
    if (event.cache) metrics.cache.add(1, { ...common, [ATTR.cache]: event.cache });
  }

  private attemptEnded(event: AttemptEvent): void {
    const state = this.current.getStore();
    const endedAt = performance.now();
    const startedAt = Math.max(this.started.get(event) ?? endedAt, state?.admittedAt ?? 0);
    if (event.error !== undefined && event.status === undefined && event.errorType === undefined) {
      // Refused before sending (the budget, a wait too long): no request went.
      return;
    }
    const error = event.errorType ?? (event.status && event.status >= 400 ? String(event.status) : undefined);
    const attributes: Attributes = { [ATTR.method]: event.method };
    const server = serverOf(event.url);
    if (server) {
      attributes[ATTR.serverAddress] = server.address;
      attributes[ATTR.serverPort] = server.port;
    }
    if (event.status !== undefined) attributes[ATTR.status] = event.status;
    if (error) attributes[ATTR.errorType] = error;
    if (state?.event.route) attributes[ATTR.urlTemplate] = state.event.route;
    const metrics = this.sinks.instruments();
    metrics.duration.record(Math.max(0, endedAt - startedAt) / 1000, attributes);
    metrics.requests.add(1, { ...attributes, [ATTR.attemptKind]: event.kind });
    if (!state) return;
    state.sent++;
    state.span.addEvent(EVENT.attempt, {
      [ATTR.attempt]: event.attempt,
      [ATTR.attemptKind]: event.kind,
      ...(event.status !== undefined && { [ATTR.status]: event.status }),
      ...(event.errorType && { [ATTR.errorType]: event.errorType }),
    });
  }

  private admitted(event: AdmissionEvent): void {
    const state = this.current.getStore();
    if (state) state.admittedAt = performance.now();
    const waited = event.waitedMs ?? 0;
    if (waited < WAIT_MS) return;
    this.sinks.instruments().waits.record(waited / 1000, { [ATTR.waitReason]: event.reason });
    if (!state) return;
    state.waitedMs += waited;
    state.span.addEvent(EVENT.wait, { [ATTR.waitMs]: waited, [ATTR.waitReason]: event.reason });
  }

  private tokenStarted(event: TokenEvent): void {
    const parent = this.current.getStore()?.context ?? context.active();
    const attributes: Attributes = {
      [ATTR.method]: 'POST',
      [ATTR.urlFull]: event.url,
      [ATTR.urlTemplate]: '/oauth2/token',
      [ATTR.grant]: event.grant,
    };
    const server = serverOf(event.url);
    if (server) {
      attributes[ATTR.serverAddress] = server.address;
      attributes[ATTR.serverPort] = server.port;
    }
    const span = this.sinks
      .tracer()
      .startSpan('POST /oauth2/token', { kind: SpanKind.CLIENT, attributes }, parent);
    this.tokenSpans.set(event, span);
  }

  private tokenEnded(event: TokenEvent): void {
    const span = this.tokenSpans.get(event);
    const failed = event.error !== undefined;
    if (span) {
      this.tokenSpans.delete(event);
      const status = (event.error as { status?: unknown } | undefined)?.status;
      if (typeof status === 'number' && status > 0) span.setAttribute(ATTR.status, status);
      if (failed) {
        span.setAttribute(ATTR.errorType, errorType(event.error));
        span.setStatus({ code: SpanStatusCode.ERROR });
      }
      span.end();
    }
    this.sinks.instruments().tokens.add(1, {
      [ATTR.grant]: event.grant,
      [ATTR.outcome]: failed ? 'failure' : 'success',
      ...(failed && { [ATTR.errorType]: errorType(event.error) }),
    });
  }

  private handlerEvent(message: HandlerEvent): void {
    const metrics = this.sinks.instruments();
    switch (message.event) {
      case 'stale':
        metrics.stale.add(1, { [ATTR.urlTemplate]: message.route });
        // The request being served (a server span of the application's HTTP instrumentation).
        trace.getActiveSpan()?.setAttribute(ATTR.cache, 'stale');
        return;
      case 'revalidation':
        metrics.revalidations.add(1, { [ATTR.urlTemplate]: message.route });
        return;
      case 'refused':
        metrics.refused.add(1, { [ATTR.refusal]: message.reason });
        return;
    }
  }
}

/** `GET /skus/{id}`; the method alone while the path is not known. */
function spanName(event: CallEvent): string {
  return event.route ? `${event.method} ${event.route}` : event.method;
}

/** The semantic conventions' attributes of a call's span. */
function callAttributes(event: CallEvent): Attributes {
  const attributes: Attributes = { [ATTR.method]: event.method };
  if (event.url) attributes[ATTR.urlFull] = event.url;
  if (event.route) attributes[ATTR.urlTemplate] = event.route;
  const server = serverOf(event.url);
  if (server) {
    attributes[ATTR.serverAddress] = server.address;
    attributes[ATTR.serverPort] = server.port;
  }
  if (event.status !== undefined) attributes[ATTR.status] = event.status;
  if (event.error !== undefined) attributes[ATTR.errorType] = errorType(event.error);
  return attributes;
}

function guarded<T>(run: () => T): T | undefined {
  try {
    return run();
  } catch {
    // Telemetry never breaks a call, nor the process.
    return undefined;
  }
}
