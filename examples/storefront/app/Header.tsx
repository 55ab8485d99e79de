import type { User } from 'price-catalog';
import { Link } from './Link.js';
import { SearchBox } from './SearchBox.js';
import { signInHref, useSignOut } from './session.js';

export function Header(props: {
  user: User | null | undefined;
  search: string;
  /** Whether the category menu (a narrow screen's tree) is open. */
  menu: boolean;
  onMenu: () => void;
}) {
  const signOut = useSignOut();
  return (
    <header className="top">
      <Link to="/" className="brand">
        <span className="logo">◆</span> Storefront
      </Link>
      <button
        type="button"
        className="quiet menu-button"
        aria-controls="categories"
        aria-expanded={props.menu}
        data-testid="menu"
        onClick={props.onMenu}
      >
        ☰ Categories
      </button>
      <SearchBox initial={props.search} />
      <nav className="account" aria-label="Account">
        {props.user ? (
          <>
            <Link to="/favorites">Favorites</Link>
            <Link to="/notifications">Notifications</Link>
            <span className="user" data-testid="user">
              {props.user.username}
            </span>
            <button type="button" className="quiet" data-testid="sign-out" onClick={() => void signOut()}>
              Sign out
            </button>
          </>
        ) : props.user === null ? (
          <a className="button-link" href={signInHref()} data-testid="sign-in">
            Sign in
          </a>
        ) : null}
      </nav>
    </header>
  );
}
