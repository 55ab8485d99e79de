// Run by test/package/package.test.ts, by the package's name as a user would (with node's --conditions
// and --disallow-code-generation-from-strings as the test chooses): which file `price-catalog`
// resolves to, and what its zod checks make of a good 25-SKU page and of one with six faults.
import { createClient, ResponseValidationError } from 'price-catalog';
import { createSandbox } from 'price-catalog/testing';

const sandbox = createSandbox();
const options = {
  baseUrl: sandbox.baseUrl,
  authUrl: sandbox.authUrl,
  clientId: sandbox.clientId,
  clientSecret: sandbox.clientSecret,
};
const good = createClient({ ...options, fetch: sandbox.fetch });
const items = (await good.catalog.categories.skus(40, { per: 25 })).items.length;

/** The sandbox's page with faults a hostile or broken server could send. */
async function faulty(url, init) {
  const response = await sandbox.fetch(url, init);
  if (!String(url).includes('/skus')) return response;
  const body = await response.json();
  body.skus[1].price_min = 'free';
  body.skus[2].name = null;
  delete body.skus[3].id;
  body.skus[4] = [body.skus[4]];
  body.skus[5].images = 'none';
  body.meta.pagination = { page: '1' };
  return new Response(JSON.stringify(body), { status: response.status, headers: response.headers });
}
const bad = createClient({ ...options, fetch: faulty });
const error = await bad.catalog.categories.skus(40, { per: 25 }).catch((e) => e);
console.log(
  JSON.stringify({
    entry: import.meta.resolve('price-catalog').split('/').pop(),
    items,
    typed: error instanceof ResponseValidationError,
    issues: error.issues?.map((issue) => `${issue.path.join('.')}: ${issue.message}`),
  }),
);
