import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import * as catalog from '../../src/endpoints/catalog.js';
import * as favorites from '../../src/endpoints/favorites.js';
import * as notifications from '../../src/endpoints/notifications.js';
import * as shops from '../../src/endpoints/shops.js';
import * as skus from '../../src/endpoints/skus.js';
import * as user from '../../src/endpoints/user.js';
import { createClient, type EndpointCall, METHODS } from '../../src/index.js';
import { createSandbox } from '../../src/sandbox/index.js';

/**
 * Adding an endpoint is six files (docs/contributing/architecture.md, "Adding an endpoint"): its
 * schema, its literal (in src/endpoints/<area>.ts, named in that file's map of methods), its resource method, its
 * sandbox route, a test and a docs line. Each test here names the endpoints one of them misses.
 */
const AREAS = { catalog, favorites, notifications, shops, skus, user };
const NAMES = new Map<EndpointCall, string>(
  Object.entries(METHODS as Record<string, EndpointCall>).map(([name, call]) => [call, name]),
);
const ROOT = fileURLToPath(new URL('../../', import.meta.url));

/** Every endpoint literal an area file exports (an object with a path and its arguments). */
function literals(): { area: string; exported: string; call: EndpointCall }[] {
  return Object.entries(AREAS).flatMap(([area, module]) =>
    Object.entries(module as Record<string, unknown>)
      .filter(([, value]) => isLiteral(value))
      .map(([exported, value]) => ({ area, exported, call: value as EndpointCall })),
  );
}

function isLiteral(value: unknown): boolean {
  return typeof value === 'object' && value !== null && 'path' in value && 'args' in value;
}

/** The client method a name is: `skus.reviews.list` is `api.skus.reviews.list`. */
function methodOf(api: object, name: string): unknown {
  return name.split('.').reduce<unknown>((node, key) => (node as Record<string, unknown>)?.[key], api);
}

/** The text of every test file but this folder's (whose walks call every method by its name). */
function testTexts(): string {
  const dir = join(ROOT, 'test');
  const files = readdirSync(dir, { recursive: true, encoding: 'utf8' }).filter(
    (file) => file.endsWith('.test.ts') && !file.startsWith('endpoints'),
  );
  return files.map((file) => readFileSync(join(dir, file), 'utf8')).join('\n');
}

describe('every endpoint is complete: what adding one needs, each part named when missing', () => {
  it('every literal of an area file is named in that file’s map of methods (SKU_METHODS, …)', () => {
    const unnamed = literals()
      .filter(({ call }) => !NAMES.has(call))
      .map(({ area, exported }) => `src/endpoints/${area}.ts ${exported}: not in its area’s map of methods`);
    expect(unnamed).toEqual([]);
    expect(literals().length).toBe(NAMES.size);
  });

  it('every endpoint has its resource method, taking the arguments its literal lists (src/resources/)', () => {
    const sandbox = createSandbox();
    const api = createClient({ baseUrl: sandbox.baseUrl, token: sandbox.issueToken(), fetch: sandbox.fetch });
    const missing = [...NAMES].flatMap(([call, name]) => {
      const method = methodOf(api, name);
      if (typeof method !== 'function') return [`${name}: no api.${name} (src/resources/)`];
      return method.length === call.args.length + 1
        ? []
        : [
            `${name}: api.${name} takes ${method.length} arguments, the literal lists ${call.args.length} + options`,
          ];
    });
    expect(missing).toEqual([]);
  });

  it('every endpoint has its sandbox route (src/sandbox/routes/)', async () => {
    const sandbox = createSandbox();
    const grant = sandbox.issueUserToken();
    const missing: string[] = [];
    for (const [call, name] of NAMES) {
      const method = call.method ?? 'GET';
      const path = call.path.replace(/:(\w+)/g, (_, param: string) =>
        call.listIds?.includes(param) ? '-40' : '2119391',
      );
      const response = await sandbox.fetch(
        new Request(`${sandbox.baseUrl}${path}`, {
          method,
          headers: { authorization: `Bearer ${grant.access_token}`, 'content-type': 'application/json' },
          ...(method === 'GET' ? {} : { body: '{}' }),
        }),
      );
      const body = (await response.json().catch(() => null)) as { errors?: { code?: unknown }[] } | null;
      const unrouted =
        (response.status === 404 && body?.errors?.[0]?.code === 'RoutingError') ||
        response.status === 405 ||
        response.status === 501;
      if (unrouted) missing.push(`${name}: the sandbox has no ${method} ${call.path} (src/sandbox/routes/)`);
    }
    expect(missing).toEqual([]);
  });

  it('every endpoint has its docs line (docs/endpoints.md)', () => {
    const doc = readFileSync(join(ROOT, 'docs/endpoints.md'), 'utf8');
    const missing = [...NAMES.values()]
      .filter((name) => !doc.includes(`\`api.${name}(`))
      .map((name) => `${name}: no line in docs/endpoints.md`);
    expect(missing).toEqual([]);
  });

  it('every endpoint is called by a test of its own (test/, besides the table walks)', () => {
    const tests = testTexts();
    const missing = [...NAMES.values()]
      .filter((name) => !tests.includes(`.${name}(`))
      .map((name) => `${name}: no test calls it`);
    expect(missing).toEqual([]);
  });
});
