// The orders a shopper picks from, as the API's `order_by` and `order_dir`. Only the ones the
// category offers (its `meta.order_by_methods`) are shown.
export interface SortChoice {
  value: string;
  label: string;
  order_by: string;
  order_dir: 'asc' | 'desc';
}

export const SORTS: readonly SortChoice[] = [
  { value: 'popular', label: 'Most popular', order_by: 'popularity', order_dir: 'desc' },
  { value: 'price-asc', label: 'Price: low to high', order_by: 'pricevat', order_dir: 'asc' },
  { value: 'price-desc', label: 'Price: high to low', order_by: 'pricevat', order_dir: 'desc' },
  { value: 'rating', label: 'Best rated', order_by: 'rating', order_dir: 'desc' },
  { value: 'newest', label: 'Newest', order_by: 'newest', order_dir: 'desc' },
];

export function sortOf(value: string | null): SortChoice | undefined {
  return SORTS.find((sort) => sort.value === value);
}

export function sortsOffered(methods: Record<string, string> | undefined): readonly SortChoice[] {
  return methods ? SORTS.filter((sort) => Object.hasOwn(methods, sort.order_by)) : SORTS;
}
