/**
 * `npm run price-watch`: a backend watches the favorites of its users with `price-catalog/watch`
 * on the sandbox; the sandbox drops a price, the watch sees it and the backend alerts the users
 * who watch that SKU. docs/watch.md says more (several processes, a share of the day).
 */
import { createClient, memoryCoordination } from 'price-catalog';
import { createSandbox } from 'price-catalog/testing';
import { createPriceWatch } from 'price-catalog/watch';

const sandbox = createSandbox();
const server = await sandbox.listen({ port: 0 });

try {
  const coordination = memoryCoordination();
  const api = createClient({
    baseUrl: server.baseUrl,
    authUrl: server.authUrl,
    clientId: sandbox.clientId,
    clientSecret: sandbox.clientSecret,
    coordination,
  });
  // A demo spends its calls within seconds; a backend gives its share of the day: { fraction: 0.6 }.
  const watch = createPriceWatch({ client: api, coordination, share: { calls: 100_000 } });

  // The backend's database: which users favorited which SKU (here, the five most popular phones).
  const phones = await api.catalog.categories.skus(40, { per: 5, order_by: 'popularity' });
  const users = ['ana', 'ben', 'chloe', 'dimitris', 'eva'];
  const watchers = new Map(phones.items.map((sku, i) => [sku.id, users.slice(0, 5 - i)]));
  watch.add(
    phones.items.map((sku) => ({
      sku: sku.id,
      category: sku.category_id,
      weight: watchers.get(sku.id)?.length,
    })),
  );
  console.log(`Watching ${phones.items.length} phones for ${users.length} users.`);

  await watch.step(); // one listing page: every watched phone's price
  const phone = phones.items[1];
  if (phone?.price_min == null) throw new Error('no phone with a price in the sandbox');
  const dropped = Math.round(phone.price_min * 85) / 100;
  sandbox.setPrice(phone.id, dropped);
  console.log(
    `The sandbox drops "${phone.display_name}" from €${phone.price_min.toFixed(2)} to €${dropped.toFixed(2)}.`,
  );

  watch.start();
  for await (const { sku, before, after, seenAt } of watch.changes()) {
    if (after.price_min === null || before.price_min === null || after.price_min >= before.price_min)
      continue;
    const who = watchers.get(sku)?.join(', ');
    console.log(
      `Alert to ${who}: SKU ${sku} now €${after.price_min.toFixed(2)}, was €${before.price_min.toFixed(2)} (seen ${seenAt.toISOString()}).`,
    );
    break;
  }
  await watch.stop();
  const spent = await watch.spent();
  console.log(
    `${sandbox.stats.apiCalls} API calls (${spent.calls} by the watch), ${sandbox.stats.tokenRequests} token request.`,
  );
} finally {
  await server.close();
}
