import { describe, expect, it } from 'vitest';
import * as z from 'zod/mini';
import { ResponseValidationError } from '../../../src/index.js';
import { newSandbox, sandboxClient } from '../../helpers/index.js';
import { userClient } from '../../helpers/users.js';

/** A client whose API calls get `body`, its token calls the sandbox; and the requests it sent. */
function answering(body: unknown, options: Parameters<typeof sandboxClient>[1] = {}) {
  const sandbox = newSandbox();
  const sent: string[] = [];
  const client = sandboxClient(sandbox, {
    cache: false,
    ...options,
    fetch: async (input, init) => {
      const request = new Request(input, init);
      const url = new URL(request.url);
      if (url.pathname.startsWith('/oauth2/')) return sandbox.fetch(request);
      sent.push(`${request.method} ${url.pathname}`);
      return Response.json(body);
    },
  });
  return { client, sent };
}

async function failure(call: PromiseLike<unknown>): Promise<ResponseValidationError> {
  const error = await Promise.resolve(call).then(
    () => undefined,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(ResponseValidationError);
  return error as ResponseValidationError;
}

describe('answers are checked with zod', () => {
  it('an issue says where, what was expected and what came', async () => {
    const { client, sent } = answering({ category: { id: 'seven', name: 'x' } });
    const error = await failure(client.catalog.categories.root());
    expect(sent).toEqual(['GET /categories/root']);
    expect(error.issues[0]).toEqual({
      path: ['category', 'id'],
      code: 'invalid_type',
      message: 'expected number, received string',
    });
    expect(error.issues).toContainEqual({
      path: ['category', 'children_count'],
      code: 'invalid_type',
      message: 'expected number, received undefined',
    });
    expect(error.message).toBe(
      `Response of GET /categories/root did not match its schema at category.id: expected number, received string (and ${error.issues.length - 1} more)`,
    );
    expect(error.body).toEqual({ category: { id: 'seven', name: 'x' } });
  });

  it('a malformed notification of a known etype reports the variant field, not a fallback', async () => {
    const notification = {
      id: 1,
      etype: 'price_drop',
      eventable_id: 5,
      eventable_type: 'Sku',
      eventable_name: 'Phone',
      eventable_url: null,
      snapshot: { price_min: 'cheap', latest_price: 1, change_rate: 0 },
      is_viewed: false,
      aggregated: false,
      created_at: '2020-01-01',
      updated_at: '2020-01-01',
    };
    const sent: string[] = [];
    const { api } = userClient('alice', undefined, {
      fetch: async (input, init) => {
        sent.push(new URL(new Request(input, init).url).pathname);
        return Response.json({ notification });
      },
    });
    const error = await failure(api.notifications.get(1));
    expect(sent).toEqual(['/notifications/1']);
    expect(error.issues.map((issue) => [issue.code, issue.path.join('.'), issue.message])).toEqual([
      ['invalid_union', 'notification', 'matched none of the allowed shapes'],
      ['invalid_type', 'notification.snapshot.price_min', 'expected number, received string'],
    ]);
  });

  it('a user’s own zod schemas keep their messages, also when they build on the answers’ checks', () => {
    const Mine = z.object({ id: z.number({ error: 'an id, please' }) });
    const result = z.safeParse(Mine, { id: 'x' });
    expect(result.error?.issues[0]?.message).toBe('an id, please');
    // zod/mini's own default, untouched by the SDK's messages.
    expect(z.safeParse(z.object({ n: z.number() }), { n: 'x' }).error?.issues[0]?.message).toBe(
      'Invalid input',
    );
  });
});
