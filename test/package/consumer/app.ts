// A TypeScript user's code, type-checked against the installed tarball (test/package/package.test.ts)
// with skipLibCheck off and without msw installed.
import {
  type CatalogClient,
  catalogModule,
  createClient,
  createClientWith,
  NotFoundError,
} from 'price-catalog';
import { createSandbox, type Sandbox } from 'price-catalog/testing';

const sandbox: Sandbox = createSandbox();
const api: CatalogClient = createClient({
  baseUrl: sandbox.baseUrl,
  authUrl: sandbox.authUrl,
  clientId: sandbox.clientId,
  clientSecret: sandbox.clientSecret,
  fetch: sandbox.fetch,
});

export async function run(): Promise<string> {
  const one = createClientWith({ catalog: catalogModule }, { baseUrl: sandbox.baseUrl, token: 't' });
  const page = await one.catalog.search({ q: 'phone' });
  const names: string[] = page.items.map((item) => String(item.id));
  try {
    await api.catalog.categories.get(987654321);
  } catch (error) {
    if (error instanceof NotFoundError) return `${error.status} ${error.code ?? ''}`;
  }
  return names.join(',');
}
