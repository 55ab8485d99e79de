/**
 * `npm run bench:diagnostics`: what the core's diagnostics_channel publishing costs a call when
 * nobody subscribes (src/core/observe/diagnostics.ts: the call, one request, one admission), against the
 * same three nested async steps without it. Goal: at most 1 us a call, a fraction of a per mille
 * of a call on loopback (docs/benchmarks.md, goal 2).
 */
import { callEvent, traceAdmission, traceAttempt, traceCall } from '../src/core/observe/diagnostics.js';

const GOAL_US = 1;
const CALLS = 300_000;
const ROUNDS = 5;

const usage = () => ({ day: '', calls: 0, limit: 1, remaining: 1, resetsAt: new Date() });
const answer = { data: 1, response: new Response(null), rateLimit: undefined };
const sent = { outcome: { error: new Error('bench'), aborted: false } };
const request = { method: 'GET', url: 'https://api.example.com/skus/1', kind: 'first' as const, try: 1 };

async function published(): Promise<unknown> {
  const event = callEvent('GET', 'app:bench', usage, true);
  return traceCall(event, async () => {
    await traceAttempt(request, async () => {
      await traceAdmission('window', async () => 1);
      return sent;
    });
    return answer;
  });
}

async function bare(): Promise<unknown> {
  return (async () => {
    await (async () => {
      await (async () => 1)();
      return sent;
    })();
    return answer;
  })();
}

async function perCallUs(run: () => Promise<unknown>): Promise<number> {
  const started = performance.now();
  for (let i = 0; i < CALLS; i++) await run();
  return ((performance.now() - started) * 1000) / CALLS;
}

const added: number[] = [];
await perCallUs(bare);
await perCallUs(published);
for (let round = 0; round < ROUNDS; round++) {
  const without = await perCallUs(bare);
  const withChecks = await perCallUs(published);
  added.push(withChecks - without);
}
added.sort((a, b) => a - b);
const median = added[Math.floor(added.length / 2)] ?? Number.NaN;
console.log(
  `diagnostics_channel, no subscriber: ${median.toFixed(3)} us added per call (median of ${ROUNDS} rounds of ${CALLS}; rounds ${added.map((n) => n.toFixed(3)).join(', ')}), goal <= ${GOAL_US} us: ${median <= GOAL_US ? 'PASS' : 'SHORT'}`,
);
