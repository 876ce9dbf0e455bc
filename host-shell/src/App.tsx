import { Route, Routes } from 'react-router-dom';
import { RemoteRoutes } from './RemoteRoutes';

/** The seller portal owns /seller and everything under it; the storefront owns every other path. */
export function App() {
  return (
    <Routes>
      <Route path="/seller/*" element={<RemoteRoutes key="sellerPortal" remote="sellerPortal" />} />
      <Route path="/*" element={<RemoteRoutes key="storefront" remote="storefront" />} />
    </Routes>
  );
}
