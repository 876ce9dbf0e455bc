import { lazy } from 'react';
import { Route, Routes } from 'react-router-dom';
import { ConfirmProvider, SiteNameProvider } from '@larder/shared-ui';
import { SellerGate, SellerLoginRoute } from './layout/SellerGate';
import { SellerBaseProvider } from './layout/SellerBase';

const DashboardPage = lazy(() => import('./pages/dashboard/DashboardPage'));
const AddProductPage = lazy(() => import('./pages/add-product/AddProductPage'));
const EditProductPage = lazy(() => import('./pages/edit-product/EditProductPage'));
const ProductListPage = lazy(() => import('./pages/product-list/ProductListPage'));
const OrdersPage = lazy(() => import('./pages/orders/OrdersPage'));
const PickingPage = lazy(() => import('./pages/picking/PickingPage'));
const RunSheetPage = lazy(() => import('./pages/run-sheet/RunSheetPage'));
const RunPage = lazy(() => import('./pages/run/RunPage'));
const CashUpPage = lazy(() => import('./pages/cash-up/CashUpPage'));
const TakingsPage = lazy(() => import('./pages/takings/TakingsPage'));
const ReceiptPage = lazy(() => import('./pages/receipt/ReceiptPage'));
const MessagesPage = lazy(() => import('./pages/messages/MessagesPage'));
const SecurityPage = lazy(() => import('./pages/security/SecurityPage'));
const StaffPage = lazy(() => import('./pages/staff/StaffPage'));
const ActivityPage = lazy(() => import('./pages/activity/ActivityPage'));
const RefusalsPage = lazy(() => import('./pages/refusals/RefusalsPage'));
const SettingsPage = lazy(() => import('./pages/settings/SettingsPage'));
const PromotionsPage = lazy(() => import('./pages/promotions/PromotionsPage'));
const NotFoundPage = lazy(() => import('./pages/not-found/NotFoundPage'));

/** The seller routes, relative to where the portal is mounted (/seller/*). */
export function SellerPortal() {
  return (
    <SellerBaseProvider>
      <SiteNameProvider name="Larder Seller">
        <ConfirmProvider>
          <Routes>
            <Route path="login" element={<SellerLoginRoute />} />
            <Route element={<SellerGate />}>
              <Route index element={<DashboardPage />} />
              <Route path="add-product" element={<AddProductPage />} />
              <Route path="edit-product/:id" element={<EditProductPage />} />
              <Route path="product-list" element={<ProductListPage />} />
              <Route path="orders" element={<OrdersPage />} />
              <Route path="picking" element={<PickingPage />} />
              <Route path="run-sheet" element={<RunSheetPage />} />
              <Route path="run" element={<RunPage />} />
              <Route path="cash-up" element={<CashUpPage />} />
              <Route path="takings" element={<TakingsPage />} />
              <Route path="receipt/:id" element={<ReceiptPage />} />
              <Route path="messages" element={<MessagesPage />} />
              <Route path="settings" element={<SettingsPage />} />
              <Route path="promotions" element={<PromotionsPage />} />
              <Route path="security" element={<SecurityPage />} />
              <Route path="staff" element={<StaffPage />} />
              <Route path="activity" element={<ActivityPage />} />
              <Route path="refusals" element={<RefusalsPage />} />
              <Route path="*" element={<NotFoundPage />} />
            </Route>
          </Routes>
        </ConfirmProvider>
      </SiteNameProvider>
    </SellerBaseProvider>
  );
}
