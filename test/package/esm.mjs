// Imports the built package by its name, as an ESM user would, and calls the sandbox.
import { createClient, NotFoundError } from 'price-catalog';
import { createSandbox } from 'price-catalog/testing';

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
