// The browser half of a frontend app: the SDK with no credentials, pointed at the app's own
// backend (`price-catalog/server`), which holds the secret, the tokens and the day's budget.
// Open `/` to browse and sign in by hand; `/?auto` runs the whole visit by itself (the Chromium
// test does), ending with `window.__result`.
import { AuthenticationError, createClient } from 'price-catalog';

const api = createClient({ baseUrl: '/api/catalog', auth: 'none' });
const params = new URLSearchParams(location.search);
const auto = params.has('auto');
const out = document.getElementById('out');

function show(label, value) {
  const item = document.createElement('li');
  item.textContent = `${label}: ${value}`;
  out.append(item);
  return item;
}

function button(label, onClick) {
  const item = show(label, '');
  const control = document.createElement('button');
  control.textContent = label;
  control.addEventListener('click', () => onClick().catch((error) => show('failed', error.message)));
  item.replaceChildren(control);
}

async function signedIn() {
  const answer = await fetch('/api/catalog/auth/session');
  return (await answer.json()).signed_in === true;
}

async function signOut() {
  await fetch('/api/catalog/auth/logout', { method: 'POST' });
}

async function main() {
  const root = await api.catalog.categories.root();
  const children = await api.catalog.categories.children(root.id).toArray();
  show('categories', children.map((c) => c.name).join(', '));

  const pages = [];
  for await (const page of api.catalog.categories.skus(40, { per: 5 }).pages()) {
    pages.push({ page: page.pagination?.page, ids: page.items.map((sku) => sku.id) });
    show(`category 40, page ${page.pagination?.page}`, page.items.map((sku) => sku.display_name).join(', '));
    if (pages.length === 2) break;
  }
  const sku = await api.skus.get(pages[0].ids[0]);
  const offers = await api.skus.products(sku.id);
  show(sku.display_name, `${offers.items.length} offers from ${sku.price_min}`);

  if (!(await signedIn())) {
    const login = `/api/catalog/auth/login?return_to=${encodeURIComponent(auto ? '/?auto' : '/')}`;
    if (auto) {
      location.href = login;
      return;
    }
    const link = document.createElement('a');
    link.href = login;
    link.textContent = 'Sign in (the sandbox approves at once)';
    show('account', '').replaceChildren(link);
    return;
  }

  const user = await api.user.get();
  show('signed in as', user.email ?? user.id);
  const favorite = async () => {
    const created = await api.favorites.create({ sku_id: sku.id });
    show('favorited', `${sku.display_name} (favorite ${created.id})`);
    return created;
  };
  const notifications = await api.notifications.list();
  show('notifications', notifications.items.map((n) => n.etype).join(', ') || 'none');
  if (!auto) {
    button('Favorite this SKU', favorite);
    button('Sign out', async () => {
      await signOut();
      location.reload();
    });
    return;
  }
  const created = await favorite();
  await signOut();
  let afterSignOut;
  try {
    await api.favorites.list();
  } catch (error) {
    afterSignOut = { authentication: error instanceof AuthenticationError, code: error.code };
  }
  window.__result = {
    categories: children.length,
    pages,
    sku: sku.id,
    offers: offers.items.length,
    userId: user.id,
    favorite: created.sku_id,
    notifications: notifications.items.length,
    signedInAfter: await signedIn(),
    afterSignOut,
  };
}

main().catch((error) => {
  show('failed', error?.stack ?? String(error));
  window.__result = { failed: String(error?.stack ?? error) };
});
