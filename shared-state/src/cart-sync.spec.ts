import { waitFor } from '@testing-library/react';
import { api } from './api';
import type { PlaceOrderDto } from './generated/api';
import { cartActions, selectCartItems } from './slices/cart';
import { selectIsSignedIn, selectSessionStatus, selectUser } from './slices/session';
import { restoreUnsentCart } from './cart-sync';
import { dehydrate, type AppStore } from './store';
import { UNSENT_CART_KEY } from './unsent-cart';
import { makeProduct, makeUser, setupMockApi } from './testing';

const server = setupMockApi();

const user = (cartItems: Record<string, number>) =>
  makeUser({ _id: 'u1', email: 'ada@example.com', cartItems });

const product = (id: string, inStock = true) => makeProduct({ _id: id, price: 2, offerPrice: 1.5, inStock });

const SYNC_DELAY = 40;

// The debounce runs on jest's fake clock; everything else (MSW, fetch) keeps real timers.
beforeEach(() => {
  jest.useFakeTimers({ doNotFake: ['nextTick', 'setImmediate', 'queueMicrotask', 'hrtime', 'performance'] });
});
afterEach(() => {
  jest.useRealTimers();
});

/**
 * Runs the debounce out, then sends one more request through the store and waits for its answer: a cart
 * post started by the debounce would have reached the server before it.
 */
async function afterTheDebounce(store: AppStore) {
  await jest.advanceTimersByTimeAsync(SYNC_DELAY * 2);
  await store.dispatch(api.endpoints.health.initiate(undefined, { subscribe: false, forceRefetch: true }));
}

const cartPosts = () => server.sent('POST', '/api/cart/update').map((r) => r.body);

describe('cart sync with the server', () => {
  let store: AppStore;

  beforeEach(() => {
    store = server.createStore({ cartSyncDelayMs: SYNC_DELAY });
  });

  afterEach(() => {
    store.dispatch(api.util.resetApiState());
  });

  async function signIn(cartItems: Record<string, number>) {
    server.seed({ googleAccount: user(cartItems) });
    await store.dispatch(api.endpoints.googleLogin.initiate({ googleLoginDto: { tokenId: 't' } }));
  }

  it('loads the cart from google-login and posts later changes once, debounced', async () => {
    server.seed({ products: [product('p1'), product('p2')] });
    await signIn({ p1: 2 });
    expect(selectIsSignedIn(store.getState())).toBe(true);
    expect(selectCartItems(store.getState())).toEqual({ p1: 2 });
    await afterTheDebounce(store);
    expect(cartPosts()).toEqual([]);

    store.dispatch(cartActions.add('p2'));
    store.dispatch(cartActions.add('p2'));
    store.dispatch(cartActions.setQuantity({ id: 'p1', quantity: 5 }));

    await waitFor(() => expect(cartPosts()).toEqual([{ cartItems: { p1: 5, p2: 2 } }]));
    await afterTheDebounce(store);
    expect(cartPosts()).toHaveLength(1);
    expect(server.state.user?.cartItems).toEqual({ p1: 5, p2: 2 });
  });

  it('does not post for a visitor', async () => {
    store.dispatch(cartActions.add('p1'));
    await afterTheDebounce(store);
    expect(server.sent('GET', '/api/health')).toHaveLength(1);
    expect(cartPosts()).toEqual([]);
  });

  it('takes the cart of is-auth only when a customer first appears', async () => {
    server.seed({ user: user({ p9: 1 }), products: [product('p9'), product('p3')] });
    await store.dispatch(api.endpoints.userIsAuth.initiate());
    expect(selectUser(store.getState())?._id).toBe('u1');
    expect(selectCartItems(store.getState())).toEqual({ p9: 1 });

    store.dispatch(cartActions.add('p3'));
    await store.dispatch(api.endpoints.userIsAuth.initiate(undefined, { forceRefetch: true }));
    expect(selectCartItems(store.getState())).toEqual({ p9: 1, p3: 1 });
    await waitFor(() => expect(cartPosts()).toEqual([{ cartItems: { p9: 1, p3: 1 } }]));
  });

  it('treats a 401 from is-auth as a visitor', async () => {
    await store.dispatch(api.endpoints.userIsAuth.initiate());
    expect(server.sent('GET', '/api/user/is-auth')).toHaveLength(1);
    expect(selectUser(store.getState())).toBeNull();
    expect(selectSessionStatus(store.getState())).toBe('ready');
  });

  it('drops deleted and out-of-stock lines once products load, and tells the server', async () => {
    server.seed({ products: [product('fresh'), product('gone', false)] });
    await signIn({ fresh: 1, gone: 2, deleted: 3 });
    await store.dispatch(api.endpoints.listProducts.initiate());

    expect(selectCartItems(store.getState())).toEqual({ fresh: 1 });
    await waitFor(() => expect(cartPosts()).toEqual([{ cartItems: { fresh: 1 } }]));
  });

  it('reloads the catalogue when the server refuses the cart, then posts it without the stale line', async () => {
    server.seed({ products: [product('kept'), product('withdrawn')] });
    await signIn({ kept: 1 });
    await store.dispatch(api.endpoints.listProducts.initiate());
    // The seller deletes a product the shopper is about to add; the server refuses carts that hold it.
    server.seed({ products: [product('kept')] });

    store.dispatch(cartActions.add('withdrawn'));

    await waitFor(() =>
      expect(cartPosts()).toEqual([{ cartItems: { kept: 1, withdrawn: 1 } }, { cartItems: { kept: 1 } }]),
    );
    expect(selectCartItems(store.getState())).toEqual({ kept: 1 });
  });

  it("lowers a line above its product's limit when the server refuses it, then posts the cart again", async () => {
    server.seed({ products: [product('eggs'), product('milk')] });
    await signIn({ milk: 1 });
    await store.dispatch(api.endpoints.listProducts.initiate());
    store.dispatch(cartActions.setQuantity({ id: 'eggs', quantity: 8 }));
    // Meanwhile the seller limits eggs to 6 per order; the server refuses carts with more.
    server.seed({ products: [{ ...product('eggs'), maxPerOrder: 6 }, product('milk')] });
    server.on('POST', '/api/cart/update', (request) => {
      const items = (request.body as { cartItems: Record<string, number> }).cartItems;
      return (items.eggs ?? 0) > 6
        ? { status: 409, body: { success: false, message: 'You can buy at most 6 of eggs in one order.' } }
        : { body: { success: true, message: 'Cart Updated', cartItems: items } };
    });

    await waitFor(() =>
      expect(cartPosts()).toEqual([{ cartItems: { milk: 1, eggs: 8 } }, { cartItems: { milk: 1, eggs: 6 } }]),
    );
    expect(selectCartItems(store.getState())).toEqual({ milk: 1, eggs: 6 });
  });

  it('prunes a cart that arrives after the products', async () => {
    server.seed({ products: [product('fresh')] });
    await store.dispatch(api.endpoints.listProducts.initiate());
    await signIn({ fresh: 1, gone: 2 });
    expect(selectCartItems(store.getState())).toEqual({ fresh: 1 });
  });
});

