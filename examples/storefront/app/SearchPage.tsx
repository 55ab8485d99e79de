// Search results: the product the query names exactly, the matching products of the categories
// with the most matches (the API searches categories; their SKU lists take the same `q`), and every
// category with matches (each opens all its matching products).
import { useQuery } from '@tanstack/react-query';
import type { Category } from 'price-catalog';
import { q } from './client.js';
import { plural } from './format.js';
import { Link } from './Link.js';
import { SkuCard } from './SkuCard.js';
import { Failed, Loading } from './Status.js';

/** Products shown per category on the search page; the category page has the rest. */
const SHOWN = 8;
/** The categories whose products the search page shows. */
const CATEGORIES_SHOWN = 2;

function MatchingSkus(props: { category: Category; q: string }) {
  const skus = useQuery(q.catalog.categories.skus(props.category.id, { q: props.q, per: SHOWN }));
  if (skus.error) return <Failed error={skus.error} retry={() => void skus.refetch()} />;
  if (!skus.data) return <Loading what={`products in ${props.category.name}`} />;
  if (skus.data.items.length === 0) return null;
  const total = skus.data.pagination?.total_results ?? skus.data.items.length;
  const all = `/c/${props.category.id}?q=${encodeURIComponent(props.q)}`;
  return (
    <section className="search-skus">
      <h2>
        <Link to={all}>{props.category.name}</Link>
      </h2>
      <ul className="grid" data-testid="search-skus">
        {skus.data.items.map((sku) => (
          <SkuCard key={sku.id} sku={sku} />
        ))}
      </ul>
      {total > skus.data.items.length && (
        <p>
          <Link to={all}>
            See all {plural(total, 'match', 'matches')} in {props.category.name}
          </Link>
        </p>
      )}
    </section>
  );
}

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
        <>
          {categories.slice(0, CATEGORIES_SHOWN).map((category) => (
            <MatchingSkus key={category.id} category={category} q={query} />
          ))}
          <h2>Categories with matches</h2>
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
        </>
      )}
    </section>
  );
}
