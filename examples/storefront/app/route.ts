// The address bar is the state of the page: /c/40?sort=price-asc, /s/123, /search?q=…, so a
// link can be shared, the back button works and sign-in can come back to the same page.
import { useEffect, useState } from 'react';

export type Route =
  | { page: 'home' }
  | { page: 'category'; id: number; sort: string | null; q: string | null }
  | { page: 'sku'; id: number }
  | { page: 'search'; q: string }
  | { page: 'favorites' }
  | { page: 'notifications' }
  | { page: 'missing' };

export function parseRoute(location: { pathname: string; search: string }): Route {
  const query = new URLSearchParams(location.search);
  const [, first, second] = location.pathname.split('/');
  const id = Number(second);
  if (!first) return { page: 'home' };
  if (first === 'c' && Number.isInteger(id) && id > 0)
    return { page: 'category', id, sort: query.get('sort'), q: query.get('q') };
  if (first === 's' && Number.isInteger(id) && id > 0) return { page: 'sku', id };
  if (first === 'search') return { page: 'search', q: query.get('q') ?? '' };
  if (first === 'favorites') return { page: 'favorites' };
  if (first === 'notifications') return { page: 'notifications' };
  return { page: 'missing' };
}

export function navigate(to: string, replace = false): void {
  if (replace) history.replaceState(null, '', to);
  else history.pushState(null, '', to);
  window.dispatchEvent(new PopStateEvent('popstate'));
  if (!replace) window.scrollTo(0, 0);
}

export function useRoute(): Route {
  const [route, setRoute] = useState(() => parseRoute(window.location));
  useEffect(() => {
    const update = () => setRoute(parseRoute(window.location));
    window.addEventListener('popstate', update);
    return () => window.removeEventListener('popstate', update);
  }, []);
  return route;
}

/** An in-app link: a real <a href> (open in a new tab works), followed without a reload. */
export function follow(
  event: { preventDefault(): void; metaKey: boolean; ctrlKey: boolean; button: number },
  to: string,
) {
  if (event.metaKey || event.ctrlKey || event.button !== 0) return;
  event.preventDefault();
  navigate(to);
}
