import { describe, expect, it } from 'vitest';
import { ApiError, InvalidRequestError } from '../../src/index.js';
import { expectRefused, newSandbox, sandboxClient } from '../helpers/index.js';

// As docs/errors.md says: fixed order_by methods are refused before sending; category SKUs' are
// dynamic (meta.order_by_methods), so any non-empty name is sent and the server decides.
describe('order_by: which lists refuse an unknown method before sending', () => {
  it.each([
    ['catalog.categories.manufacturers', 'name'],
    ['catalog.manufacturers.categories', 'popularity'],
    ['catalog.manufacturers.skus', 'price'],
  ] as const)('%s refuses an unknown order_by, accepts %s', async (method, known) => {
    const sandbox = newSandbox();
    const api = sandboxClient(sandbox, { cache: false });
    const maker = (sandbox.data.manufacturers[0] as { id: number }).id;
    const calls = {
      'catalog.categories.manufacturers': (order_by: string) =>
        api.catalog.categories.manufacturers(40, { order_by: order_by as never }),
      'catalog.manufacturers.categories': (order_by: string) =>
        api.catalog.manufacturers.categories(maker, { order_by: order_by as never }),
      'catalog.manufacturers.skus': (order_by: string) =>
        api.catalog.manufacturers.skus(maker, { order_by: order_by as never }),
    };
    await expectRefused(sandbox, () => calls[method]('made_up'), 'InvalidParam');
    await calls[method](known);
    expect(sandbox.apiCalls().map((c) => c.query.get('order_by'))).toEqual([known]);
  });

  it('category SKUs send any method name: the server, not the SDK, refuses an unknown one', async () => {
    const sandbox = newSandbox();
    const api = sandboxClient(sandbox, { cache: false });
    const first = await api.catalog.categories.skus(40);
    const methods = Object.keys(first.body.meta.order_by_methods ?? {});
    expect(methods.length).toBeGreaterThan(0);
    const method = methods.at(-1) as string;
    const ordered = await api.catalog.categories.skus(40, { order_by: method });
    expect(ordered.body.meta.ordered_by).toBe(method);
    const error = await api.catalog.categories.skus(40, { order_by: 'made_up' }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect(error).not.toBeInstanceOf(InvalidRequestError);
    expect(sandbox.apiCalls().map((c) => c.query.get('order_by'))).toEqual([null, method, 'made_up']);
    // Only a non-string or empty name is refused before sending.
    await expectRefused(sandbox, () => api.catalog.categories.skus(40, { order_by: '' }), 'InvalidParam');
    await expectRefused(
      sandbox,
      () => api.catalog.categories.skus(40, { order_by: 5 as never }),
      'InvalidParam',
    );
  });
});
