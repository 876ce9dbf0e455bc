/**
 * The storefront rendered on the server. The storefront's Node build exposes this module as `./server`
 * (tools/webpack/create-config.cjs); the API server loads it through the federation runtime on Node
 * (backend/src/web/server-render.ts), reads `routes` (the storefront's route table: which paths it renders
 * on the server, and each page's chunk) and calls `renderPage` for a shop page.
 *
 * The page is rendered from the same routes the browser runs, inside the same boundaries the host puts
 * around them (host-shell/src/RemoteRoutes.tsx: a Suspense around the routes), so the browser hydrates the
 * markup without a mismatch. The store is filled first with the answers every shop page reads (session,
 * catalogue, shipping settings), fetched through the server's own routes, and handed to the browser with the
 * page (`state`), so nothing is fetched twice; of the catalogue, only the products the page shows go along
 * (components/shown-products.ts), and the browser loads the rest once the page is up.
 */
import { setAutoFreeze } from 'immer';
import { Suspense } from 'react';
import { renderToPipeableStream } from 'react-dom/server';
import { Provider } from 'react-redux';
import { StaticRouter } from 'react-router';
import { Writable } from 'node:stream';
import {
  api,
  cartSlice,
  createStore,
  dehydrate,
  renderedFor,
  selectUser,
  type AppStore,
  type ServerRenderedState,
} from '@larder/shared-state';
import { pageRouteMatcher } from '@larder/shared-domain';
import { STOREFRONT_ROUTES, StorefrontRoutes, preloadRoute } from './routes';
import { MissingProductsProvider, ShownProductsProvider } from './components/shown-products';
import { searchText } from './components/useProductSearch';

export { STOREFRONT_ROUTES as routes } from './routes';

// A page's store lives for one render and is then thrown away: freezing every answer put in it (Redux
// Toolkit's default, which catches mutation in the browser) is work nobody gains from here.
setAutoFreeze(false);

export interface RenderPageInput {
  /** The page's path and query, as the browser asked for it. */
  url: string;
  /** Answers the API calls (URLs under `apiOrigin`); the server passes its own routes, with the visitor's cookies. */
  fetch: typeof fetch;
  /** The origin the API calls are made to (only `fetch` sees it). */
  apiOrigin?: string;
  /** Where the browser build's files are served from (e.g. `/remotes/storefront/`): pictures point there. */
  publicPath?: string;
  /** Gives up after this long (ms): the server then sends the client-rendered page. */
  timeoutMs?: number;
  /**
   * The page is for the visitor whose cookies `fetch` sends, and for no one else (never kept): a signed-in
   * customer's own page marked `personal` then comes with its content. Otherwise a `frame` page is rendered as
   * its frame and skeleton alone, the same for everyone.
   */
  personal?: boolean;
  /** The moment (ms since 1970) the page shows, by the shop's clock; now by this process's clock when not given. */
  now?: number;
}

export interface RenderedPage {
  /** The markup that goes inside the host's `<div id="root">`. */
  html: string;
  /** The store's state to hand to the browser (serialised into the page). */
  state: ServerRenderedState;
}

/**
 * Fills the store with what every shop page reads, as the browser would fetch it. The store lives for one
 * render and is then dropped whole, so the requests' subscriptions are left as they are: ending them would start
 * RTK Query's timer for unused data (a minute) for each, which keeps the store alive and then works on it.
 */
async function loadPageData(store: AppStore, url: string): Promise<void> {
  const [session] = await Promise.all([
    store.dispatch(api.endpoints.userIsAuth.initiate()),
    store.dispatch(api.endpoints.listProducts.initiate()),
    store.dispatch(api.endpoints.getShippingSettings.initiate()),
    // Who the shop is (footer, copyright line, terms, the business responsible for food): in the first paint.
    store.dispatch(api.endpoints.getBusinessDetails.initiate()),
    loadSearch(store, url),
  ]);
  // A signed-in customer's cart is the server's copy (the browser's cart sync does the same on sign-in).
  const user = session?.data && 'user' in session.data ? session.data.user : undefined;
  if (user?.cartItems) store.dispatch(cartSlice.actions.replace(user.cartItems));
}

/**
 * A signed-in customer's own page rendered for them: what every page reads, then the page's own data (the
 * route's prefetch, as the browser asks for it), all of it answered before the render. A visitor who is not
 * signed in gets the page's "sign in" answer, and nothing is asked that would be refused.
 */
async function loadOwnPageData(store: AppStore, url: string): Promise<void> {
  await loadPageData(store, url);
  if (!selectUser(store.getState())) return;
  await preloadRoute(new URL(url, 'http://larder.internal').pathname, store);
  await Promise.all(store.dispatch(api.util.getRunningQueriesThunk()));
}

