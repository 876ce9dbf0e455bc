import type { ListenerEffectAPI, TypedStartListening, UnknownAction } from '@reduxjs/toolkit';
import { isAnyOf } from '@reduxjs/toolkit';
import { api } from './api';
import { hydrateApi, type ApiEnvironment } from './base-api';
import { cartSlice, selectCartItems } from './slices/cart';
import { selectCatalogueComplete } from './slices/catalogue';
import { selectUser } from './slices/session';
import type { AppDispatch, RootState } from './root-reducer';
import { forgetUnsentCart, keepUnsentCart, sameCart, unsentCartOf } from './unsent-cart';

type StartListening = TypedStartListening<RootState, AppDispatch, ApiEnvironment>;
type Effect = ListenerEffectAPI<RootState, AppDispatch, ApiEnvironment>;

const { replace, reset, prune, cap, restoreUnsent } = cartSlice.actions;

/**
 * What the catalogue lets a cart hold: the ids of the products listed (not deleted) and in stock, and the most of
 * each that one order may hold where the seller set a limit.
 */
function cartRules(state: RootState): { available: string[]; limits: Record<string, number> } | undefined {
  // Only the products a server-rendered page shows: the others are not gone, just not loaded yet.
  if (!selectCatalogueComplete(state)) return undefined;
  const result = api.endpoints.listProducts.select()(state);
  const products = result.data?.products;
  if (!products) return undefined;
  const limits: Record<string, number> = {};
  for (const product of products) {
    if (typeof product.maxPerOrder === 'number') limits[product._id] = product.maxPerOrder;
  }
  return {
    available: products.filter((product) => product.inStock).map((product) => product._id),
    limits,
  };
}

function pruneUnavailable(action: UnknownAction, listenerApi: Effect) {
  void action;
  const rules = cartRules(listenerApi.getState());
  if (!rules) return;
  listenerApi.dispatch(prune(rules.available));
  listenerApi.dispatch(cap(rules.limits));
}

/**
 * Takes back the cart this tab changed for the signed-in customer and the server has not acknowledged
 * (unsent-cart.ts), to be posted again; forgets it when the cart already holds it.
 */
function takeBackUnsent(dispatch: AppDispatch, state: RootState): void {
  const user = selectUser(state);
  const unsent = user ? unsentCartOf(user._id) : undefined;
  if (!unsent) return;
  if (sameCart(unsent, selectCartItems(state))) forgetUnsentCart(unsent);
  else dispatch(restoreUnsent(unsent));
}

/**
 * Takes back the cart this tab changed and did not get to the server (a page left right after an Add, or a post
 * without signal). A server-rendered page calls it once its first render has been given the state the server
 * rendered with, so that the markup is hydrated as sent and the cart changes after it.
 */
export function restoreUnsentCart(store: { dispatch: AppDispatch; getState: () => RootState }): void {
  takeBackUnsent(store.dispatch, store.getState());
}

/**
 * Resolves when the page is hidden or being left (tab switch, navigation away, close). The listeners go
 * when `signal` aborts, which the listener middleware does once the effect ends either way.
 */
function pageHidden(signal: AbortSignal): Promise<void> {
  if (typeof document === 'undefined' || typeof window === 'undefined') return new Promise(() => undefined);
  return new Promise((resolve) => {
    const onVisibilityChange = () => {
      if (document.visibilityState === 'hidden') finish();
    };
    const cleanUp = () => {
      document.removeEventListener('visibilitychange', onVisibilityChange);
      window.removeEventListener('pagehide', finish);
    };
    const finish = () => {
      cleanUp();
      resolve();
    };
    document.addEventListener('visibilitychange', onVisibilityChange);
    window.addEventListener('pagehide', finish);
    signal.addEventListener('abort', cleanUp, { once: true });
  });
}

