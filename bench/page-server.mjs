// The bench's own HTTP server for the per-call goal (bench/goals/overhead.ts), in a process of
// its own as a real API is: the client's process then runs the client only. Plain JavaScript, so
// that it runs as a child with `node` alone; types in page-server.d.mts.
import { fork } from 'node:child_process';
import { createServer } from 'node:http';
import { fileURLToPath } from 'node:url';
import { createSandbox } from 'price-catalog/testing';

export const ACCEPT = 'application/vnd.skroutz+json; version=3.2';
const WINDOW_MS = 60_000;

/**
 * The answer the server sends: the sandbox's page of 25 SKUs of category 40, taken once through its
 * in-process fetch. In a function of its own so that the sandbox (tens of MB of generated catalog)
 * can be collected before the timing starts, as in a process that only runs the client.
 */
export async function samplePage() {
  const sandbox = createSandbox({ rateLimit: { limit: 1e9, windowMs: WINDOW_MS }, dailyLimit: null });
  const page = await sandbox.fetch(`${sandbox.baseUrl}/categories/40/skus?per=25`, {
    headers: { authorization: `Bearer ${sandbox.issueToken()}`, accept: ACCEPT },
  });
  return page.text();
}

/**
 * The options of goal 2's client against a page server at `baseUrl`: the application's credentials
 * (the server's token endpoint), no daily guard, no cache (every call sends its request).
 */
export function clientOptions(baseUrl) {
  return {
    baseUrl,
    authUrl: baseUrl,
    clientId: 'bench',
    clientSecret: 'bench',
    dailyLimit: null,
    cache: false,
  };
}

/**
 * A loopback HTTP server of the bench's own (not the sandbox): the token endpoint, and `body` for
 * every other request, `latencyMs` after it came (a real network's round trip), with X-RateLimit
 * headers counting down from `limit` in 60 s windows. Nothing but node:http between the socket
 * and the bytes.
 */
export async function pageServer(body, limit, latencyMs = 0) {
  let windowStart = Date.now();
  let used = 0;
  const server = createServer((request, response) => {
    if (request.url?.startsWith('/oauth2/token')) {
      request.resume();
      request.on('end', () => {
        response.writeHead(200, { 'content-type': 'application/json' });
        response.end(JSON.stringify({ access_token: 'bench-token', token_type: 'bearer', expires_in: 3600 }));
      });
      return;
    }
    const now = Date.now();
    if (now - windowStart >= WINDOW_MS) {
      windowStart = now;
      used = 0;
    }
    used++;
    const remaining = String(Math.max(0, limit - used));
    const reset = String(Math.ceil((windowStart + WINDOW_MS) / 1000));
    const answer = () => {
      response.writeHead(200, {
        'content-type': 'application/json; charset=utf-8',
        'cache-control': 'private, max-age=60',
        'x-ratelimit-limit': String(limit),
        'x-ratelimit-remaining': remaining,
        'x-ratelimit-reset': reset,
      });
      response.end(body);
    };
    if (latencyMs > 0) setTimeout(answer, latencyMs);
    else answer();
  });
  await new Promise((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    baseUrl: `http://127.0.0.1:${server.address().port}`,
    close: () =>
      new Promise((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

/**
 * pageServer(samplePage(), limit, latencyMs) in a child process of its own (plain node, none of
 * the parent's flags); `close` ends it. The child also ends when this process does (its IPC
 * channel closes).
 */
export async function pageServerProcess(limit, latencyMs = 0) {
  const child = fork(fileURLToPath(import.meta.url), ['--serve', String(limit), String(latencyMs)], {
    execArgv: [],
    stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
  });
  const baseUrl = await new Promise((resolve, reject) => {
    child.once('message', (message) => resolve(message.baseUrl));
    child.once('error', reject);
    child.once('exit', (code) =>
      reject(new Error(`the page server process exited (${code}) before it served`)),
    );
  });
  return {
    baseUrl,
    close: () =>
      new Promise((resolve) => {
        if (child.exitCode !== null) return resolve();
        child.once('exit', () => resolve());
        child.disconnect();
      }),
  };
}

if (process.argv[2] === '--serve' && process.send && process.argv[1] === fileURLToPath(import.meta.url)) {
  const served = await pageServer(await samplePage(), Number(process.argv[3]), Number(process.argv[4] ?? 0));
  process.once('disconnect', () => {
    served.close().then(() => process.exit(0));
  });
  process.send({ baseUrl: served.baseUrl });
}
