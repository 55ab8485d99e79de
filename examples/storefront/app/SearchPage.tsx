// Search results: the categories with matches (each opens its matching products), and the
// product or brand the query names exactly, when there is one.
import { useQuery } from '@tanstack/react-query';
import { q } from './client.js';
import { plural } from './format.js';
import { Link } from './Link.js';
import { Failed, Loading } from './Status.js';

export function SearchPage(props: { q: string }) {
  const query = props.q.trim();
  const results = useQuery({ ...q.catalog.search({ q: query }), enabled: query.length >= 2 });
  if (query.length < 2) return <p className="status">Type at least two characters to search.</p>;
  if (results.error) return <Failed error={results.error} retry={() => void results.refetch()} />;
  if (!results.data) return <Loading what="results" />;
  const categories = results.data.items;
  const strong = results.data.body.meta?.strong_matches;
  const alternatives = results.data.body.meta?.alternatives ?? [];
  return (
    <section>
      <h1 data-testid="title">Results for “{query}”</h1>
      {strong?.sku && (
        <p className="strong-match">
          Looking for <Link to={`/s/${strong.sku.id}`}>{strong.sku.display_name}</Link>?
        </p>
      )}
      {categories.length === 0 ? (
        <div className="status">
          <p>Nothing matches “{query}”.</p>
          {alternatives.length > 0 && (
            <p>
              Try{' '}
              {alternatives.map((alternative, index) => (
                <span key={alternative.term}>
                  {index > 0 && ', '}
                  <Link to={`/search?q=${encodeURIComponent(alternative.term)}`}>{alternative.term}</Link>
                </span>
              ))}
            </p>
          )}
        </div>
      ) : (
        <ul className="tiles" data-testid="results">
          {categories.map((category) => (
            <li key={category.id}>
              <Link to={`/c/${category.id}?q=${encodeURIComponent(query)}`} className="tile">
                <span className="name">{category.name}</span>
                {typeof category.match_count === 'number' && (
                  <span className="muted">{plural(category.match_count, 'match', 'matches')}</span>
                )}
              </Link>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
