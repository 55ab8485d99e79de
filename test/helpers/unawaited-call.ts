/**
 * A process that makes one failing call and consumes it as `process.argv[2]` says: `none` (fire
 * and forget), `await`, `with-response`, `iterate` (a list walked with for await). Its exit code
 * and stderr tell whether the failure was an unhandled rejection.
 */
import { createClient } from '../../src/index.js';
import { createSandbox, SANDBOX_USERS } from '../../src/sandbox/index.js';

const sandbox = createSandbox();
const app = createClient({ baseUrl: sandbox.baseUrl, fetch: sandbox.fetch, token: sandbox.issueToken() });
const user = app.forUser({
  token: sandbox.issueUserToken({ userId: SANDBOX_USERS.alice, scope: 'favorites' }).access_token,
});
const sku = sandbox.data.skus[0]?.id ?? 1;
// A POST is never retried: the connection reset fails the call.
sandbox.failNext(1, 'reset');
const mode = process.argv[2];
if (mode === 'none') {
  user.favorites.create({ sku_id: sku });
} else if (mode === 'await') {
  await user.favorites
    .create({ sku_id: sku })
    .catch((error: unknown) => console.log(`caught ${(error as Error).name}`));
} else if (mode === 'with-response') {
  await user.favorites
    .create({ sku_id: sku })
    .withResponse()
    .catch((error: unknown) => console.log(`caught ${(error as Error).name}`));
} else if (mode === 'iterate') {
  try {
    for await (const category of app.catalog.categories.list({ per: 0 })) console.log(category.id);
  } catch (error) {
    console.log(`caught ${(error as Error).name}`);
  }
}
