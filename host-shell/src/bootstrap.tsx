import './styles.css';
import { StrictMode, startTransition } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { Provider } from 'react-redux';
import { BrowserRouter } from 'react-router-dom';
import { api, createStore, type ServerRenderedState } from '@larder/shared-state';
import { App } from './App';
import { ToasterOnDemand } from './ToasterOnDemand';
import { loadRemoteRoutes } from './remotes';

/** The JSON the server put in the page under an id, if any. */
function pageData<T>(id: string): T | undefined {
  const text = document.getElementById(id)?.textContent;
  if (!text) return undefined;
  try {
    return JSON.parse(text) as T;
  } catch {
    return undefined;
  }
}

const container = document.getElementById('root')!;
// A shop page the server rendered: the store starts from the answers it was rendered with.
const rendered = container.dataset.rendered === 'storefront';
const serverState = rendered ? pageData<ServerRenderedState>('larder-state') : undefined;
const store = createStore({ serverState });

// Start the first requests while the remote's code is on its way. The customer's session is asked for once,
// by the storefront's layout: a visitor's answer is an error, and RTK Query asks again for an errored query
// when a component subscribes to it, so a prefetch here would make it two requests.
const onSellerPath = /^\/seller(\/|$)/.test(window.location.pathname);
const remoteRoutes = loadRemoteRoutes(onSellerPath ? 'sellerPortal' : 'storefront');
remoteRoutes.catch(() => undefined);
if (onSellerPath) {
  store.dispatch(api.util.prefetch('sellerIsAuth', undefined, {}));
} else if (!serverState) {
  store.dispatch(api.util.prefetch('listProducts', undefined, {}));
}

const app = (
  <StrictMode>
    <Provider store={store}>
      <BrowserRouter>
        <App />
      </BrowserRouter>
      {/* Draws nothing until the first toast, so a server-rendered page hydrates as it was sent. */}
      <ToasterOnDemand />
    </Provider>
  </StrictMode>
);

if (serverState) {
  // Hydrate once the storefront's routes are here, so the first render matches the server's markup.
  // If they cannot be loaded, render afresh: the page then offers to retry.
  // As a transition, hydration yields to the browser between parts of the page instead of one long task.
  remoteRoutes.then(
    () => startTransition(() => void hydrateRoot(container, app)),
    () => createRoot(container).render(app),
  );
} else {
  createRoot(container).render(app);
}
