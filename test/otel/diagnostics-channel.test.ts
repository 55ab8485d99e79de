import { AsyncLocalStorage } from 'node:async_hooks';
import { tracingChannel } from 'node:diagnostics_channel';
import { afterEach, describe, expect, it } from 'vitest';
import {
  type AttemptEvent,
  type CallEvent,
  createClient,
  DIAGNOSTICS_CHANNELS,
  type TokenEvent,
} from '../../src/index.js';
import { createSandbox } from '../../src/sandbox/index.js';
import { sandboxOptions } from '../helpers/index.js';

const undo: (() => void)[] = [];
afterEach(() => {
  for (const step of undo.splice(0)) step();
});

describe("the core's diagnostics_channel, read directly as an APM agent would", () => {
  it('each call, its requests and its token request, found together through a bound store', async () => {
    const calls = tracingChannel<CallEvent, CallEvent>(DIAGNOSTICS_CHANNELS.call);
    const attempts = tracingChannel<unknown, AttemptEvent>(DIAGNOSTICS_CHANNELS.attempt);
    const tokens = tracingChannel<unknown, TokenEvent>(DIAGNOSTICS_CHANNELS.token);
    const current = new AsyncLocalStorage<CallEvent>();
    const ended: CallEvent[] = [];
    const sent: [string | undefined, number | undefined][] = [];
    const tokenRequests: [string, CallEvent | undefined][] = [];
    calls.start.bindStore(current, (event) => event);
    const onCall = (event: unknown) => void ended.push(event as CallEvent);
    const onAttempt = (event: unknown) =>
      void sent.push([current.getStore()?.route, (event as AttemptEvent).status]);
    const onToken = (event: unknown) =>
      void tokenRequests.push([(event as TokenEvent).grant, current.getStore()]);
    calls.asyncEnd.subscribe(onCall);
    attempts.asyncEnd.subscribe(onAttempt);
    tokens.start.subscribe(onToken);
    undo.push(
      () => calls.start.unbindStore(current),
      () => calls.asyncEnd.unsubscribe(onCall),
      () => attempts.asyncEnd.unsubscribe(onAttempt),
      () => tokens.start.unsubscribe(onToken),
    );

    const sandbox = createSandbox();
    const api = createClient({ ...sandboxOptions(sandbox), logLevel: 'off' });
    const id = sandbox.data.skus[0]?.id as number;
    await api.skus.get(id);
    await api.skus.get(id);
    expect(ended.map(({ result: _, ...event }) => event)).toEqual([
      expect.objectContaining({
        method: 'GET',
        route: '/skus/{id}',
        url: `${sandbox.baseUrl}/skus/${id}`,
        apiVersion: '3.2',
        principal: 'app',
        status: 200,
        cache: 'miss',
        budget: expect.objectContaining({ calls: 1, remaining: 999 }),
      }),
      expect.objectContaining({ route: '/skus/{id}', status: 200, cache: 'hit' }),
    ]);
    expect(ended[0]?.result?.data).toMatchObject({ id });
    expect(sent).toEqual([['/skus/{id}', 200]]);
    // The token request runs inside the first call: the store gives that very call.
    expect(tokenRequests).toHaveLength(1);
    expect(tokenRequests[0]?.[0]).toBe('client_credentials');
    expect(tokenRequests[0]?.[1]).toBe(ended[0]);
  });

  it('with no subscriber nothing is published, and calls go on as ever', async () => {
    expect(tracingChannel(DIAGNOSTICS_CHANNELS.call).hasSubscribers).toBe(false);
    const sandbox = createSandbox();
    const api = createClient({ ...sandboxOptions(sandbox), logLevel: 'off' });
    await expect(api.skus.get(sandbox.data.skus[0]?.id as number)).resolves.toBeTruthy();
  });
});
