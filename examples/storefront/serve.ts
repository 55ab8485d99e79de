/**
 * `npm run frontend-demo`: the storefront on localhost, over the sandbox. Open the printed URL:
 * browse the categories, sort and load more, open a product (offers in euros, price history),
 * search, sign in on the sandbox's authorization page (Approve or Deny), save favorites, read
 * notifications, sign out. The browser never gets the secret or a token. PORT=8080 picks the port.
 */
import { createSandbox } from 'price-catalog/testing';
import { bundleStorefront } from './bundle.js';
import { startStorefront } from './site.js';

const sandbox = createSandbox();
// Sign-in shows the sandbox's authorization page, as a real API would, instead of approving at once.
sandbox.setAuthorization({ page: true });
const api = await sandbox.listen();
const script = await bundleStorefront();
const port = Number(process.env.PORT ?? 0) || undefined;
const site = await startStorefront({
  api,
  clientId: sandbox.clientId,
  clientSecret: sandbox.clientSecret,
  script,
  handler: { logLevel: 'warn' },
  ...(port && { port }),
});
console.log(`price-catalog storefront: open ${site.url}/ (Ctrl-C stops it)`);
const stop = async () => {
  await site.close();
  await api.close();
  process.exit(0);
};
process.once('SIGINT', stop);
process.once('SIGTERM', stop);
