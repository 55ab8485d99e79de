// The category tree, each level read when it is opened (categories.children, an infinite list).
// The branch of the category being shown is open.
import { useInfiniteQuery, useQuery } from '@tanstack/react-query';
import type { Category } from 'price-catalog';
import { useState } from 'react';
import { q } from './client.js';
import { Link } from './Link.js';
import { Failed, Loading } from './Status.js';

interface Place {
  current: number | null;
  /** Ids from the root down to the current category. */
  path: readonly number[];
}

function Children(props: { parent: number; place: Place }) {
  const children = useInfiniteQuery(q.catalog.categories.children.infinite(props.parent, { per: 50 }));
  if (children.error) return <Failed error={children.error} retry={() => void children.refetch()} />;
  if (!children.data) return <Loading what="categories" />;
  return (
    <ul>
      {children.data.pages
        .flatMap((page) => page.items)
        .map((category) => (
          <Node key={category.id} category={category} place={props.place} />
        ))}
    </ul>
  );
}

function Node(props: { category: Category; place: Place }) {
  const { category, place } = props;
  const branch = (category.children_count ?? 0) > 0;
  // Open on the current category's branch, until the shopper opens or closes it by hand.
  const [chosen, setOpen] = useState<boolean | null>(null);
  const open = chosen ?? place.path.includes(category.id);
  return (
    <li className={place.current === category.id ? 'current' : undefined}>
      {branch ? (
        <button
          type="button"
          className="twisty"
          aria-expanded={open}
          aria-label={`${open ? 'Close' : 'Open'} ${category.name}`}
          onClick={() => setOpen(!open)}
        >
          {open ? '▾' : '▸'}
        </button>
      ) : (
        <span className="twisty" />
      )}
      <Link to={`/c/${category.id}`} testId={`category-${category.id}`}>
        {category.name}
      </Link>
      {branch && open && <Children parent={category.id} place={place} />}
    </li>
  );
}

/** The tree, open on the category shown, or on the category of the product shown. */
export function CategoryTree(props: { category: number | null; sku: number | null }) {
  const root = useQuery(q.catalog.categories.root());
  const sku = useQuery({ ...q.skus.get(props.sku ?? 0), enabled: props.sku !== null });
  const shown = props.category ?? (props.sku === null ? null : (sku.data?.category_id ?? null));
  const current = useQuery({
    ...q.catalog.categories.get(shown ?? 0),
    enabled: shown !== null,
    placeholderData: (previous) => previous,
  });
  if (root.error) return <Failed error={root.error} retry={() => void root.refetch()} />;
  // At first, wait for the current category's path, so its branch starts open.
  if (!root.data || (shown !== null && !current.data && !current.error)) return <Loading what="categories" />;
  const path = shown === null ? [] : (current.data?.path ?? '').split(',').map(Number);
  return (
    <nav className="tree" aria-label="Categories">
      <h2>Categories</h2>
      <Children parent={root.data.id} place={{ current: shown, path }} />
    </nav>
  );
}
