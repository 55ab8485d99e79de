// The shops' offers of one SKU, cheapest first: one product_cards call brings each shop with
// its products.
import type { Product, ProductCardGroup, Shop } from 'price-catalog';
import { formatPrice } from './format.js';

// The sandbox's shops write availability in Greek; these are its four phrasings.
const AVAILABILITY: Record<string, string> = {
  'Άμεση παραλαβή / Παράδοση 1 έως 3 ημέρες': 'In stock, pick up today',
  'Παράδοση 1 έως 3 ημέρες': 'Delivery in 1–3 days',
  'Παράδοση 4 έως 10 ημέρες': 'Delivery in 4–10 days',
  'Κατόπιν παραγγελίας': 'Made to order',
};

interface Offer {
  product: Product;
  shop: Shop;
}

function offersOf(groups: readonly ProductCardGroup[]): Offer[] {
  const offers = groups.flatMap((group) =>
    group.cards.flatMap((card) => card.products.map((product) => ({ product, shop: card.shop }))),
  );
  return offers.sort(
    (a, b) => (a.product.price ?? Number.POSITIVE_INFINITY) - (b.product.price ?? Number.POSITIVE_INFINITY),
  );
}

export function Offers(props: { groups: readonly ProductCardGroup[] }) {
  const offers = offersOf(props.groups);
  if (offers.length === 0) return <p className="muted">No shop sells it right now.</p>;
  return (
    <table className="offers" data-testid="offers">
      <thead>
        <tr>
          <th>Shop</th>
          <th>Availability</th>
          <th className="num">Price</th>
          <th className="num">Total with shipping and payment fee</th>
        </tr>
      </thead>
      <tbody>
        {offers.map(({ product, shop }) => {
          const availability = product.availability ?? '';
          const total = product.blp?.final_price;
          const shipping = product.blp?.shipping_cost;
          const fee = product.blp?.payment_method_cost;
          return (
            <tr key={product.id}>
              <td>
                <strong>{shop.name}</strong>
                <div className="muted small">{product.name}</div>
              </td>
              <td data-label="Availability">{AVAILABILITY[availability] ?? availability}</td>
              <td className="num" data-label="Price">
                <strong data-testid="offer-price">
                  {product.price === null ? '—' : formatPrice(product.price)}
                </strong>
              </td>
              <td className="num total" data-label="With shipping and fee" data-testid="offer-total">
                {total == null ? (
                  '—'
                ) : (
                  <>
                    <strong>{formatPrice(total)}</strong>
                    {/* The total is the price, the shipping and the fee of the payment method. */}
                    <div className="muted small" data-testid="offer-total-parts">
                      {shipping ? `${formatPrice(shipping)} shipping` : 'free shipping'}
                      {fee ? ` + ${formatPrice(fee)} payment fee` : ', no payment fee'}
                    </div>
                  </>
                )}
              </td>
            </tr>
          );
        })}
      </tbody>
    </table>
  );
}
