import {
  combineSlices,
  configureStore,
  createListenerMiddleware,
  type Reducer,
  type Slice,
  type ThunkDispatch,
  type UnknownAction,
} from '@reduxjs/toolkit';
import { setupListeners } from '@reduxjs/toolkit/query';
import { baseApi, createBaseQuery, type ApiEnvironment } from './base-api';
import './api';
import { cartSlice } from './slices/cart';
import { sessionSlice } from './slices/session';
import { uiSlice } from './slices/ui';
import { startCartSync } from './cart-sync';

/**
 * Slices a remote injects at run time. A remote declares its own for typed selectors:
 *   declare module '@larder/shared-state' { interface LazyLoadedSlices { sellerDraft: DraftState } }
 */
// eslint-disable-next-line @typescript-eslint/no-empty-object-type
export interface LazyLoadedSlices {}

function createRootReducer() {
  return combineSlices(baseApi, sessionSlice, cartSlice, uiSlice).withLazyLoadedSlices<LazyLoadedSlices>();
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

/** The Redux store of the shop. The host creates one; remotes add what they own with injectSlice/injectReducer. */
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

  const injected = new Set<string>();
  return Object.assign(store, {
    rootReducer,
    /** Adds a slice (idempotent); its state appears on the next dispatch. */
    injectSlice(slice: Pick<Slice, 'reducerPath' | 'reducer'>) {
      if (injected.has(slice.reducerPath)) return;
      injected.add(slice.reducerPath);
      rootReducer.inject(slice as never);
      store.dispatch({ type: `@@larder/inject/${slice.reducerPath}` });
    },
    /** Adds a reducer under a key (idempotent). */
    injectReducer(key: string, reducer: Reducer) {
      if (injected.has(key)) return;
      injected.add(key);
      rootReducer.inject({ reducerPath: key, reducer } as never);
      store.dispatch({ type: `@@larder/inject/${key}` });
    },
  });
}

export type AppStore = ReturnType<typeof createStore>;
