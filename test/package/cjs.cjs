// Requires the built package by its name, as a CommonJS user would, and calls the sandbox.
const { createClient, NotFoundError } = require('price-catalog');
const { createSandbox } = require('price-catalog/testing');

(async () => {
  const sandbox = createSandbox();
  const api = createClient({
    baseUrl: sandbox.baseUrl,
    authUrl: sandbox.authUrl,
    clientId: sandbox.clientId,
    clientSecret: sandbox.clientSecret,
    fetch: sandbox.fetch,
  });
  const root = await api.catalog.categories.root();
  const missing = await api.catalog.categories.get(987654321).catch((e) => e instanceof NotFoundError);
  console.log(JSON.stringify({ parent_id: root.parent_id, missing, calls: sandbox.apiCalls().length }));
})();