/**
 * Keeps the cart slice and the server's copy together (a signed-in customer's changes are synced to the server):
 * - on sign-in (google-login, or an is-auth answer for a new customer) the server's cartItems replace the cart;
 * - once products are loaded (or arrive with a server-rendered page that sent the whole catalogue), lines for
 *   deleted or out-of-stock products are dropped, and lines above their product's maxPerOrder are lowered to it;
 * - every other change of the cart is posted to /api/cart/update while a customer is signed in,
 *   debounced so a burst of clicks sends one request with the final state (sent at once, with keepalive,
 *   when the page is hidden or left before the pause ends); a refused cart (400, or 409 for a line above
 *   a limit the seller set meanwhile) reloads the catalogue, whose pruning drops the lines the server no
 *   longer sells, lowers those above their limit and posts the cart again;
 * - signing out, deleting the account or placing an order empties the local cart without a post;
 * - until the server has acknowledged a change, the tab keeps it (unsent-cart.ts), and takes it back when a new
 *   page finds the customer signed in (see restoreUnsentCart).
 */
export function startCartSync(startListening: StartListening, { delayMs }: { delayMs: number }) {
  startListening({
    matcher: api.endpoints.googleLogin.matchFulfilled,
    effect: (action, listenerApi) => {
      if (action.payload.success && action.payload.user) {
        listenerApi.dispatch(replace(action.payload.user.cartItems ?? {}));
        takeBackUnsent(listenerApi.dispatch, listenerApi.getState());
      }
    },
  });

  startListening({
    matcher: api.endpoints.userIsAuth.matchFulfilled,
    effect: (action, listenerApi) => {
      const user = action.payload.user;
      if (!action.payload.success || !user) return;
      const before = selectUser(listenerApi.getOriginalState());
      if (before?._id === user._id) return;
      listenerApi.dispatch(replace(user.cartItems ?? {}));
      takeBackUnsent(listenerApi.dispatch, listenerApi.getState());
    },
  });

  startListening({
    matcher: isAnyOf(
      api.endpoints.logoutUser.matchFulfilled,
      api.endpoints.logoutUserByPost.matchFulfilled,
      api.endpoints.deleteAccount.matchFulfilled,
      api.endpoints.placeCodOrder.matchFulfilled,
    ),
    effect: (_action, listenerApi) => {
      listenerApi.dispatch(reset());
      forgetUnsentCart();
    },
  });

  startListening({
    matcher: isAnyOf(api.endpoints.listProducts.matchFulfilled, replace, hydrateApi),
    effect: pruneUnavailable,
  });

  startListening({
    predicate: (action, current, original) =>
      !replace.match(action) &&
      !reset.match(action) &&
      selectCartItems(current) !== selectCartItems(original) &&
      selectUser(current) !== null,
    effect: async (_action, listenerApi) => {
      listenerApi.cancelActiveListeners();
      const changedFor = selectUser(listenerApi.getState());
      if (changedFor) keepUnsentCart(changedFor._id, selectCartItems(listenerApi.getState()));
      await Promise.race([listenerApi.delay(delayMs), pageHidden(listenerApi.signal)]);
      if (selectUser(listenerApi.getState()) === null) return;
      const cartItems = selectCartItems(listenerApi.getState());
      const result = await listenerApi.dispatch(
        api.endpoints.updateCart.initiate({ updateCartDto: { cartItems } }, { track: false }),
      );
      if (!('error' in result)) forgetUnsentCart(cartItems);
      // The server refuses a cart holding a product that has since been deleted (400), or more of one than its
      // limit per order (409). Reload the catalogue: pruning then drops or lowers the stale lines and the cart is
      // posted again.
      const status = 'error' in result ? (result.error as { status?: unknown }).status : undefined;
      if (status === 400 || status === 409) {
        void listenerApi.dispatch(
          api.endpoints.listProducts.initiate(undefined, { forceRefetch: true, subscribe: false }),
        );
      }
    },
  });
}