/**
 * What a signed-in customer's page (a route marked `frame`) is rendered with when it is not for one person:
 * only what its frame reads (the shipping settings, who the shop is), and no session at all, so that the page
 * shows its skeleton and is the same for everyone, whoever asks. The browser asks for the session and the
 * page's own data.
 */
async function loadFrameData(store: AppStore): Promise<void> {
  await Promise.all([
    store.dispatch(api.endpoints.getShippingSettings.initiate()),
    store.dispatch(api.endpoints.getBusinessDetails.initiate()),
  ]);
}

const routeOf = pageRouteMatcher(STOREFRONT_ROUTES);

/** A product list's search (`/products?q=`): its answer is in the store, so the page shows the server's matches. */
async function loadSearch(store: AppStore, url: string): Promise<void> {
  const { pathname, searchParams } = new URL(url, 'http://larder.internal');
  const q = searchText(searchParams.get('q') ?? '');
  if (pathname === '/products' && q) await store.dispatch(api.endpoints.searchProducts.initiate({ q }));
}

/** Renders with React's streaming renderer and collects the whole page once every part is ready. */
function renderToHtml(element: React.ReactElement, timeoutMs: number): Promise<string> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    const sink = new Writable({
      write(chunk: Buffer | string, _encoding, done) {
        chunks.push(Buffer.isBuffer(chunk) ? chunk : Buffer.from(chunk));
        done();
      },
      final(done) {
        resolve(Buffer.concat(chunks).toString('utf8'));
        done();
      },
    });
    let failed: unknown;
    const stream = renderToPipeableStream(element, {
      // Every part in place in the markup: no part is sent later with an inline script to move it in
      // (the shop's Content-Security-Policy allows no inline script, and a page must read without scripts).
      progressiveChunkSize: Number.POSITIVE_INFINITY,
      onAllReady() {
        clearTimeout(timer);
        if (failed) reject(failed);
        else stream.pipe(sink);
      },
      onShellError(error) {
        clearTimeout(timer);
        reject(error);
      },
      onError(error) {
        // An error inside the page: the browser would show the error boundary; the server sends the
        // client-rendered page instead of half a page.
        failed ??= error;
      },
    });
    const timer = setTimeout(() => {
      stream.abort(new Error(`Server rendering took longer than ${timeoutMs} ms`));
      reject(new Error(`Server rendering took longer than ${timeoutMs} ms`));
    }, timeoutMs);
  });
}

/** The promise's outcome, or a failure once `ms` have passed. */
function withinTime<T>(work: Promise<T>, ms: number, what: string): Promise<T> {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const late = new Promise<never>((_resolve, reject) => {
    timer = setTimeout(() => reject(new Error(`${what} took longer than ${ms} ms`)), ms);
  });
  return Promise.race([work, late]).finally(() => clearTimeout(timer));
}

export async function renderPage({
  url,
  fetch,
  apiOrigin = 'http://larder.internal',
  publicPath,
  timeoutMs = 5000,
  personal = false,
  now = Date.now(),
}: RenderPageInput): Promise<RenderedPage> {
  const started = Date.now();
  if (publicPath) __webpack_public_path__ = publicPath;
  const store = createStore({ apiBaseUrl: apiOrigin, fetchFn: fetch, cartSync: false });
  const route = routeOf(new URL(url, 'http://larder.internal').pathname);
  const ownPage = route?.frame === true && personal && route.personal === true;
  const frameOnly = route?.frame === true && !ownPage;
  // A page for one customer, rendered now, is drawn for the shop's moment (a page kept for everyone is not).
  if (ownPage) store.dispatch(renderedFor(now));
  await withinTime(
    frameOnly ? loadFrameData(store) : ownPage ? loadOwnPageData(store, url) : loadPageData(store, url),
    timeoutMs,
    "Fetching the page's data",
  );
  const shownProducts = new Set<string>();
  const missingProducts = new Set<string>();
  const html = await renderToHtml(
    <Provider store={store}>
      <ShownProductsProvider value={shownProducts}>
        <MissingProductsProvider value={missingProducts}>
          <StaticRouter location={url}>
            <Suspense fallback={null}>
              <StorefrontRoutes />
            </Suspense>
          </StaticRouter>
        </MissingProductsProvider>
      </ShownProductsProvider>
    </Provider>,
    Math.max(1, timeoutMs - (Date.now() - started)),
  );
  // The page goes with the products it shows, not the whole catalogue; the browser loads the rest after.
  // A frame has no product list at all.
  return {
    html,
    state: dehydrate(store.getState(), frameOnly ? {} : { shownProducts, missingProducts }),
  };
}
