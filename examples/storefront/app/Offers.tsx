// The shops' offers of one SKU, ordered by what the shopper pays in the end: the item's price,
// the shipping and the payment method's fee (the API's `blp`). One product_cards call brings
// each shop with its products.
import type { Product, ProductCardGroup, Shop } from 'price-catalog';
import { formatPrice } from './format.js';

// The sandbox's shops write availability in Greek; these are its four phrasings.
const AVAILABILITY: Record<string, string> = {
  'Άμεση παραλαβή / Παράδοση 1 έως 3 ημέρες': 'In stock, pick up today',
  'Παράδοση 1 έως 3 ημέρες': 'Delivery in 1–3 days',
  'Παράδοση 4 έως 10 ημέρες': 'Delivery in 4–10 days',
  'Κατόπιν παραγγελίας': 'Made to order',
};

export interface Offer {
  product: Product;
  shop: Shop;
  /** The item's price. */
  price: number;
  /** What the shopper pays: `blp.final_price`, or the price and the shipping when the fee is not known. */
  total: number;
  shipping: number;
  /** The payment method's fee; null when the shop does not say. */
  fee: number | null;
}

function offerOf(product: Product, shop: Shop): Offer | null {
  if (product.price == null) return null;
  const shipping = product.blp?.shipping_cost ?? product.expenses ?? 0;
  const fee = product.blp?.payment_method_cost ?? null;
  const total = product.blp?.final_price ?? product.price + shipping;
  return { product, shop, price: product.price, total, shipping, fee };
}

/** Every offer of the cards, cheapest in the end first (the item's price breaks a tie). */
export function offersOf(groups: readonly ProductCardGroup[]): Offer[] {
  const offers = groups.flatMap((group) =>
    group.cards.flatMap((card) => card.products.map((product) => offerOf(product, card.shop))),
  );
  return offers
    .filter((offer): offer is Offer => offer !== null)
    .sort((a, b) => a.total - b.total || a.price - b.price);
}

/** `€109.65 item + €4.41 shipping + €1.50 payment fee`: what a total is made of. */
export function TotalParts(props: { offer: Offer; testId?: string }) {
  const { price, shipping, fee } = props.offer;
  return (
    <span className="parts" data-testid={props.testId}>
      <span data-testid={props.testId && 'offer-price'}>{formatPrice(price)}</span> item
      {shipping ? ` + ${formatPrice(shipping)} shipping` : ', free shipping'}
      {fee === null
        ? ', payment fee not given'
        : fee
          ? ` + ${formatPrice(fee)} payment fee`
          : ', no payment fee'}
    </span>
  );
}

export function Offers(props: { offers: readonly Offer[] }) {
  if (props.offers.length === 0) return <p className="muted">No shop sells it right now.</p>;
  return (
    <table className="offers" data-testid="offers">
      <thead>
        <tr>
          <th>Shop</th>
          <th>Availability</th>
          <th>Item + shipping + payment fee</th>
          <th className="num">You pay</th>
        </tr>
      </thead>
      <tbody>
        {props.offers.map((offer) => {
          const availability = offer.product.availability ?? '';
          return (
            <tr key={offer.product.id} data-testid="offer">
              <td className="shop">
                <strong>{offer.shop.name}</strong>
                <div className="muted small listing">{offer.product.name}</div>
              </td>
              <td className="availability">{AVAILABILITY[availability] ?? availability}</td>
              <td className="small">
                <TotalParts offer={offer} testId="offer-total-parts" />
              </td>
              <td className="num total">
                <strong data-testid="offer-total">{formatPrice(offer.total)}</strong>
              </td>
            </tr>
          );
        })}
      </tbody>
    </table>
  );
}
