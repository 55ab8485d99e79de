// The user's favorites, newest first, each shown as its SKU with a button to remove it.
import { useMutation, useQuery } from '@tanstack/react-query';
import type { Favorite } from 'price-catalog';
import { useMemo } from 'react';
import { q, userQueries } from './client.js';
import { formatDate, formatPrice, plural } from './format.js';
import { Link } from './Link.js';
import { ProductImage } from './ProductImage.js';
import { Failed, Loading } from './Status.js';

function FavoriteRow(props: { favorite: Favorite; remove: (id: number) => void; removing: boolean }) {
  const { favorite } = props;
  const sku = useQuery({ ...q.skus.get(favorite.sku_id ?? 0), enabled: favorite.sku_id !== null });
  const name = sku.data?.display_name ?? `Product ${favorite.sku_id}`;
  return (
    <li className="row" data-testid="favorite-row" data-sku={favorite.sku_id}>
      <ProductImage src={sku.data?.images?.main} alt="" className="thumb small" />
      <div className="grow">
        <Link to={`/s/${favorite.sku_id}`}>{name}</Link>
        <div className="muted small">Saved {formatDate(favorite.created_at)}</div>
      </div>
      <span className="price">
        {sku.data?.price_min ? (
          <>
            <strong>{formatPrice(sku.data.price_min)}</strong>{' '}
            <span className="muted small">lowest item price</span>
          </>
        ) : null}
      </span>
      <button
        type="button"
        className="quiet"
        disabled={props.removing}
        onClick={() => props.remove(favorite.id)}
      >
        Remove
      </button>
    </li>
  );
}

export function FavoritesPage(props: { userId: number }) {
  const uq = useMemo(() => userQueries(props.userId), [props.userId]);
  const favorites = useQuery(uq.favorites.list({ per: 50 }));
  const remove = useMutation(uq.favorites.delete.mutation());
  if (favorites.error) return <Failed error={favorites.error} retry={() => void favorites.refetch()} />;
  if (!favorites.data) return <Loading what="your favorites" />;
  const items = favorites.data.items;
  return (
    <section>
      <h1 data-testid="title">Your favorites</h1>
      <p className="muted" data-testid="count">
        {plural(favorites.data.pagination?.total_results ?? items.length, 'product')} saved
      </p>
      {items.length === 0 ? (
        <p className="status">Nothing saved yet: open a product and press “Add to favorites”.</p>
      ) : (
        <ul className="rows" data-testid="favorites">
          {items.map((favorite) => (
            <FavoriteRow
              key={favorite.id}
              favorite={favorite}
              remove={remove.mutate}
              removing={remove.isPending}
            />
          ))}
        </ul>
      )}
    </section>
  );
}
