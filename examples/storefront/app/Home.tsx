// The front page: the top categories as tiles.
import { useInfiniteQuery, useQuery } from '@tanstack/react-query';
import { q } from './client.js';
import { plural } from './format.js';
import { Link } from './Link.js';
import { Failed, Loading } from './Status.js';

function TopCategories(props: { root: number }) {
  const children = useInfiniteQuery(q.catalog.categories.children.infinite(props.root, { per: 50 }));
  if (children.error) return <Failed error={children.error} retry={() => void children.refetch()} />;
  if (!children.data) return <Loading what="categories" />;
  return (
    <ul className="tiles">
      {children.data.pages
        .flatMap((page) => page.items)
        .map((category) => (
          <li key={category.id}>
            <Link to={`/c/${category.id}`} className="tile">
              <span className="name">{category.name}</span>
              <span className="muted">{plural(category.children_count ?? 0, 'category', 'categories')}</span>
            </Link>
          </li>
        ))}
    </ul>
  );
}

export function Home() {
  const root = useQuery(q.catalog.categories.root());
  return (
    <section>
      <h1>Compare prices from shops</h1>
      <p className="muted">Browse the categories, search, and save products to follow their prices.</p>
      {root.error ? (
        <Failed error={root.error} retry={() => void root.refetch()} />
      ) : root.data ? (
        <TopCategories root={root.data.id} />
      ) : (
        <Loading what="categories" />
      )}
    </section>
  );
}
