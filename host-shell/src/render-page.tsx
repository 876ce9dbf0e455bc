import { StrictMode, startTransition } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { Provider } from 'react-redux';
import { BrowserRouter } from 'react-router-dom';
import type { AppStore } from '@larder/shared-state';
import type { RemoteRoutesModule } from './remotes';
import { App } from './App';
import { ToasterOnDemand } from './ToasterOnDemand';

export interface RenderPageInput {
  container: HTMLElement;
  store: AppStore;
  /** Whether the server rendered the page (its markup is hydrated rather than drawn afresh). */
  serverRendered: boolean;
  /** The current remote's routes, loading. */
  remoteRoutes: Promise<RemoteRoutesModule>;
}

/** Draws the shell and its routes into the page, or hydrates the markup the server sent. */
export function renderPage({ container, store, serverRendered, remoteRoutes }: RenderPageInput): void {
  // The page's data is asked for as soon as the storefront's routes know the page, beside its code, not once
  // the page has drawn. Its answers may arrive before hydration: the components then first render the state the
  // server rendered (`serverState`), so the markup matches, and update straight after.
  const renderedState = serverRendered ? store.getState() : undefined;
  const page = remoteRoutes.then((routes) =>
    routes.preloadRoute?.(window.location.pathname, store).catch(() => undefined),
  );
  page.catch(() => undefined);
  const app = (
    <StrictMode>
      <Provider store={store} serverState={renderedState}>
        <BrowserRouter>
          <App />
        </BrowserRouter>
        {/* Draws nothing until the first toast, so a server-rendered page hydrates as it was sent. */}
        <ToasterOnDemand />
      </Provider>
    </StrictMode>
  );

  if (serverRendered) {
    // Hydrate once the storefront's routes and the current page's code are here, so the first render matches
    // the server's markup in one pass. If the routes cannot be loaded, render afresh: the page then offers to
    // retry. As a transition, hydration yields to the browser between parts of the page.
    page.then(
      () => startTransition(() => void hydrateRoot(container, app)),
      () => createRoot(container).render(app),
    );
  } else {
    createRoot(container).render(app);
  }
}
