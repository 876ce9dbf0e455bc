import { lazy } from 'react';
import { Route, Routes } from 'react-router-dom';
import { ConfirmProvider } from '@larder/shared-ui';
import { SellerGate, SellerLoginRoute } from './components/SellerGate';
import { SellerBaseProvider } from './lib/seller-base';

const DashboardPage = lazy(() => import('./pages/dashboard/DashboardPage'));
const AddProductPage = lazy(() => import('./pages/AddProductPage'));
const EditProductPage = lazy(() => import('./pages/EditProductPage'));
const ProductListPage = lazy(() => import('./pages/ProductListPage'));
const OrdersPage = lazy(() => import('./pages/OrdersPage'));
const MessagesPage = lazy(() => import('./pages/MessagesPage'));
const NotFoundPage = lazy(() => import('./pages/NotFoundPage'));

/** The seller routes, relative to where the portal is mounted (/seller/*). */
export function SellerPortal() {
  return (
    <SellerBaseProvider>
      <ConfirmProvider>
        <Routes>
          <Route path="login" element={<SellerLoginRoute />} />
          <Route element={<SellerGate />}>
            <Route index element={<DashboardPage />} />
            <Route path="add-product" element={<AddProductPage />} />
            <Route path="edit-product/:id" element={<EditProductPage />} />
            <Route path="product-list" element={<ProductListPage />} />
            <Route path="orders" element={<OrdersPage />} />
            <Route path="messages" element={<MessagesPage />} />
            <Route path="*" element={<NotFoundPage />} />
          </Route>
        </Routes>
      </ConfirmProvider>
    </SellerBaseProvider>
  );
}