describe('cart sync when the page is left', () => {
  it('sends the pending change at once instead of waiting out the pause', async () => {
    const store = server.createStore({ cartSyncDelayMs: 60_000 });
    server.seed({ googleAccount: user({}), products: [product('p9')] });
    await store.dispatch(api.endpoints.googleLogin.initiate({ googleLoginDto: { tokenId: 't' } }));
    store.dispatch(cartActions.add('p9'));
    await jest.advanceTimersByTimeAsync(30_000);
    await store.dispatch(api.endpoints.health.initiate(undefined, { subscribe: false, forceRefetch: true }));
    expect(cartPosts()).toHaveLength(0);

    window.dispatchEvent(new Event('pagehide'));

    // Far less than the rest of the pause passes from here: the post goes at once.
    await waitFor(() => expect(cartPosts()).toEqual([{ cartItems: { p9: 1 } }]));
    store.dispatch(api.util.resetApiState());
  });

  it.each(['logoutUserByPost', 'logoutUser'] as const)(
    'forgets a pending change on sign-out (%s): leaving the page afterwards posts nothing',
    async (endpoint) => {
      const store = server.createStore({ cartSyncDelayMs: 60_000 });
      server.seed({ googleAccount: user({ p1: 1 }) });
      await store.dispatch(api.endpoints.googleLogin.initiate({ googleLoginDto: { tokenId: 't' } }));
      store.dispatch(cartActions.add('p1'));
      await store.dispatch(api.endpoints[endpoint].initiate());
      expect(selectUser(store.getState())).toBeNull();
      expect(selectCartItems(store.getState())).toEqual({});

      window.dispatchEvent(new Event('pagehide'));
      await jest.advanceTimersByTimeAsync(60_000);
      await store.dispatch(
        api.endpoints.health.initiate(undefined, { subscribe: false, forceRefetch: true }),
      );
      expect(server.sent('GET', '/api/health')).toHaveLength(1);
      expect(cartPosts()).toHaveLength(0);
      store.dispatch(api.util.resetApiState());
    },
  );
});

