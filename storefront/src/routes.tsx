import { lazy } from 'react';
import { Route, Routes } from 'react-router-dom';
import { StorefrontLayout } from './layout/StorefrontLayout';

const HomePage = lazy(() => import(/* webpackChunkName: "page-home" */ './pages/home/HomePage'));
const AllProductsPage = lazy(
  () => import(/* webpackChunkName: "page-products" */ './pages/products/AllProductsPage'),
);
const CategoryPage = lazy(
  () => import(/* webpackChunkName: "page-category" */ './pages/category/CategoryPage'),
);
const ProductDetailPage = lazy(
  () => import(/* webpackChunkName: "page-product" */ './pages/product-detail/ProductDetailPage'),
);
const CartPage = lazy(() => import(/* webpackChunkName: "page-cart" */ './pages/cart/CartPage'));
const AddAddressPage = lazy(
  () => import(/* webpackChunkName: "page-add-address" */ './pages/add-address/AddAddressPage'),
);
const MyOrdersPage = lazy(
  () => import(/* webpackChunkName: "page-my-orders" */ './pages/my-orders/MyOrdersPage'),
);
const ProfilePage = lazy(() => import(/* webpackChunkName: "page-profile" */ './pages/profile/ProfilePage'));
const ContactPage = lazy(
  () => import(/* webpackChunkName: "page-contact" */ './pages/contact-us/ContactPage'),
);
const TermsPage = lazy(
  () => import(/* webpackChunkName: "page-terms" */ './pages/terms-and-conditions/TermsPage'),
);
const CookiePolicyPage = lazy(
  () => import(/* webpackChunkName: "page-cookie-policy" */ './pages/cookie-policy/CookiePolicyPage'),
);
const PrivacyPolicyPage = lazy(
  () => import(/* webpackChunkName: "page-privacy-policy" */ './pages/privacy-policy/PrivacyPolicyPage'),
);
const UnderConstructionPage = lazy(
  () =>
    import(
      /* webpackChunkName: "page-under-construction" */ './pages/under-construction/UnderConstructionPage'
    ),
);
const LoaderPage = lazy(() => import(/* webpackChunkName: "page-loader" */ './pages/loader/LoaderPage'));
const NotFoundPage = lazy(
  () => import(/* webpackChunkName: "page-not-found" */ './pages/not-found/NotFoundPage'),
);

/** Every customer route, relative to where the host mounts the storefront. */
export function StorefrontRoutes() {
  return (
    <Routes>
      <Route element={<StorefrontLayout />}>
        <Route index element={<HomePage />} />
        <Route path="home" element={<HomePage />} />
        <Route path="products" element={<AllProductsPage />} />
        <Route path="products/:category" element={<CategoryPage />} />
        <Route path="products/:category/:id" element={<ProductDetailPage />} />
        <Route path="cart" element={<CartPage />} />
        <Route path="add-address" element={<AddAddressPage />} />
        <Route path="my-orders" element={<MyOrdersPage />} />
        <Route path="profile" element={<ProfilePage />} />
        <Route path="contact-us" element={<ContactPage />} />
        <Route path="terms-and-conditions" element={<TermsPage />} />
        <Route path="cookie-policy" element={<CookiePolicyPage />} />
        <Route path="privacy-policy" element={<PrivacyPolicyPage />} />
        <Route path="under-construction" element={<UnderConstructionPage />} />
        <Route path="loader" element={<LoaderPage />} />
        <Route path="*" element={<NotFoundPage />} />
      </Route>
    </Routes>
  );
}
