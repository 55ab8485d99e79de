/**
 * `npm run price-watch`: a user signs in (authorization-code flow) on the sandbox, favorites a
 * SKU, the sandbox drops its price, and the watch sees the price_drop notification.
 */
import { createClient, isNotificationOf } from 'price-catalog';
import { createSandbox } from 'price-catalog/testing';

const sandbox = createSandbox();
const server = await sandbox.listen({ port: 0 });
const redirectUri = 'http://127.0.0.1/callback';

try {
  const api = createClient({
    baseUrl: server.baseUrl,
    authUrl: server.authUrl,
    clientId: sandbox.clientId,
    clientSecret: sandbox.clientSecret,
    // A demo polls every second; a real watcher keeps the default budget guard on.
    dailyLimit: null,
    onTokens: (tokens) =>
      console.log(`Signed in; token valid for ${tokens.expires_in} s, scopes: ${tokens.scope}`),
  });

  // 1. The user's browser opens the authorization URL and is redirected back with a code.
  const { url } = api.auth.authorizationUrl({
    redirectUri,
    scopes: ['public', 'favorites', 'notifications'],
  });
  const approval = await fetch(url, { redirect: 'manual' });
  await api.auth.handleCallback(approval.headers.get('location') ?? '');
  const user = await api.user.get();
  console.log(`Hello ${user.username}.`);

  // 2. Favorite the cheapest phone.
  const [phone] = await api.catalog.categories
    .skus(40, { order_by: 'pricevat', order_dir: 'asc', per: 1 })
    .toArray({ limit: 1 });
  if (phone?.price_min == null) throw new Error('no phone with a price in the sandbox');
  const price = phone.price_min;
  await api.favorites.create({ sku_id: phone.id });
  console.log(`Watching "${phone.display_name}" at €${price.toFixed(2)}.`);

  // 3. Watch; once the watch has its baseline, the sandbox drops the price by 15 %.
  const controller = new AbortController();
  setTimeout(() => sandbox.setPrice(phone.id, Math.round(price * 85) / 100), 1_500);
  for await (const notification of api.notifications.watch({ interval: 1_000, signal: controller.signal })) {
    if (isNotificationOf(notification, 'price_drop')) {
      // The snapshot holds the new lowest price and the one before it.
      // Any of them may be null (a blank field).
      const { price_min, latest_price, change_rate } = notification.snapshot;
      console.log(
        `Price drop: "${notification.eventable_name}" now €${price_min?.toFixed(2)}, ` +
          `was €${latest_price?.toFixed(2)} (${((change_rate ?? 0) * 100).toFixed(1)} %).`,
      );
      controller.abort();
    }
  }
  console.log(`${sandbox.stats.apiCalls} API calls, ${sandbox.stats.tokenRequests} token requests.`);
} finally {
  await server.close();
}
