import { Route, Routes, matchPath } from 'react-router-dom';
import { lazyPage, type LazyPage } from './lazy-page';
import { StorefrontLayout } from './layout/StorefrontLayout';

const HomePage = lazyPage(() => import(/* webpackChunkName: "page-home" */ './pages/home/HomePage'));
const AllProductsPage = lazyPage(
  () => import(/* webpackChunkName: "page-products" */ './pages/products/AllProductsPage'),
);
const CategoryPage = lazyPage(
  () => import(/* webpackChunkName: "page-category" */ './pages/category/CategoryPage'),
);
const ProductDetailPage = lazyPage(
  () => import(/* webpackChunkName: "page-product" */ './pages/product-detail/ProductDetailPage'),
);
const CartPage = lazyPage(() => import(/* webpackChunkName: "page-cart" */ './pages/cart/CartPage'));
const AddAddressPage = lazyPage(
  () => import(/* webpackChunkName: "page-add-address" */ './pages/add-address/AddAddressPage'),
);
const MyOrdersPage = lazyPage(
  () => import(/* webpackChunkName: "page-my-orders" */ './pages/my-orders/MyOrdersPage'),
);
const ProfilePage = lazyPage(
  () => import(/* webpackChunkName: "page-profile" */ './pages/profile/ProfilePage'),
);
const ContactPage = lazyPage(
  () => import(/* webpackChunkName: "page-contact" */ './pages/contact-us/ContactPage'),
);
const TermsPage = lazyPage(
  () => import(/* webpackChunkName: "page-terms" */ './pages/terms-and-conditions/TermsPage'),
);
const CookiePolicyPage = lazyPage(
  () => import(/* webpackChunkName: "page-cookie-policy" */ './pages/cookie-policy/CookiePolicyPage'),
);
const PrivacyPolicyPage = lazyPage(
  () => import(/* webpackChunkName: "page-privacy-policy" */ './pages/privacy-policy/PrivacyPolicyPage'),
);
const UnderConstructionPage = lazyPage(
  () =>
    import(
      /* webpackChunkName: "page-under-construction" */ './pages/under-construction/UnderConstructionPage'
    ),
);
const LoaderPage = lazyPage(() => import(/* webpackChunkName: "page-loader" */ './pages/loader/LoaderPage'));
const NotFoundPage = lazyPage(
  () => import(/* webpackChunkName: "page-not-found" */ './pages/not-found/NotFoundPage'),
);

/** Every customer route, relative to where the host mounts the storefront, with the page it shows. */
const PAGES: { path: string; page: LazyPage }[] = [
  { path: '', page: HomePage },
  { path: 'home', page: HomePage },
  { path: 'products', page: AllProductsPage },
  { path: 'products/:category', page: CategoryPage },
  { path: 'products/:category/:id', page: ProductDetailPage },
  { path: 'cart', page: CartPage },
  { path: 'add-address', page: AddAddressPage },
  { path: 'my-orders', page: MyOrdersPage },
  { path: 'profile', page: ProfilePage },
  { path: 'contact-us', page: ContactPage },
  { path: 'terms-and-conditions', page: TermsPage },
  { path: 'cookie-policy', page: CookiePolicyPage },
  { path: 'privacy-policy', page: PrivacyPolicyPage },
  { path: 'under-construction', page: UnderConstructionPage },
  { path: 'loader', page: LoaderPage },
  { path: '*', page: NotFoundPage },
];

/** Loads the code of the page a path shows (the host calls it before hydrating a server-rendered page). */
export function preloadRoute(pathname: string): Promise<void> {
  const match = PAGES.find(({ path }) => matchPath(`/${path}`, pathname));
  return match ? match.page.preload() : Promise.resolve();
}

export function StorefrontRoutes() {
  return (
    <Routes>
      <Route element={<StorefrontLayout />}>
        {PAGES.map(({ path, page: Page }) =>
          path === '' ? (
            <Route key="index" index element={<Page />} />
          ) : (
            <Route key={path} path={path} element={<Page />} />
          ),
        )}
      </Route>
    </Routes>
  );
}
