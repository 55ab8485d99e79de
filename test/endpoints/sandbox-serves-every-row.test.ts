import { describe, expect, it } from 'vitest';
import { ENDPOINT_ROWS, type EndpointRow, fillPath } from '../../src/index.js';
import { createSandbox } from '../../src/sandbox/index.js';

/** A path of the row with a plausible id for each parameter (a favorite list's: an auto list's). */
function examplePath(row: EndpointRow): string {
  const values = Object.fromEntries(
    row.pathParams.map((param) => [param.name, param.kind === 'list_id' ? '-40' : '2119391']),
  );
  return fillPath(row, values);
}

/** The sandbox's answer to a bare method and path, with a user token of every scope. */
async function ask(method: string, path: string): Promise<{ status: number; code: unknown }> {
  const sandbox = createSandbox();
  const grant = sandbox.issueUserToken();
  const response = await sandbox.fetch(
    new Request(`${sandbox.baseUrl}${path}`, {
      method,
      headers: { authorization: `Bearer ${grant.access_token}`, 'content-type': 'application/json' },
      ...(method === 'GET' ? {} : { body: '{}' }),
    }),
  );
  const body = (await response.json().catch(() => null)) as { errors?: { code?: unknown }[] } | null;
  return { status: response.status, code: body?.errors?.[0]?.code };
}

/** A routing failure of the sandbox: no route (404 RoutingError) or another method's (501). */
const unrouted = ({ status, code }: { status: number; code: unknown }) =>
  (status === 404 && code === 'RoutingError') || status === 501 || status === 405;

describe('the sandbox, a separate implementation of the API, serves every row of the endpoint table', () => {
  it('the check itself tells an unrouted path and method apart', async () => {
    expect(unrouted(await ask('GET', '/no_such_resource/1'))).toBe(true);
    expect(unrouted(await ask('PATCH', '/skus/2119391'))).toBe(true);
    expect(unrouted(await ask('GET', '/skus/2119391'))).toBe(false);
  });

  it.each(ENDPOINT_ROWS.map((row) => [`${row.method} ${row.path}`, row] as const))(
    '%s',
    async (_name, row) => {
      const answer = await ask(row.method, examplePath(row));
      expect(unrouted(answer), `${row.name}: ${answer.status} ${String(answer.code)}`).toBe(false);
    },
  );
});
