// The built price-catalog/server entry as a CommonJS user requires it: the handler over the
// sandbox, a browser client with `auth: 'none'`, and errors that are the classes `price-catalog`
// exports (one copy shared by both entry points).
const { createClient, DailyLimitError, InvalidRequestError, NotFoundError } = require('price-catalog');
const { createCatalogHandler } = require('price-catalog/server');
const { createSandbox } = require('price-catalog/testing');

(async () => {
  let badOptions;
  try {
    createCatalogHandler({ baseUrl: 'https://api.test' });
  } catch (error) {
    badOptions = error;
  }
  const sandbox = createSandbox();
  const handler = createCatalogHandler({
    baseUrl: sandbox.baseUrl,
    authUrl: sandbox.authUrl,
    clientId: sandbox.clientId,
    clientSecret: sandbox.clientSecret,
    fetch: sandbox.fetch,
    dailyLimit: 2,
    logLevel: 'off',
  });
  const browser = createClient({
    baseUrl: 'https://app.test/api/catalog',
    auth: 'none',
    fetch: (input, init) => handler(new Request(input, init)),
  });
  const root = await browser.catalog.categories.root();
  const missing = await browser.skus.get(999999999).catch((error) => error);
  const spent = await browser.skus.get(2119391).catch((error) => error);
  console.log(
    JSON.stringify({
      options: badOptions instanceof InvalidRequestError,
      root: root.parent_id === 0,
      notFound: missing instanceof NotFoundError,
      spent: spent instanceof DailyLimitError,
    }),
  );
})();
