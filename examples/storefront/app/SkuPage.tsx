// A SKU: photo, prices in euros, the shops' offers, the price history, and the favorite button.
import { useQuery } from '@tanstack/react-query';
import { q } from './client.js';
import { FavoriteButton } from './FavoriteButton.js';
import { formatPrice, plural } from './format.js';
import { Link } from './Link.js';
import { Offers } from './Offers.js';
import { PriceHistoryChart } from './PriceHistoryChart.js';
import { ProductImage } from './ProductImage.js';
import { Stars } from './SkuCard.js';
import { Failed, Loading } from './Status.js';
import { signInHref, useSession } from './session.js';

export function SkuPage(props: { id: number }) {
  const sku = useQuery(q.skus.get(props.id));
  const cards = useQuery(q.skus.productCards(props.id));
  const history = useQuery(q.skus.priceHistory(props.id));
  const session = useSession();
  if (sku.error) return <Failed error={sku.error} what="that product" retry={() => void sku.refetch()} />;
  if (!sku.data) return <Loading what="the product" />;
  const item = sku.data;
  return (
    <article className="sku" data-testid="sku">
      <Link to={`/c/${item.category_id}`} className="back">
        ← Back to the category
      </Link>
      <div className="sku-head">
        <ProductImage src={item.images?.main} alt={item.display_name ?? ''} className="photo" />
        <div>
          <h1 data-testid="title">{item.display_name}</h1>
          <p className="muted specs" data-testid="specs">
            {item.plain_spec_summary}
          </p>
          <p>
            <Stars score={item.reviewscore ?? 0} />{' '}
            <span className="muted">
              {item.reviews_count ? plural(item.reviews_count, 'review') : 'No reviews yet'}
            </span>
          </p>
          {item.shop_count ? (
            <p className="price-range">
              <strong data-testid="price-min">{formatPrice(item.price_min ?? 0)}</strong>
              {item.price_max && item.price_max !== item.price_min ? ` – ${formatPrice(item.price_max)}` : ''}
              <span className="muted"> at {plural(item.shop_count, 'shop')}</span>
            </p>
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
        </div>
      </div>
      <h2>Offers</h2>
      {cards.error ? (
        <Failed error={cards.error} />
      ) : cards.data ? (
        <Offers groups={cards.data} />
      ) : (
        <Loading what="offers" />
      )}
      <h2>Price history</h2>
      {history.error ? (
        <Failed error={history.error} />
      ) : history.data ? (
        <PriceHistoryChart history={history.data} />
      ) : (
        <Loading what="the price history" />
      )}
    </article>
  );
}
