// A browser app using the package as published (bundled by test/browser/browser.test.ts from the
// installed tarball): signs a user in, searches, pages through a category, shows an error and two
// refusals, against the sandbox served one of three ways (`?mode=`):
//   fetch   the sandbox's own fetch, in the page
//   msw     the sandbox's msw handlers (price-catalog/testing/msw) in msw's service worker; the client uses the page's fetch
//   server  the loopback sandbox server (CORS), started by the test; the client uses the page's fetch
import { setupWorker } from 'msw/browser';
import { createClient, NotFoundError } from 'price-catalog';
import { createSandbox } from 'price-catalog/testing';
import { mswHandlers } from 'price-catalog/testing/msw';

const params = new URLSearchParams(location.search);
const mode = params.get('mode');
const list = document.getElementById('out');

function show(label, value) {
  const item = document.createElement('li');
  item.textContent = `${label}: ${value}`;
  list.append(item);
}

async function clientOptions() {
  if (mode === 'server') {
    const server = params.get('server');
    return {
      baseUrl: server,
      authUrl: server,
      clientId: params.get('client_id'),
      clientSecret: params.get('client_secret'),
    };
  }
  const sandbox = createSandbox();
  const options = {
    baseUrl: sandbox.baseUrl,
    authUrl: sandbox.authUrl,
    clientId: sandbox.clientId,
    clientSecret: sandbox.clientSecret,
  };
  if (mode === 'fetch') return { ...options, fetch: sandbox.fetch };
  const worker = setupWorker(...mswHandlers(sandbox));
  await worker.start({
    serviceWorker: { url: '/mockServiceWorker.js' },
    onUnhandledRequest: 'bypass',
    quiet: true,
  });
  return options;
}

async function main() {
  show('sandbox served as', mode);
  const options = await clientOptions();
  const api = createClient(options);

  // Sign in: the sandbox's authorization page approves at once and redirects to our callback page.
  const redirectUri = new URL('/callback', location.href).href;
  const { url, state } = api.auth.authorizationUrl({ redirectUri, scopes: ['public'] });
  const callbackUrl =
    mode === 'fetch'
      ? (await options.fetch(url, { redirect: 'manual' })).headers.get('location')
      : (await fetch(url)).url; // the browser followed the redirect back to /callback
  await api.auth.handleCallback(callbackUrl, { state, redirectUri });
  const user = await api.user.get();
  show('signed in as', user.email ?? user.id);

  const results = await api.catalog.search({ q: 'phone' });
  show('search "phone"', `${results.items.length} results`);

  const pages = [];
  for await (const page of api.catalog.categories.skus(40, { per: 5 }).pages()) {
    pages.push({ page: page.pagination?.page, ids: page.items.map((sku) => sku.id) });
    show(`category 40, page ${page.pagination?.page}`, page.items.map((sku) => sku.display_name).join(', '));
    if (pages.length === 3) break;
  }

  let error;
  try {
    await api.catalog.categories.get(987654321);
  } catch (caught) {
    error = { notFound: caught instanceof NotFoundError, status: caught.status, message: caught.message };
    show('error', caught.message);
  }

  // Refused before sending, as in Node: a name another API uses, a string where an object goes.
  const refusal = (call) =>
    call.then(
      () => '',
      (caught) => caught.message,
    );
  const refusals = [
    await refusal(api.catalog.search({ q: 'ab', per_page: 5 })),
    await refusal(api.catalog.categories.skus(40, 'iphone')),
  ];
  show('refused', refusals.join(' | '));

  window.__result = {
    mode,
    userId: user.id,
    signedIn: await api.auth.signedIn(),
    searchCount: results.items.length,
    pages,
    error,
    refusals,
    controlled: Boolean(navigator.serviceWorker?.controller),
  };
}

main().catch((error) => {
  show('failed', error?.stack ?? String(error));
  window.__result = { mode, failed: String(error?.stack ?? error) };
});
