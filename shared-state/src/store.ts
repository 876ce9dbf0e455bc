import {
  combineSlices,
  configureStore,
  createListenerMiddleware,
  type ThunkDispatch,
  type UnknownAction,
} from '@reduxjs/toolkit';
import { setupListeners } from '@reduxjs/toolkit/query';
import {
  baseApi,
  createBaseQuery,
  hydrateApi,
  type ApiEnvironment,
  type DehydratedApiState,
} from './base-api';
import './api';
import { cartSlice, type CartState } from './slices/cart';
import { uiSlice } from './slices/ui';
import { startCartSync } from './cart-sync';

function createRootReducer() {
  return combineSlices(baseApi, cartSlice, uiSlice);
}

export type RootReducer = ReturnType<typeof createRootReducer>;
export type RootState = ReturnType<RootReducer>;
export type AppDispatch = ThunkDispatch<RootState, ApiEnvironment, UnknownAction>;

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
      ? { ...options.preloadedState, cart: options.serverState.cart }
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

/**
 * The part of a store's state a server-rendered page sends along (as JSON): the finished queries with the
 * cache tags they provide, and the cart. Running requests and subscriptions stay behind.
 */
export function dehydrate(state: RootState): ServerRenderedState {
  const { queries, provided } = state[baseApi.reducerPath];
  const finished = Object.fromEntries(
    Object.entries(queries).filter(
      ([, entry]) => entry?.status === 'fulfilled' || entry?.status === 'rejected',
    ),
  );
  return {
    api: { queries: finished, mutations: {}, provided: provided as DehydratedApiState['provided'] },
    cart: state.cart,
  };
}

export type AppStore = ReturnType<typeof createStore>;
