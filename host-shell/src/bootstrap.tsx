import './styles.css';
import { PAGE_STATE_ID } from '@larder/shared-domain';
import type { ServerRenderedState } from '@larder/shared-state';
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

/** Lets the browser handle input and paint before the next step (a task of its own). */
function nextTask(): Promise<void> {
  const scheduler = (globalThis as { scheduler?: { yield?: () => Promise<void> } }).scheduler;
  if (typeof scheduler?.yield === 'function') return scheduler.yield();
  return new Promise((resolve) => setTimeout(resolve, 0));
}

/**
 * Starts the shell in steps, each a task of its own: the store's code (Redux Toolkit and RTK Query), the
 * store, then React DOM and the shell's components. On a phone, doing it all in one go is a long task that
 * holds up a tap on the page the server sent. The imports are part of this chunk or of the shared chunk
 * already loading (no extra request); only their evaluation waits for its turn.
 */
async function start(): Promise<void> {
  const container = document.getElementById('root')!;
  // A shop page the server rendered: the store starts from the answers it was rendered with.
  const rendered = container.dataset.rendered === 'storefront';
  const serverState = rendered ? pageData<ServerRenderedState>(PAGE_STATE_ID) : undefined;

  // The remote's code starts loading at once; the first requests go out as soon as the store exists.
  const onSellerPath = /^\/seller(\/|$)/.test(window.location.pathname);
  const remoteRoutes = loadRemoteRoutes(onSellerPath ? 'sellerPortal' : 'storefront');
  remoteRoutes.catch(() => undefined);

  // Redux Toolkit first, then the shop's API and slices built on it: two tasks instead of one long one.
  const { configureStore } = await import('@reduxjs/toolkit');
  const { createApi } = await import('@reduxjs/toolkit/query/react');
  if (!configureStore || !createApi) throw new Error('Redux Toolkit did not load');
  await nextTask();
  const { api, createStore, restoreUnsentCart } = await import('@larder/shared-state');
  await nextTask();
  const store = createStore({ serverState });
  // The customer's session is asked for once, by the storefront's layout: a visitor's answer is an error,
  // and RTK Query asks again for an errored query when a component subscribes to it, so a prefetch here
  // would make it two requests.
  if (onSellerPath) {
    store.dispatch(api.util.prefetch('sellerIsAuth', undefined, {}));
  } else if (!serverState) {
    store.dispatch(api.util.prefetch('listProducts', undefined, {}));
  }

  await nextTask();
  const { renderPage } = await import(/* webpackMode: "eager" */ './render-page');
  renderPage({ container, store, serverRendered: Boolean(serverState), remoteRoutes });
  // After renderPage has taken the state the page was rendered with for hydration: a cart change this tab made
  // and the server did not get before rendering the page (a link followed right after an Add) is put back.
  restoreUnsentCart(store);
}

void start();
