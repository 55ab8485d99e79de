// A category: its subcategories, or (a leaf) its SKUs in the order chosen, 24 at a time with
// "Load more" (an infinite query: page 2 is asked only when wanted).
import { useInfiniteQuery, useQuery } from '@tanstack/react-query';
import type { Category } from 'price-catalog';
import { CategoryTiles } from './CategoryTiles.js';
import { q } from './client.js';
import { plural } from './format.js';
import { navigate } from './route.js';
import { SkuCard } from './SkuCard.js';
import { Failed, Loading } from './Status.js';
import { sortOf, sortsOffered } from './sorting.js';

const PER = 24;

function Skus(props: { category: Category; sort: string | null; q: string | null }) {
  const chosen = sortOf(props.sort);
  const params = {
    per: PER,
    ...(chosen && { order_by: chosen.order_by, order_dir: chosen.order_dir }),
    ...(props.q && { q: props.q }),
  };
  const skus = useInfiniteQuery(q.catalog.categories.skus.infinite(props.category.id, params));
  if (skus.error) return <Failed error={skus.error} retry={() => void skus.refetch()} />;
  if (!skus.data) return <Loading what="products" />;
  const first = skus.data.pages[0];
  const total = first?.pagination?.total_results ?? 0;
  const items = skus.data.pages.flatMap((page) => page.items);
  const meta = first?.body.meta;
  const offered = sortsOffered(meta?.order_by_methods ?? undefined);
  const current = chosen ?? offered.find((sort) => sort.order_by === meta?.ordered_by) ?? offered[0];
  const change = (value: string) => {
    const url = new URL(window.location.href);
    url.searchParams.set('sort', value);
    navigate(url.pathname + url.search, true);
  };
  return (
    <>
      <div className="toolbar">
        <span data-testid="count">
          {props.q ? `${plural(total, 'result')} for “${props.q}”` : plural(total, 'product')}
        </span>
        <label>
          Sort by{' '}
          <select data-testid="sort" value={current?.value} onChange={(event) => change(event.target.value)}>
            {offered.map((sort) => (
              <option key={sort.value} value={sort.value}>
                {sort.label}
              </option>
            ))}
          </select>
        </label>
      </div>
      <ul className="grid" data-testid="skus">
        {items.map((sku) => (
          <SkuCard key={sku.id} sku={sku} />
        ))}
      </ul>
      <div className="more">
        <span className="muted" data-testid="shown">
          Showing {items.length} of {total}
        </span>
        {skus.hasNextPage && (
          <button
            type="button"
            data-testid="load-more"
            disabled={skus.isFetchingNextPage}
            onClick={() => void skus.fetchNextPage()}
          >
            {skus.isFetchingNextPage ? 'Loading…' : 'Load more'}
          </button>
        )}
      </div>
    </>
  );
}

export function CategoryPage(props: { id: number; sort: string | null; q: string | null }) {
  const category = useQuery(q.catalog.categories.get(props.id));
  if (category.error)
    return <Failed error={category.error} what="that category" retry={() => void category.refetch()} />;
  if (!category.data) return <Loading what="the category" />;
  const leaf = (category.data.children_count ?? 0) === 0;
  return (
    <section>
      <h1 data-testid="title">{category.data.name}</h1>
      {leaf ? (
        <Skus
          key={`${props.id} ${props.sort} ${props.q}`}
          category={category.data}
          sort={props.sort}
          q={props.q}
        />
      ) : (
        <CategoryTiles parent={category.data.id} />
      )}
    </section>
  );
}
