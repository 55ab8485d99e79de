// The same package through `require` (its .d.cts types), in a CommonJS file of the consumer.
import { createClient, PriceCatalogError } from 'price-catalog';
import { createSandbox } from 'price-catalog/testing';

const sandbox = createSandbox();
const api = createClient({ baseUrl: sandbox.baseUrl, token: 't', fetch: sandbox.fetch });
export const isSdkError = (error: unknown): boolean => error instanceof PriceCatalogError;
export const root = api.catalog.categories.root();
