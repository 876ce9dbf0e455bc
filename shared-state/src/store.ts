import {
  combineSlices,
  configureStore,
  createListenerMiddleware,
  type ThunkDispatch,
  type UnknownAction,
} from '@reduxjs/toolkit';
import { setupListeners } from '@reduxjs/toolkit/query';
import { baseApi, createBaseQuery, type ApiEnvironment } from './base-api';
import './api';
import { cartSlice } from './slices/cart';
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
}

/** The Redux store of the shop. The host creates the one the remotes share. */
export function createStore(options: CreateStoreOptions = {}) {
  const rootReducer = createRootReducer();
  const environment: ApiEnvironment = {
    baseQuery: createBaseQuery({ baseUrl: options.apiBaseUrl, fetchFn: options.fetchFn }),
  };
  const listener = createListenerMiddleware({ extra: environment });

  const store = configureStore({
    reducer: rootReducer,
    preloadedState: options.preloadedState as RootState | undefined,
    middleware: (getDefaultMiddleware) =>
      getDefaultMiddleware({ thunk: { extraArgument: environment } })
        .prepend(listener.middleware)
        .concat(baseApi.middleware),
  });

  startCartSync(listener.startListening as never, { delayMs: options.cartSyncDelayMs ?? 300 });
  setupListeners(store.dispatch);

  return store;
}

export type AppStore = ReturnType<typeof createStore>;
