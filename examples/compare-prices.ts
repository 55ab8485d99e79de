/**
 * Compare prices in one category: search a term, walk the best-matching category's SKUs with
 * `for await`, print the cheapest SKUs with their price range and shop count, then the cheapest
 * SKU's offers by shop with shipping cost and final price.
 *
 * Runs against any server with the API: `npm run demo` points it at the sandbox; set
 * PRICE_CATALOG_BASE_URL, PRICE_CATALOG_AUTH_URL, PRICE_CATALOG_CLIENT_ID and
 * PRICE_CATALOG_CLIENT_SECRET to run it elsewhere (`npx tsx examples/compare-prices.ts <term>`).
 */
import { type ClientOptions, createClient, type Sku } from 'price-catalog';

export interface DemoConfig {
  baseUrl: string;
  authUrl: string;
  clientId: string;
  clientSecret: string;
  term: string;
  top?: number;
}

export async function comparePrices(config: DemoConfig, print: (line: string) => void = console.log) {
  // Count what leaves the process: API calls and token requests.
  const counts = { api: 0, tokens: 0 };
  const countingFetch: typeof fetch = (input, init) => {
    const url = input instanceof Request ? input.url : String(input);
    if (new URL(url).pathname.endsWith('/oauth2/token')) counts.tokens++;
    else counts.api++;
    return fetch(input, init);
  };
  // The client takes the credentials only: it refuses a name it does not know, such as `term`.
  const { term: _term, top: _top, ...credentials } = config;
  const options: ClientOptions = { ...credentials, fetch: countingFetch };
  const api = createClient(options);

  const search = await api.catalog.search({ q: config.term });
  const category = search.body.meta.strong_matches.category ?? search.items[0];
  if (!category) {
    print(`No category matches "${config.term}".`);
    return counts;
  }
  print(
    `Search "${config.term}": ${search.items.length} categories; using "${category.name}" (#${category.id})`,
  );

  // Prices and counts can be null (a blank field: a SKU no shop offers now), so those are skipped.
  const skus: (Sku & { price_min: number })[] = [];
  for await (const sku of api.catalog.categories.skus(category.id, { per: 50 })) {
    const { price_min } = sku;
    if (!sku.future && (sku.shop_count ?? 0) > 0 && price_min !== null) skus.push({ ...sku, price_min });
  }
  const cheapest = skus.sort((a, b) => a.price_min - b.price_min).slice(0, config.top ?? 10);

  print(`\nThe ${cheapest.length} cheapest of ${skus.length} SKUs on sale in "${category.name}":\n`);
  print(
    table(
      ['SKU', 'from', 'up to', 'shops'],
      cheapest.map((s) => [
        clip(s.display_name),
        euro(s.price_min),
        s.price_max === null || s.price_max === s.price_min ? '' : euro(s.price_max),
        String(s.shop_count ?? ''),
      ]),
    ),
  );

  const best = cheapest[0];
  if (best) {
    // Every shop's offer with what it costs delivered: price, shipping and the final price (blp).
    const offers = (await api.skus.productCards(best.id)).flatMap((group) => group.cards);
    offers.sort((a, b) => finalPrice(a) - finalPrice(b));
    print(`\nOffers for "${best.display_name}", by final price:\n`);
    print(
      table(
        ['shop', 'price', 'shipping', 'final'],
        offers.map((card) => [
          clip(card.shop.name),
          euro(card.products[0]?.price ?? Number.NaN),
          euro(card.blp?.shipping_cost ?? Number.NaN),
          euro(finalPrice(card)),
        ]),
      ),
    );
  }
  const { rateLimit } = await api.catalog.categories.get(category.id).withResponse();
  print(
    `\n${counts.api} API calls and ${counts.tokens} token request(s); ` +
      `rate limit: ${rateLimit?.remaining ?? '?'} of ${rateLimit?.limit ?? '?'} left in this window.`,
  );
  return counts;
}

/** Final price of an offer: the shop's `blp.final_price`, else price plus shipping. */
function finalPrice(card: {
  products: { price: number | null }[];
  blp?: { shipping_cost: number | null; final_price?: number | null | undefined } | undefined;
}): number {
  const price = card.products[0]?.price ?? Number.POSITIVE_INFINITY;
  return card.blp?.final_price ?? price + (card.blp?.shipping_cost ?? 0);
}

function clip(text: string): string {
  return text.length > 44 ? `${text.slice(0, 43)}…` : text;
}

function table(header: string[], rows: string[][]): string {
  const widths = header.map((h, i) => Math.max(h.length, ...rows.map((r) => (r[i] ?? '').length)));
  const line = (cells: string[]) =>
    cells.map((c, i) => (i === 0 ? c.padEnd(widths[i] ?? 0) : c.padStart(widths[i] ?? 0))).join('  ');
  return [line(header), widths.map((w) => '-'.repeat(w)).join('  '), ...rows.map(line)].join('\n');
}

function euro(value: number): string {
  return `€${value.toFixed(2)}`;
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const env = process.env;
  await comparePrices({
    baseUrl: env.PRICE_CATALOG_BASE_URL ?? '',
    authUrl: env.PRICE_CATALOG_AUTH_URL ?? '',
    clientId: env.PRICE_CATALOG_CLIENT_ID ?? '',
    clientSecret: env.PRICE_CATALOG_CLIENT_SECRET ?? '',
    term: process.argv[2] ?? 'phone',
  });
}
