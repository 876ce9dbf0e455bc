import { useEffect } from 'react';
import { Route, Routes, matchPath } from 'react-router-dom';
import { FOOD_FILTER_PARAMS, type PageRoute } from '@larder/shared-domain';
import {
  api,
  loadWholeCatalogue,
  selectCatalogueComplete,
  useAppStore,
  type AppDispatch,
  type RootState,
} from '@larder/shared-state';
import { lazyPage, type LazyPage } from './lazy-page';
import { StorefrontLayout } from './layout/StorefrontLayout';
import { ADDRESS_PARAM } from './pages/cart/useSelectedAddress';

// Each page's chunk is named twice, for webpack (the comment) and for the route table (the argument):
// routes.spec.ts checks they are the same.
const HomePage = lazyPage(
  'page-home',
  () => import(/* webpackChunkName: "page-home" */ './pages/home/HomePage'),
);
const AllProductsPage = lazyPage(
  'page-products',
  () => import(/* webpackChunkName: "page-products" */ './pages/products/AllProductsPage'),
);
const CategoryPage = lazyPage(
  'page-category',
  () => import(/* webpackChunkName: "page-category" */ './pages/category/CategoryPage'),
);
const ProductDetailPage = lazyPage(
  'page-product',
  () => import(/* webpackChunkName: "page-product" */ './pages/product-detail/ProductDetailPage'),
);
const CartPage = lazyPage(
  'page-cart',
  () => import(/* webpackChunkName: "page-cart" */ './pages/cart/CartPage'),
);
const AddAddressPage = lazyPage(
  'page-add-address',
  () => import(/* webpackChunkName: "page-add-address" */ './pages/add-address/AddAddressPage'),
);
const MyOrdersPage = lazyPage(
  'page-my-orders',
  () => import(/* webpackChunkName: "page-my-orders" */ './pages/my-orders/MyOrdersPage'),
);
const ReceiptPage = lazyPage(
  'page-receipt',
  () => import(/* webpackChunkName: "page-receipt" */ './pages/my-orders/ReceiptPage'),
);
const FavouritesPage = lazyPage(
  'page-favourites',
  () => import(/* webpackChunkName: "page-favourites" */ './pages/favourites/FavouritesPage'),
);
const UsualsPage = lazyPage(
  'page-usuals',
  () => import(/* webpackChunkName: "page-usuals" */ './pages/usuals/UsualsPage'),
);
const RegularDeliveriesPage = lazyPage(
  'page-regular-deliveries',
  () =>
    import(
      /* webpackChunkName: "page-regular-deliveries" */ './pages/regular-deliveries/RegularDeliveriesPage'
    ),
);
const ProfilePage = lazyPage(
  'page-profile',
  () => import(/* webpackChunkName: "page-profile" */ './pages/profile/ProfilePage'),
);
const ContactPage = lazyPage(
  'page-contact',
  () => import(/* webpackChunkName: "page-contact" */ './pages/contact-us/ContactPage'),
);
const TermsPage = lazyPage(
  'page-terms',
  () => import(/* webpackChunkName: "page-terms" */ './pages/terms-and-conditions/TermsPage'),
);
const CookiePolicyPage = lazyPage(
  'page-cookie-policy',
  () => import(/* webpackChunkName: "page-cookie-policy" */ './pages/cookie-policy/CookiePolicyPage'),
);
const PrivacyPolicyPage = lazyPage(
  'page-privacy-policy',
  () => import(/* webpackChunkName: "page-privacy-policy" */ './pages/privacy-policy/PrivacyPolicyPage'),
);
const UnderConstructionPage = lazyPage(
  'page-under-construction',
  () =>
    import(
      /* webpackChunkName: "page-under-construction" */ './pages/under-construction/UnderConstructionPage'
    ),
);
const LoaderPage = lazyPage(
  'page-loader',
  () => import(/* webpackChunkName: "page-loader" */ './pages/loader/LoaderPage'),
);
const NotFoundPage = lazyPage(
  'page-not-found',
  () => import(/* webpackChunkName: "page-not-found" */ './pages/not-found/NotFoundPage'),
);

/** A store's dispatch and state, as the host's store and the tests' stores give them. */
export interface PrefetchStore {
  dispatch: AppDispatch;
  getState(): RootState;
}

/** Asks for what a page shows, in parallel with the page's code (see preloadRoute). */
type Prefetch = (store: PrefetchStore) => void;

/** The customer's session: a signed-in page's content waits for it (and a basket's lines come with it). */
const prefetchSession: Prefetch = ({ dispatch }) => dispatch(api.util.prefetch('userIsAuth', undefined, {}));

/** What the session check reads (with the prefetch above, the route's `data`). */
const SESSION = '/api/user/is-auth';

const prefetchBasket: Prefetch = (store) => {
  prefetchSession(store);
  const { dispatch, getState } = store;
  // After a server-rendered page the list holds only the products it showed: the basket prices from all.
  if (selectCatalogueComplete(getState())) dispatch(api.util.prefetch('listProducts', undefined, {}));
  else void dispatch(loadWholeCatalogue());
  dispatch(api.util.prefetch('getShippingSettings', undefined, {}));
  dispatch(api.util.prefetch('listPromotions', undefined, {}));
  dispatch(api.util.prefetch('listDeliverySlots', undefined, {}));
};

