// The front page: the top categories as tiles.
import { useQuery } from '@tanstack/react-query';
import { CategoryTiles } from './CategoryTiles.js';
import { q } from './client.js';
import { Failed, Loading } from './Status.js';

export function Home() {
  const root = useQuery(q.catalog.categories.root());
  return (
    <section>
      <h1>Compare prices from shops</h1>
      <p className="muted">Browse the categories, search, and save products to follow their prices.</p>
      {root.error ? (
        <Failed error={root.error} retry={() => void root.refetch()} />
      ) : root.data ? (
        <CategoryTiles parent={root.data.id} />
      ) : (
        <Loading what="categories" />
      )}
    </section>
  );
}
