import { Suspense, lazy, useEffect, useRef, useState } from 'react';
import { Link, NavLink } from 'react-router-dom';
import {
  openLogin,
  selectSessionStatus,
  selectUser,
  useAppDispatch,
  useAppSelector,
} from '@larder/shared-state';
import { Button, Skeleton, cx } from '@larder/shared-ui';
import { CartLink } from './CartLink';
import { MenuIcon } from './icons';
import { NAV_LINKS } from './nav-links';
import { SearchBox } from './SearchBox';

const loadMobileDrawer = () => import(/* webpackChunkName: "mobile-drawer" */ './MobileDrawer');
const MobileDrawer = lazy(() => loadMobileDrawer().then((module) => ({ default: module.MobileDrawer })));

// The account menu is for signed-in customers only; most visits are not signed in.
const ProfileMenu = lazy(() =>
  import(/* webpackChunkName: "profile-menu" */ './ProfileMenu').then((module) => ({
    default: module.ProfileMenu,
  })),
);

const navLinkClass = ({ isActive }: { isActive: boolean }) =>
  cx(
    'rounded-sm px-1 py-2 text-sm font-medium hover:text-primary',
    isActive ? 'text-primary underline decoration-2 underline-offset-8' : 'text-gray-700',
  );

export function Navbar() {
  const user = useAppSelector(selectUser);
  const status = useAppSelector(selectSessionStatus);
  const dispatch = useAppDispatch();
  const [drawerOpen, setDrawerOpen] = useState(false);
  // The drawer's code loads the first time it opens (a phone visit often never opens it) and stays.
  const [drawerWanted, setDrawerWanted] = useState(false);
  const menuButtonRef = useRef<HTMLButtonElement>(null);

  // Back and Forward close the drawer; its own links close it as they navigate. (Not "when the location
  // changes": a page still arriving commits its location later, and would close a drawer opened meanwhile.)
  useEffect(() => {
    if (!drawerOpen) return undefined;
    const close = () => setDrawerOpen(false);
    window.addEventListener('popstate', close);
    return () => window.removeEventListener('popstate', close);
  }, [drawerOpen]);

  const account =
    status !== 'ready' && !user ? (
      <Skeleton className="h-9 w-20" />
    ) : user ? (
      <Suspense fallback={<Skeleton className="h-9 w-16" />}>
        <ProfileMenu user={user} />
      </Suspense>
    ) : (
      <Button size="sm" className="rounded-full px-5" onClick={() => dispatch(openLogin('signup'))}>
        Sign up
      </Button>
    );

  return (
    <header className="sticky top-0 z-30 border-b border-gray-200 bg-white/95 px-4 backdrop-blur sm:px-6 md:px-16 lg:px-24 xl:px-32">
      <div className="flex h-16 items-center justify-between gap-4">
        <Link
          to="/"
          className="shrink-0 rounded-sm text-2xl font-bold tracking-tight text-primary"
          aria-label="Larder home"
        >
          Larder
        </Link>

        <div className="hidden flex-1 items-center justify-end gap-6 md:flex lg:gap-8">
          <nav aria-label="Main">
            <ul className="flex items-center gap-5 lg:gap-7">
              {NAV_LINKS.map((link) => (
                <li key={link.to}>
                  <NavLink to={link.to} end={link.end} className={navLinkClass}>
                    {link.text}
                  </NavLink>
                </li>
              ))}
            </ul>
          </nav>
          <SearchBox id="navbar-search" className="hidden w-56 lg:flex xl:w-64" />
          <CartLink />
          {/* One width for the skeleton, the Sign up button and the account menu: nothing moves when the
              session answer arrives. */}
          <div className="flex w-24 shrink-0 justify-end">{account}</div>
        </div>

        <div className="flex items-center gap-1 md:hidden">
          <CartLink />
          <button
            ref={menuButtonRef}
            type="button"
            aria-label="Open menu"
            aria-expanded={drawerOpen}
            aria-controls="mobile-drawer"
            // Start fetching the drawer as the finger touches the button, before the click arrives.
            onPointerDown={() => void loadMobileDrawer()}
            onClick={() => {
              setDrawerWanted(true);
              setDrawerOpen(true);
            }}
            className="inline-flex h-11 w-11 items-center justify-center rounded-md text-gray-700 hover:bg-gray-100"
          >
            <MenuIcon className="h-6 w-6" />
          </button>
        </div>
      </div>
      <div className="pb-3 lg:hidden">
        <SearchBox id="navbar-search-compact" />
      </div>
      {drawerWanted && (
        <Suspense fallback={null}>
          <MobileDrawer
            id="mobile-drawer"
            open={drawerOpen}
            onClose={() => setDrawerOpen(false)}
            returnFocusRef={menuButtonRef}
          />
        </Suspense>
      )}
    </header>
  );
}
