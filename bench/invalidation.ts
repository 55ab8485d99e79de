/**
 * `npx tsx bench/invalidation.ts`: calls a user's screen costs after a favorite is created. The
 * user has a category page, a SKU page (the SKU, its products, specifications and reviews) and
 * the favorites in the SDK's cache; a favorite is created; everything is read again. Goal: the
 * category and SKU reads cost no call (they do not show favorites); the favorite reads are asked.
 */
import { createClient } from '../src/index.js';
import { createSandbox, SANDBOX_USERS } from '../src/sandbox/index.js';

const PHONE = 2119391; // a SKU of category 40

const sandbox = createSandbox();
const grant = sandbox.issueUserToken({ userId: SANDBOX_USERS.carol });
const api = createClient({
  baseUrl: sandbox.baseUrl,
  getToken: () => grant,
  fetch: sandbox.fetch,
  cache: {},
});

const catalogReads = async () => {
  await api.catalog.categories.get(40);
  await api.catalog.categories.children(40);
  await api.skus.get(PHONE);
  await api.skus.products(PHONE);
  await api.skus.specifications(PHONE);
  await api.skus.reviews.list(PHONE);
};
const favoriteReads = async () => {
  await api.favorites.list();
  await api.favorites.forSku(PHONE);
};

await catalogReads();
await favoriteReads();
await api.favorites.create({ sku_id: PHONE });
sandbox.clearRequests();
await catalogReads();
const catalogCalls = sandbox.apiCalls().length;
await favoriteReads();
const favoriteCalls = sandbox.apiCalls().length - catalogCalls;

const verdict = (ok: boolean) => (ok ? 'PASS' : 'SHORT');
console.log(
  `catalog reads after a favorite write: ${catalogCalls} calls of 6 (goal 0) ${verdict(catalogCalls === 0)}`,
);
console.log(
  `favorite reads after it: ${favoriteCalls} calls of 2 (goal 2, asked afresh) ${verdict(favoriteCalls === 2)}`,
);
