import { configureStore, createListenerMiddleware } from '@reduxjs/toolkit';
import { setupListeners } from '@reduxjs/toolkit/query';
import {
  baseApi,
  createBaseQuery,
  hydrateApi,
  type ApiEnvironment,
  type DehydratedApiState,
} from './base-api';
import { api } from './api';
import type { CartState } from './slices/cart';
import { startCartSync } from './cart-sync';
import { createRootReducer, type RootState } from './root-reducer';

export type { AppDispatch, RootReducer, RootState } from './root-reducer';

export interface CreateStoreOptions {
  /** Prefix of every API URL; '' (same origin) in the browser. */
  apiBaseUrl?: string;
  /** The fetch implementation used for API calls (the global fetch by default). */
  fetchFn?: typeof fetch;
  /** Debounce of the cart sync to the server, in ms. */
  cartSyncDelayMs?: number;
  preloadedState?: Partial<RootState>;
  /** Whether the cart follows the session and is posted to the server (not while rendering on the server). */
  cartSync?: boolean;
  /** The state a server-rendered page was rendered with (see dehydrate): the browser starts from it. */
  serverState?: ServerRenderedState;
}

/** What a server-rendered page hands to the browser's store so nothing is fetched twice. */
export interface ServerRenderedState {
  api: DehydratedApiState;
  cart: CartState;
  /** The product list holds only the products the page shows (see dehydrate); the browser loads the rest. */
  shownProductsOnly?: boolean;
  /** Products the page looked for in the whole catalogue and did not find (an unknown product URL). */
  missingProducts?: string[];
  /** The moment the page was rendered for (slices/page-clock.ts). */
  renderedAt?: number;
}

export interface DehydrateOptions {
  /**
   * The ids of the products the page shows: the product list is sent with these alone, in its order, instead
   * of the whole catalogue. A page that picks what it shows by filtering the list and taking the first ones
   * (a category, the first of the shop, a product and its related ones) picks the same from the shorter list,
   * so the browser's first render matches the server's markup.
   */
  shownProducts?: ReadonlySet<string>;
  /**
   * The ids the page looked for in the whole catalogue and did not find: the browser, which starts from the
   * shorter list, knows them as missing at once and draws the same "not found" as the server.
   */
  missingProducts?: ReadonlySet<string>;
}

/** The Redux store of the shop. The host creates the one the remotes share. */
export function createStore(options: CreateStoreOptions = {}) {
  const rootReducer = createRootReducer();
  const environment: ApiEnvironment = {
    baseQuery: createBaseQuery({ baseUrl: options.apiBaseUrl, fetchFn: options.fetchFn }),
    apiBaseUrl: options.apiBaseUrl,
  };
  const listener = createListenerMiddleware({ extra: environment });

  const store = configureStore({
    reducer: rootReducer,
    preloadedState: (options.serverState
      ? {
          ...options.preloadedState,
          cart: options.serverState.cart,
          catalogue: {
            complete: !options.serverState.shownProductsOnly,
            missing: options.serverState.missingProducts ?? [],
          },
          pageClock: { renderedAt: options.serverState.renderedAt ?? null },
        }
      : options.preloadedState) as RootState | undefined,
    middleware: (getDefaultMiddleware) =>
      getDefaultMiddleware({ thunk: { extraArgument: environment } })
        .prepend(listener.middleware)
        .concat(baseApi.middleware),
  });

  if (options.cartSync !== false) {
    startCartSync(listener.startListening as never, { delayMs: options.cartSyncDelayMs ?? 300 });
  }
  setupListeners(store.dispatch);
  if (options.serverState) store.dispatch(hydrateApi(options.serverState.api));

  return store;
}

type QueryEntry = NonNullable<RootState['api']['queries'][string]>;

/** The product list's cache entry with only the products shown (other entries as they are). */
function withShownProducts(entry: QueryEntry, shown: ReadonlySet<string>): QueryEntry {
  if (entry.endpointName !== api.endpoints.listProducts.name || entry.status !== 'fulfilled') return entry;
  const list = entry.data as { products?: { _id: string }[] } | undefined;
  if (!list?.products) return entry;
  return { ...entry, data: { ...list, products: list.products.filter((product) => shown.has(product._id)) } };
}

/**
 * The part of a store's state a server-rendered page sends along (as JSON): the finished queries with the
 * cache tags they provide, and the cart. Running requests and subscriptions stay behind. With
 * `shownProducts`, the product list keeps only the products the page shows.
 */
export function dehydrate(state: RootState, options: DehydrateOptions = {}): ServerRenderedState {
  const { queries, provided } = state[baseApi.reducerPath];
  const { shownProducts, missingProducts } = options;
  const finished = Object.fromEntries(
    Object.entries(queries)
      .filter(([, entry]) => entry?.status === 'fulfilled' || entry?.status === 'rejected')
      .map(([key, entry]) => [key, shownProducts ? withShownProducts(entry!, shownProducts) : entry]),
  );
  return {
    api: { queries: finished, mutations: {}, provided: provided as DehydratedApiState['provided'] },
    cart: state.cart,
    ...(shownProducts ? { shownProductsOnly: true } : {}),
    ...(missingProducts?.size ? { missingProducts: [...missingProducts] } : {}),
    ...(state.pageClock.renderedAt !== null ? { renderedAt: state.pageClock.renderedAt } : {}),
  };
}

export type AppStore = ReturnType<typeof createStore>;