describe('a cart change the server has not acknowledged (kept by the tab)', () => {
  const unsent = () => JSON.parse(window.sessionStorage.getItem(UNSENT_CART_KEY) ?? 'null') as unknown;
  const leaveUnsent = (items: Record<string, number>, userId = 'u1') =>
    window.sessionStorage.setItem(UNSENT_CART_KEY, JSON.stringify({ user: userId, items }));

  beforeEach(() => window.sessionStorage.clear());

  it('is kept from the moment of the change until the server has it', async () => {
    const store = server.createStore({ cartSyncDelayMs: SYNC_DELAY });
    server.seed({ googleAccount: user({ p1: 1 }), products: [product('p1'), product('p2')] });
    await store.dispatch(api.endpoints.googleLogin.initiate({ googleLoginDto: { tokenId: 't' } }));
    expect(unsent()).toBeNull();

    store.dispatch(cartActions.add('p2'));
    expect(unsent()).toEqual({ user: 'u1', items: { p1: 1, p2: 1 } });

    await afterTheDebounce(store);
    expect(cartPosts()).toEqual([{ cartItems: { p1: 1, p2: 1 } }]);
    await waitFor(() => expect(unsent()).toBeNull());
    store.dispatch(api.util.resetApiState());
  });

  it('stays kept when the post fails, and the next page posts it', async () => {
    const store = server.createStore({ cartSyncDelayMs: SYNC_DELAY });
    server.seed({ googleAccount: user({}), user: user({}), products: [product('p1')] });
    let signal = false;
    server.on('POST', '/api/cart/update', () =>
      signal ? undefined : { status: 503, body: { success: false, message: 'Service Unavailable' } },
    );
    await store.dispatch(api.endpoints.googleLogin.initiate({ googleLoginDto: { tokenId: 't' } }));
    store.dispatch(cartActions.add('p1'));
    await waitFor(() => expect(cartPosts()).toHaveLength(1));
    await afterTheDebounce(store);
    expect(unsent()).toEqual({ user: 'u1', items: { p1: 1 } });
    store.dispatch(api.util.resetApiState());

    // The next page, with signal again: the session check finds the customer, whose copy is still empty.
    signal = true;
    const next = server.createStore({ cartSyncDelayMs: SYNC_DELAY });
    await next.dispatch(api.endpoints.userIsAuth.initiate());
    expect(selectCartItems(next.getState())).toEqual({ p1: 1 });
    await afterTheDebounce(next);
    // Posted again, and answered this time.
    expect(cartPosts()).toEqual([{ cartItems: { p1: 1 } }, { cartItems: { p1: 1 } }]);
    expect(unsent()).toBeNull();
    next.dispatch(api.util.resetApiState());
  });

  it("a page the server rendered from its older copy is hydrated as rendered, then takes the tab's change back", async () => {
    server.seed({ user: user({ p1: 1 }), products: [product('p1'), product('p2')] });
    const onServer = server.createStore({ cartSync: false });
    await onServer.dispatch(api.endpoints.userIsAuth.initiate());
    onServer.dispatch(cartActions.replace({ p1: 1 }));
    const rendered = dehydrate(onServer.getState());
    onServer.dispatch(api.util.resetApiState());
    // The Add just before the link was followed, not yet posted.
    leaveUnsent({ p1: 1, p2: 1 });

    const store = server.createStore({ cartSyncDelayMs: SYNC_DELAY, serverState: rendered });
    expect(selectCartItems(store.getState())).toEqual({ p1: 1 });
    restoreUnsentCart(store);
    expect(selectCartItems(store.getState())).toEqual({ p1: 1, p2: 1 });
    await afterTheDebounce(store);
    expect(cartPosts()).toEqual([{ cartItems: { p1: 1, p2: 1 } }]);
    await waitFor(() => expect(unsent()).toBeNull());
    store.dispatch(api.util.resetApiState());
  });

  it("is not taken by another customer, and goes when the cart it was is the server's already", async () => {
    server.seed({ user: user({ p1: 2 }), products: [product('p1'), product('p2')] });
    leaveUnsent({ p2: 5 }, 'someone-else');
    const store = server.createStore({ cartSyncDelayMs: SYNC_DELAY });
    await store.dispatch(api.endpoints.userIsAuth.initiate());
    expect(selectCartItems(store.getState())).toEqual({ p1: 2 });

    leaveUnsent({ p1: 2 });
    restoreUnsentCart(store);
    expect(unsent()).toBeNull();
    await afterTheDebounce(store);
    expect(cartPosts()).toEqual([]);
    store.dispatch(api.util.resetApiState());
  });

  it.each([
    ['signing out', (store: AppStore) => store.dispatch(api.endpoints.logoutUserByPost.initiate())],
    [
      'an order placed',
      (store: AppStore) =>
        store.dispatch(
          api.endpoints.placeCodOrder.initiate({
            'idempotency-key': 'k1',
            placeOrderDto: {} as PlaceOrderDto,
          }),
        ),
    ],
  ])('is forgotten when the cart is emptied without a post: %s', async (_what, empty) => {
    const store = server.createStore({ cartSyncDelayMs: 60_000 });
    server.seed({ googleAccount: user({}), products: [product('p1')] });
    server.on('POST', '/api/order/cod', {
      status: 201,
      body: { success: true, message: 'Order placed successfully', orderId: 'o-1' },
    });
    await store.dispatch(api.endpoints.googleLogin.initiate({ googleLoginDto: { tokenId: 't' } }));
    store.dispatch(cartActions.add('p1'));
    expect(unsent()).not.toBeNull();
    await empty(store);
    expect(selectCartItems(store.getState())).toEqual({});
    expect(unsent()).toBeNull();
    store.dispatch(api.util.resetApiState());
  });
});
