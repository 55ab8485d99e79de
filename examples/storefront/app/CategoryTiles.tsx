// A category's children as tiles (the front page's top categories, a category's subcategories).
import { useInfiniteQuery } from '@tanstack/react-query';
import { q } from './client.js';
import { plural } from './format.js';
import { Link } from './Link.js';
import { Failed, Loading } from './Status.js';

export function CategoryTiles(props: { parent: number }) {
  const children = useInfiniteQuery(q.catalog.categories.children.infinite(props.parent, { per: 50 }));
  if (children.error) return <Failed error={children.error} retry={() => void children.refetch()} />;
  if (!children.data) return <Loading what="categories" />;
  return (
    <ul className="tiles">
      {children.data.pages
        .flatMap((page) => page.items)
        .map((child) => (
          <li key={child.id}>
            <Link to={`/c/${child.id}`} className="tile">
              <span className="name">{child.name}</span>
              {(child.children_count ?? 0) > 0 && (
                <span className="muted">{plural(child.children_count ?? 0, 'category', 'categories')}</span>
              )}
            </Link>
          </li>
        ))}
    </ul>
  );
}
