/** `/skus/3443837/offers` as `/skus/{id}/offers`: the route, never an id (every id of the API's paths is an integer). */
export function routeOf(path: string): string {
  return path.replace(/\/-?\d+(?=\/|$)/g, '/{id}');
}
