import '@larder/shared-ui/src/theme.css';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { Provider } from 'react-redux';
import { BrowserRouter, Navigate, Route, Routes } from 'react-router-dom';
import { Toaster } from 'react-hot-toast';
import { createStore } from '@larder/shared-state';
import SellerPortal from './remote-entry';

const store = createStore();

createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <Provider store={store}>
      <BrowserRouter>
        <Routes>
          <Route path="/seller/*" element={<SellerPortal />} />
          <Route path="*" element={<Navigate to="/seller" replace />} />
        </Routes>
      </BrowserRouter>
      <Toaster position="top-center" />
    </Provider>
  </StrictMode>,
);
