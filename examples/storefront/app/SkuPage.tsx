// A SKU: its name and the best price delivered first (on a phone, the first screen shows them
// and the first offers), then the shops' offers by what the shopper pays, the price history,
// and the favorite button.
import { useQuery } from '@tanstack/react-query';
import { q } from './client.js';
import { FavoriteButton } from './FavoriteButton.js';
import { formatPrice, plural } from './format.js';
import { Link } from './Link.js';
import { type Offer, Offers, offersOf, TotalParts } from './Offers.js';
import { PriceHistoryChart } from './PriceHistoryChart.js';
import { ProductImage } from './ProductImage.js';
import { Stars } from './SkuCard.js';
import { Failed, Loading } from './Status.js';
import { signInHref, useSession } from './session.js';

/** The cheapest offer in the end, with what it is made of. */
function BestPrice(props: { best: Offer | undefined; loading: boolean }) {
  const { best } = props;
  if (!best) return props.loading ? <p className="best muted">Finding the best price…</p> : null;
  return (
    <div className="best" data-testid="best">
      <span className="label">Best price, delivered</span>
      <strong data-testid="best-total">{formatPrice(best.total)}</strong>
      <span className="muted small">
        at {best.shop.name}: <TotalParts offer={best} />
      </span>
    </div>
  );
}

export function SkuPage(props: { id: number }) {
  const sku = useQuery(q.skus.get(props.id));
  const cards = useQuery(q.skus.productCards(props.id));
  const history = useQuery(q.skus.priceHistory(props.id));
  const session = useSession();
  if (sku.error) return <Failed error={sku.error} what="that product" retry={() => void sku.refetch()} />;
  if (!sku.data) return <Loading what="the product" />;
  const item = sku.data;
  const offers = cards.data ? offersOf(cards.data) : undefined;
  return (
    <article className="sku" data-testid="sku">
      <Link to={`/c/${item.category_id}`} className="back">
        ← Back to the category
      </Link>
      <div className="sku-head">
        <ProductImage src={item.images?.main} alt={item.display_name ?? ''} className="photo" />
        <div className="summary">
          <h1 data-testid="title">{item.display_name}</h1>
          <p className="rating">
            <Stars score={item.reviewscore ?? 0} />{' '}
            <span className="muted">
              {item.reviews_count ? plural(item.reviews_count, 'review') : 'No reviews yet'}
            </span>
          </p>
          {item.shop_count ? (
            <>
              <BestPrice best={offers?.[0]} loading={!cards.data && !cards.error} />
              {/* The SKU's own range is of item prices: said so, as shipping and fees come on top. */}
              <p className="price-range small" data-testid="price-range">
                Item prices <span data-testid="price-min">{formatPrice(item.price_min ?? 0)}</span>
                {item.price_max && item.price_max !== item.price_min
                  ? ` – ${formatPrice(item.price_max)}`
                  : ''}{' '}
                at {plural(item.shop_count, 'shop')}, before shipping and payment fees
              </p>
            </>
          ) : (
            <p className="muted">{item.future ? 'Coming soon' : 'No offers right now'}</p>
          )}
          {session.data ? (
            <FavoriteButton skuId={item.id} userId={session.data.id} />
          ) : session.data === null ? (
            <a className="button-link" href={signInHref()}>
              Sign in to save it to your favorites
            </a>
          ) : null}
          <p className="muted specs small" data-testid="specs">
            {item.plain_spec_summary}
          </p>
        </div>
      </div>
      <h2>Offers, by what you pay</h2>
      {cards.error ? (
        <Failed error={cards.error} retry={() => void cards.refetch()} />
      ) : offers ? (
        <Offers offers={offers} />
      ) : (
        <Loading what="offers" />
      )}
      <h2>Price history</h2>
      {history.error ? (
        <Failed error={history.error} retry={() => void history.refetch()} />
      ) : history.data ? (
        <PriceHistoryChart history={history.data} />
      ) : (
        <Loading what="the price history" />
      )}
    </article>
  );
}
