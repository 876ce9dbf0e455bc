import { Suspense, lazy, useEffect, useState } from 'react';
import { Outlet, useLocation } from 'react-router-dom';
import {
  loadWholeCatalogue,
  selectCartCount,
  selectCatalogueComplete,
  selectShowUserLogin,
  skipToken,
  useAppDispatch,
  useAppSelector,
  useListProductsQuery,
  useUserIsAuthQuery,
} from '@larder/shared-state';
import { ConfirmProvider } from '@larder/shared-ui';
import { PageSkeleton } from '../components/PageSkeleton';
import { SignInPromptProvider } from '../components/RequireSignIn';
import { Footer } from './Footer';
import { Navbar } from './Navbar';
import { RouteErrorBoundary } from './RouteErrorBoundary';
import { useSignInOutcome } from './useSignInOutcome';

const LoginModal = lazy(() =>
  import(/* webpackChunkName: "login-modal" */ './LoginModal').then((module) => ({
    default: module.LoginModal,
  })),
);

/**
 * The login modal, loaded the first time it opens (most visits never sign in) and kept from then on,
 * so it resets and animates as a mounted modal does.
 */
function LoginModalOnDemand() {
  const open = useAppSelector(selectShowUserLogin);
  const [wanted, setWanted] = useState(open);
  useEffect(() => {
    if (open) setWanted(true);
  }, [open]);
  if (!open && !wanted) return null;
  return (
    <Suspense fallback={null}>
      <LoginModal />
    </Suspense>
  );
}

/** Keeps a query's answer loaded without reading it (the hook's result never changes). */
const SUBSCRIBE_ONLY = { selectFromResult: () => ({}) };

/**
 * The answers every storefront page keeps loaded: the session; the catalogue while the cart has lines (so lines
 * of unavailable products are dropped); and the rest of the catalogue once a server-rendered page, which came
 * with only the products it shows, is up. A component of its own that draws nothing: an answer arriving
 * re-renders the components that read it, not the whole page around them.
 */
function KeepLoaded() {
  useUserIsAuthQuery(undefined, SUBSCRIBE_ONLY);
  const hasCart = useAppSelector(selectCartCount) > 0;
  useListProductsQuery(hasCart ? undefined : skipToken, SUBSCRIBE_ONLY);
  const catalogueComplete = useAppSelector(selectCatalogueComplete);
  const dispatch = useAppDispatch();
  useEffect(() => {
    if (!catalogueComplete) void dispatch(loadWholeCatalogue());
  }, [catalogueComplete, dispatch]);
  return null;
}

/** Navbar, page, footer, the login modal and the sign-in prompt around every storefront route. */
export function StorefrontLayout() {
  const { pathname } = useLocation();
  useSignInOutcome();

  useEffect(() => {
    window.scrollTo(0, 0);
  }, [pathname]);

  return (
    <ConfirmProvider>
      <SignInPromptProvider>
        <div className="flex min-h-screen flex-col bg-white text-gray-900">
          <a
            href="#main-content"
            className="sr-only focus:not-sr-only focus:fixed focus:top-2 focus:left-2 focus:z-50 focus:rounded-md focus:bg-white focus:px-4 focus:py-2 focus:shadow"
          >
            Skip to content
          </a>
          <KeepLoaded />
          <Navbar />
          {/* At least a screen tall: the footer starts below the first screen, so pages whose content
              arrives later never push it down in view (no layout shift). */}
          <main
            id="main-content"
            tabIndex={-1}
            className="min-h-screen flex-1 px-4 outline-none sm:px-6 md:px-16 lg:px-24 xl:px-32"
          >
            <RouteErrorBoundary resetKey={pathname}>
              <Suspense fallback={<PageSkeleton />}>
                <Outlet />
              </Suspense>
            </RouteErrorBoundary>
          </main>
          <Footer />
        </div>
        <LoginModalOnDemand />
      </SignInPromptProvider>
    </ConfirmProvider>
  );
}
