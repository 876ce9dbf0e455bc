import './styles.css';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { Provider } from 'react-redux';
import { BrowserRouter } from 'react-router-dom';
import { api, createStore } from '@larder/shared-state';
import { App } from './App';
import { ToasterOnDemand } from './ToasterOnDemand';
import { loadRemoteRoutes } from './remotes';

const store = createStore();

// Start the first requests while the remote's code is on its way. The customer's session is asked for once,
// by the storefront's layout: a visitor's answer is an error, and RTK Query asks again for an errored query
// when a component subscribes to it, so a prefetch here would make it two requests.
const onSellerPath = /^\/seller(\/|$)/.test(window.location.pathname);
loadRemoteRoutes(onSellerPath ? 'sellerPortal' : 'storefront').catch(() => undefined);
if (onSellerPath) {
  store.dispatch(api.util.prefetch('sellerIsAuth', undefined, {}));
} else {
  store.dispatch(api.util.prefetch('listProducts', undefined, {}));
}

createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <Provider store={store}>
      <BrowserRouter>
        <App />
      </BrowserRouter>
      <ToasterOnDemand />
    </Provider>
  </StrictMode>,
);
