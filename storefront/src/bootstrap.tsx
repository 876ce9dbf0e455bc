// Standalone development shell of the storefront: its own store, router and toaster.
import './remote.css';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { Provider } from 'react-redux';
import { BrowserRouter } from 'react-router-dom';
import { Toaster } from 'react-hot-toast';
import { createStore } from '@larder/shared-state';
import { StorefrontRoutes } from './routes';

const store = createStore();

createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <Provider store={store}>
      <BrowserRouter>
        <StorefrontRoutes />
      </BrowserRouter>
      <Toaster />
    </Provider>
  </StrictMode>,
);
