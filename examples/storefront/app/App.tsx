// The storefront: a header (search, account), the category tree (a menu on a phone), and the page
// the address names.
import { type ReactNode, useEffect, useState } from 'react';
import { CategoryPage } from './CategoryPage.js';
import { CategoryTree } from './CategoryTree.js';
import { FavoritesPage } from './FavoritesPage.js';
import { Header } from './Header.js';
import { Home } from './Home.js';
import { NotificationsPage } from './NotificationsPage.js';
import { navigate, type Route, useRoute } from './route.js';
import { SearchPage } from './SearchPage.js';
import { SkuPage } from './SkuPage.js';
import { Failed, Loading, NotFound } from './Status.js';
import { signInHref, useSession } from './session.js';

/**
 * Back from the authorization page: say how it went, tidy the address, and keep the notice on
 * that page only (it goes once the shopper moves on).
 */
interface Notice {
  text: string;
  tone: 'done' | 'cancelled';
}

function useSignInNotice(signedIn: boolean | undefined): Notice | null {
  const [notice, setNotice] = useState<(Notice & { path: string }) | null>(null);
  useEffect(() => {
    const url = new URL(window.location.href);
    if (signedIn === undefined || !url.searchParams.has('signin')) return;
    setNotice(
      signedIn
        ? { text: 'You are signed in.', tone: 'done', path: url.pathname }
        : {
            text: 'Sign-in was cancelled: the storefront was not authorized.',
            tone: 'cancelled',
            path: url.pathname,
          },
    );
    url.searchParams.delete('signin');
    navigate(url.pathname + url.search, true);
  }, [signedIn]);
  return notice && notice.path === window.location.pathname ? notice : null;
}

function UserOnly(props: { userId: number | undefined | null; children: (userId: number) => ReactNode }) {
  if (props.userId === undefined) return <Loading what="your account" />;
  if (props.userId === null)
    return (
      <p className="status">
        <a href={signInHref()}>Sign in</a> to see this page.
      </p>
    );
  return props.children(props.userId);
}

function Page(props: { route: Route; userId: number | null | undefined }) {
  const { route } = props;
  switch (route.page) {
    case 'home':
      return <Home />;
    case 'category':
      return <CategoryPage id={route.id} sort={route.sort} q={route.q} />;
    case 'sku':
      return <SkuPage id={route.id} />;
    case 'search':
      return <SearchPage q={route.q} />;
    case 'favorites':
      return <UserOnly userId={props.userId}>{(userId) => <FavoritesPage userId={userId} />}</UserOnly>;
    case 'notifications':
      return <UserOnly userId={props.userId}>{(userId) => <NotificationsPage userId={userId} />}</UserOnly>;
    default:
      return <NotFound what="that page" />;
  }
}

export function App() {
  const route = useRoute();
  const session = useSession();
  const user = session.isError ? null : session.data;
  const notice = useSignInNotice(session.data === undefined ? undefined : session.data !== null);
  // On a narrow screen the category tree is a menu, closed until asked for and after each move.
  const [menu, setMenu] = useState(false);
  useEffect(() => setMenu(false), [route]);
  return (
    <>
      <Header
        user={user}
        search={route.page === 'search' ? route.q : ''}
        menu={menu}
        onMenu={() => setMenu(!menu)}
      />
      {notice && (
        <p className={`notice ${notice.tone}`} role="status" data-testid="notice">
          {notice.text}
        </p>
      )}
      {session.isError && <Failed error={session.error} />}
      <div className="layout">
        <aside id="categories" className={menu ? 'open' : undefined}>
          <CategoryTree
            category={route.page === 'category' ? route.id : null}
            sku={route.page === 'sku' ? route.id : null}
          />
        </aside>
        <main>
          <Page route={route} userId={user === undefined ? undefined : (user?.id ?? null)} />
        </main>
      </div>
    </>
  );
}