/**
 * Every customer route, from where the host mounts the storefront: its react-router pattern, the page it
 * shows, and whether the API renders it on the server (`frame`: only its frame and skeleton, the same for
 * everyone; with `personal` as well, for a signed-in customer with their content). The one list of the
 * storefront's routes: the browser routes by it, and the API reads it from the storefront's server build
 * (`routes`, ./server-entry.tsx) to know which pages it renders and which page chunk a page's head names.
 * `prefetch` asks for the page's data as soon as the route is known, before its code has arrived (the server
 * runs it too, for a page it renders for the customer); `data` names the paths it reads, which the page's head
 * preloads when the page does not come with them (routes.spec.ts checks the two agree).
 */
const ROUTES: {
  path: string;
  page: LazyPage;
  serverRendered: boolean;
  frame?: boolean;
  personal?: boolean;
  query?: readonly string[];
  prefetch?: Prefetch;
  /** The API paths `prefetch` reads (its GETs, which the shipping settings are not: the page comes with them). */
  data?: readonly string[];
}[] = [
  { path: '/', page: HomePage, serverRendered: true },
  { path: '/home', page: HomePage, serverRendered: true },
  { path: '/products', page: AllProductsPage, serverRendered: true, query: ['q', ...FOOD_FILTER_PARAMS] },
  { path: '/products/:category', page: CategoryPage, serverRendered: true, query: FOOD_FILTER_PARAMS },
  { path: '/products/:category/:id', page: ProductDetailPage, serverRendered: true },
  {
    path: '/cart',
    page: CartPage,
    serverRendered: true,
    frame: true,
    personal: true,
    query: [ADDRESS_PARAM],
    prefetch: prefetchBasket,
    data: [SESSION, '/api/product/list', '/api/promotions', '/api/delivery/slots'],
  },
  { path: '/add-address', page: AddAddressPage, serverRendered: false },
  {
    path: '/my-orders',
    page: MyOrdersPage,
    serverRendered: true,
    frame: true,
    personal: true,
    prefetch: (store) => {
      prefetchSession(store);
      store.dispatch(api.util.prefetch('listUserOrders', undefined, {}));
    },
    data: [SESSION, '/api/order/user'],
  },
  { path: '/my-orders/:id/receipt', page: ReceiptPage, serverRendered: false },
  { path: '/profile', page: ProfilePage, serverRendered: false },
  {
    path: '/favourites',
    page: FavouritesPage,
    serverRendered: true,
    frame: true,
    personal: true,
    query: FOOD_FILTER_PARAMS,
    prefetch: (store) => {
      prefetchSession(store);
      store.dispatch(api.util.prefetch('favourites', undefined, {}));
    },
    data: [SESSION, '/api/user/favourites'],
  },
  {
    path: '/usuals',
    page: UsualsPage,
    serverRendered: true,
    frame: true,
    personal: true,
    prefetch: (store) => {
      prefetchSession(store);
      store.dispatch(api.util.prefetch('usuals', undefined, {}));
    },
    data: [SESSION, '/api/user/usuals'],
  },
  { path: '/regular-deliveries', page: RegularDeliveriesPage, serverRendered: false },
  { path: '/contact-us', page: ContactPage, serverRendered: false },
  { path: '/terms-and-conditions', page: TermsPage, serverRendered: false },
  { path: '/cookie-policy', page: CookiePolicyPage, serverRendered: false },
  { path: '/privacy-policy', page: PrivacyPolicyPage, serverRendered: false },
  { path: '/under-construction', page: UnderConstructionPage, serverRendered: false },
  { path: '/loader', page: LoaderPage, serverRendered: false },
  { path: '/*', page: NotFoundPage, serverRendered: false },
];

/** The route table as data, as the API reads it. */
export const STOREFRONT_ROUTES: PageRoute[] = ROUTES.map(
  ({ path, page, serverRendered, frame, personal, query, data }) => ({
    path,
    chunk: page.chunk,
    serverRendered,
    ...(frame ? { frame } : {}),
    ...(personal ? { personal } : {}),
    ...(query ? { query } : {}),
    ...(data ? { data } : {}),
  }),
);

/**
 * Loads the code of the page a path shows and, given the store, asks for the page's data at the same time
 * instead of once the code has arrived and drawn the page. The host calls it as soon as the storefront's routes
 * have arrived (and waits for it before hydrating a server-rendered page).
 */
export function preloadRoute(pathname: string, store?: PrefetchStore): Promise<void> {
  const match = ROUTES.find(({ path }) => matchPath(path, pathname));
  if (store) match?.prefetch?.(store);
  return match ? match.page.preload() : Promise.resolve();
}

/**
 * Asks for the data of the page a followed link opens (the route's prefetch) as the link is clicked, beside the
 * page's code, instead of once the code has arrived and the page asks. Draws nothing.
 */
export function PrefetchFollowedLinks() {
  const store = useAppStore();
  useEffect(() => {
    const onClick = (event: MouseEvent) => {
      if (event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return;
      const link = event.target instanceof Element ? event.target.closest('a[href]') : null;
      if (!(link instanceof HTMLAnchorElement) || (link.target && link.target !== '_self')) return;
      const url = new URL(link.href, window.location.href);
      if (url.origin !== window.location.origin) return;
      preloadRoute(url.pathname, store).catch(() => undefined);
    };
    // Capture: before the router's own handler starts the navigation.
    document.addEventListener('click', onClick, true);
    return () => document.removeEventListener('click', onClick, true);
  }, [store]);
  return null;
}

export function StorefrontRoutes() {
  return (
    <>
      <PrefetchFollowedLinks />
      <Routes>
        <Route element={<StorefrontLayout />}>
          {ROUTES.map(({ path, page: Page }) =>
            path === '/' ? (
              <Route key="index" index element={<Page />} />
            ) : (
              <Route key={path} path={path.slice(1)} element={<Page />} />
            ),
          )}
        </Route>
      </Routes>
    </>
  );
}
