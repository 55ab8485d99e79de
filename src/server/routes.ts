/**
 * The API's documented method and path pairs (the spec's endpoint tables), and which of them speak
 * for a signed-in user. The handler serves these and nothing else.
 */

export type ServedMethod = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

export interface ServedRoute {
  method: ServedMethod;
  /** `/categories/:id/skus`; a literal segment wins over a `:param` one. */
  path: string;
  /** Goes out with the signed-in user's token (and is answered 401 without a session). */
  user: boolean;
}

const PUBLIC_GETS = [
  '/search',
  '/autocomplete',
  '/categories',
  '/categories/root',
  '/categories/:id',
  '/categories/:id/parent',
  '/categories/:id/children',
  '/categories/:id/specifications',
  '/categories/:id/manufacturers',
  '/categories/:id/skus',
  '/categories/:id/filter_groups',
  '/manufacturers',
  '/manufacturers/:id',
  '/manufacturers/:id/categories',
  '/manufacturers/:id/skus',
  '/skus/:id',
  '/skus/:id/specifications',
  '/skus/:id/similar',
  '/skus/:id/products',
  '/skus/:id/product_cards',
  '/skus/:id/price_history',
  '/skus/:id/reviews',
  '/flags',
  '/products/:id',
  '/shops/:id/products/search',
  '/shops/:id',
  '/shops/search',
  '/shops/:id/reviews',
  '/shops/:id/locations',
  '/shops/:id/locations/:id',
  '/locations/find',
];

const USER_ROUTES: readonly (readonly [ServedMethod, string])[] = [
  // Review forms and writes are the user's own.
  ['GET', '/skus/:id/reviews/new'],
  ['POST', '/skus/:id/reviews'],
  ['GET', '/skus/:id/reviews/:id/edit'],
  ['PUT', '/skus/:id/reviews/:id'],
  ['DELETE', '/skus/:id/reviews/:id'],
  ['POST', '/skus/:id/reviews/:id/votes'],
  ['POST', '/skus/:id/reviews/:id/flags'],
  ['GET', '/favorite_lists'],
  ['POST', '/favorite_lists'],
  ['DELETE', '/favorite_lists/:id'],
  ['GET', '/favorite_lists/:id/favorites'],
  ['GET', '/categories/:id/favorites'],
  ['GET', '/skus/:id/favorite'],
  ['GET', '/favorites'],
  ['POST', '/favorites'],
  ['GET', '/favorites/:id'],
  ['PUT', '/favorites/:id'],
  ['DELETE', '/favorites/:id'],
  ['GET', '/user'],
  ['PATCH', '/user'],
  ['GET', '/user/avatars'],
  ['GET', '/user/saved_orders'],
  ['DELETE', '/user/logout'],
  ['GET', '/user/addresses'],
  ['GET', '/user/addresses/new'],
  ['POST', '/user/addresses'],
  ['PUT', '/user/addresses/:id'],
  ['DELETE', '/user/addresses/:id'],
  ['GET', '/notifications'],
  ['GET', '/notifications/:id'],
  ['POST', '/notifications/view'],
];

export const SERVED_ROUTES: readonly ServedRoute[] = [
  ...PUBLIC_GETS.map((path): ServedRoute => ({ method: 'GET', path, user: false })),
  ...USER_ROUTES.map(([method, path]): ServedRoute => ({ method, path, user: true })),
];

interface Compiled {
  route: ServedRoute;
  segments: string[];
  literals: number;
}

const COMPILED: Compiled[] = SERVED_ROUTES.map((route) => {
  const segments = route.path.slice(1).split('/');
  return { route, segments, literals: segments.filter((s) => !s.startsWith(':')).length };
});

/** A record id as the API takes it in a path: digits, letters, `_` and `-`, nothing else. */
const ID_SEGMENT = /^[A-Za-z0-9_-]{1,64}$/;

/**
 * The served route for a method and the path's segments (already checked to be plain), or
 * undefined. Among matches of a path the most literal one wins (`/categories/root` over
 * `/categories/:id`), then the method must match.
 */
export function matchRoute(method: string, segments: readonly string[]): ServedRoute | undefined {
  let best: Compiled[] = [];
  let most = -1;
  for (const compiled of COMPILED) {
    if (compiled.segments.length !== segments.length) continue;
    const fits = compiled.segments.every((expected, i) =>
      expected.startsWith(':') ? ID_SEGMENT.test(segments[i] as string) : expected === segments[i],
    );
    if (!fits) continue;
    if (compiled.literals > most) {
      most = compiled.literals;
      best = [compiled];
    } else if (compiled.literals === most) best.push(compiled);
  }
  return best.find((c) => c.route.method === method)?.route;
}
