import type { Sku } from 'price-catalog';
import { formatPrice, plural } from './format.js';
import { Link } from './Link.js';
import { ProductImage } from './ProductImage.js';

export function Stars(props: { score: number }) {
  if (props.score <= 0) return null;
  const rounded = Math.round(props.score);
  return (
    <span className="stars" title={`${props.score.toFixed(1)} out of 5`}>
      {'★'.repeat(rounded)}
      <span className="off">{'★'.repeat(5 - rounded)}</span>
    </span>
  );
}

/** One SKU in a grid: photo, name, the lowest item price and how many shops sell it. */
export function SkuCard(props: { sku: Sku }) {
  const { sku } = props;
  return (
    <li className="card" data-sku={sku.id}>
      <Link to={`/s/${sku.id}`} className="card-link">
        <ProductImage src={sku.images?.main} alt="" className="thumb" />
        <span className="name">{sku.display_name}</span>
      </Link>
      <span className="meta">
        <Stars score={sku.reviewscore ?? 0} />
        {sku.reviews_count ? <span className="muted"> ({sku.reviews_count})</span> : null}
      </span>
      {sku.future ? (
        <span className="price muted">Coming soon</span>
      ) : sku.shop_count ? (
        // `price_min` is the lowest item price of its shops: shipping and payment fees come on top.
        <span className="price">
          <strong data-testid="price">{formatPrice(sku.price_min ?? 0)}</strong>
          <span className="muted small shops">
            lowest of {plural(sku.shop_count, 'shop')}, before shipping
          </span>
        </span>
      ) : (
        <span className="price muted">No offers</span>
      )}
    </li>
  );
}
