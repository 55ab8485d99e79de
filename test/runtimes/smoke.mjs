// The SDK as published, in whatever runtime runs this file (Node, Bun, Deno): run from a directory
// where the packed package is installed (test/runtimes/runtimes.test.ts does so), it checks what
// differs between runtimes (the global fetch and its redirects, timers, AbortSignal, the default
// log's stream, node:http for the sandbox's loopback server) and prints one JSON object of results
// on stdout. The default logger writes a warning to stderr, which the test reads.
import { createClient } from 'price-catalog';
import { createSandbox } from 'price-catalog/testing';

const results = {};
const sandbox = createSandbox();
const app = {
  baseUrl: sandbox.baseUrl,
  authUrl: sandbox.authUrl,
  clientId: sandbox.clientId,
  clientSecret: sandbox.clientSecret,
  fetch: sandbox.fetch,
};

/** The error's name, or 'none' when `work` did not fail. */
async function failure(work) {
  try {
    await work;
    return 'none';
  } catch (error) {
    return error?.name ?? String(error);
  }
}

const client = createClient(app);
results.get = (await client.catalog.categories.get(40)).id;
let calls = sandbox.apiCalls().length;
results.crawl = (await client.catalog.categories.skus(40).toArray()).length;
results.crawlCalls = sandbox.apiCalls().length - calls;
calls = sandbox.apiCalls().length;
await Promise.all(Array.from({ length: 10 }, () => client.catalog.categories.get(40, { cache: 'no-cache' })));
results.singleFlightCalls = sandbox.apiCalls().length - calls;

// Time limits and aborts on this runtime's timers and AbortSignal.
const slowFetch = async (input, init) => {
  await new Promise((resolve) => setTimeout(resolve, 300));
  return sandbox.fetch(input, init);
};
const slow = createClient({ ...app, fetch: slowFetch, maxRetries: 0, cache: false });
results.timeout = await failure(slow.catalog.categories.get(40, { timeout: 100 }));
results.deadline = await failure(slow.catalog.categories.get(40, { deadline: 100 }));
results.noLimit = (await slow.catalog.categories.get(40, { timeout: Number.POSITIVE_INFINITY })).id;
const controller = new AbortController();
setTimeout(() => controller.abort(), 50);
results.abort = await failure(slow.catalog.categories.get(40, { signal: controller.signal }));

// The daily budget guard refuses before sending.
const budget = createClient({ ...app, dailyLimit: 1, cache: false });
calls = sandbox.apiCalls().length;
await budget.catalog.categories.get(40);
results.overBudget = await failure(budget.catalog.categories.get(40));
results.budgetCalls = sandbox.apiCalls().length - calls;

// The runtime's own fetch against the sandbox's loopback server (node:http): the SDK follows a
// 301 itself (redirect: 'manual' on server runtimes) and remembers it, so a second call goes
// straight to the new URI.
const served = await sandbox.listen({ port: 0 });
try {
  const net = createClient({ ...app, fetch: undefined, baseUrl: served.baseUrl, authUrl: served.baseUrl });
  results.loopback = (await net.catalog.categories.get(40)).id;
  sandbox.addRedirect({ from: '/categories/42', to: '/categories/40', status: 301 });
  sandbox.clearRequests();
  results.redirected = (await net.catalog.categories.get(42, { cache: 'no-store' })).id;
  results.again = (await net.catalog.categories.get(42, { cache: 'no-store' })).id;
  results.redirectPaths = sandbox.apiCalls().map((request) => `${request.status} ${request.path}`);
} finally {
  await served.close();
}

// The default logger: a warning (an answer that fails validation, in `warn` mode) goes to stderr.
const lenient = createClient({
  ...app,
  validation: 'warn',
  fetch: async (input, init) => {
    const answer = await sandbox.fetch(input, init);
    if (!new URL(new Request(input, init).url).pathname.startsWith('/categories/')) return answer;
    return new Response(JSON.stringify({ category: { id: 'not a number' } }), {
      status: 200,
      headers: answer.headers,
    });
  },
  cache: false,
});
results.warned = (await lenient.catalog.categories.get(40)).id;

// The entry this runtime loaded refuses a bad page in strict mode.
results.entry = import.meta.resolve('price-catalog').split('/').pop();
const strict = createClient({
  ...app,
  fetch: async (input, init) => {
    const answer = await sandbox.fetch(input, init);
    const body = await answer.json();
    if (body.skus?.[2]) body.skus[2].name = null;
    return new Response(JSON.stringify(body), { status: answer.status, headers: answer.headers });
  },
  cache: false,
});
results.strict = await strict.catalog.categories
  .skus(40)
  .catch((error) => `${error.name} at ${error.path.join('.')}`);

console.log(JSON.stringify(results));
