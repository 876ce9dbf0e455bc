import { api } from './api';
import { cartActions, selectCartItems } from './slices/cart';
import { selectIsSignedIn, selectSessionStatus, selectUser } from './slices/session';
import { createStore, type AppStore } from './store';
import { eventually, startTestApiServer, type TestApiServer } from './test-server';

const user = (cartItems: Record<string, number>) => ({
  _id: 'u1',
  firstName: 'Ada',
  lastName: 'Lovelace',
  email: 'ada@example.com',
  phone: null,
  cartItems,
  addresses: [],
  defaultAddress: null,
});

const product = (id: string, inStock = true) => ({
  _id: id,
  name: id,
  category: 'Fruits',
  description: [],
  price: 2,
  offerPrice: 1.5,
  vat: 0,
  image: [],
  inStock,
});

const SYNC_DELAY = 40;
/** Lets the sync's pause run out, for checks that something did NOT happen. */
const settle = (ms = SYNC_DELAY * 3) => new Promise((resolve) => setTimeout(resolve, ms));

describe('cart sync with the server', () => {
  let server: TestApiServer;
  let store: AppStore;

  beforeEach(async () => {
    server = await startTestApiServer();
    server.respond('POST', '/api/cart/update', { body: { success: true, message: 'Cart Updated' } });
    server.respond('GET', '/api/user/logout', { body: { success: true, message: 'Logged out' } });
    store = createStore({ apiBaseUrl: server.url, cartSyncDelayMs: SYNC_DELAY });
  });

  afterEach(async () => {
    store.dispatch(api.util.resetApiState());
    await server.close();
  });

  const cartPosts = () =>
    server.requests.filter((r) => r.url === '/api/cart/update').map((r) => JSON.parse(r.body.toString()));

  async function signIn(cartItems: Record<string, number>) {
    server.respond('POST', '/api/user/google-login', {
      body: { success: true, message: 'Logged in with Google!', user: user(cartItems) },
    });
    await store.dispatch(api.endpoints.googleLogin.initiate({ googleLoginDto: { tokenId: 't' } }));
  }

  it('loads the cart from google-login and posts later changes once, debounced', async () => {
    await signIn({ p1: 2 });
    expect(selectIsSignedIn(store.getState())).toBe(true);
    expect(selectCartItems(store.getState())).toEqual({ p1: 2 });
    await settle();
    expect(cartPosts()).toEqual([]);

    store.dispatch(cartActions.add('p2'));
    store.dispatch(cartActions.add('p2'));
    store.dispatch(cartActions.setQuantity({ id: 'p1', quantity: 5 }));

    await eventually(() => expect(cartPosts()).toEqual([{ cartItems: { p1: 5, p2: 2 } }]));
    await settle();
    expect(cartPosts()).toHaveLength(1);
  });

  it('does not post for a visitor', async () => {
    store.dispatch(cartActions.add('p1'));
    await settle();
    expect(cartPosts()).toEqual([]);
  });

  it('takes the cart of is-auth only when a customer first appears', async () => {
    server.respond('GET', '/api/user/is-auth', { body: { success: true, user: user({ p9: 1 }) } });
    await store.dispatch(api.endpoints.userIsAuth.initiate());
    expect(selectUser(store.getState())?._id).toBe('u1');
    expect(selectCartItems(store.getState())).toEqual({ p9: 1 });

    store.dispatch(cartActions.add('p3'));
    await store.dispatch(api.endpoints.userIsAuth.initiate(undefined, { forceRefetch: true }));
    expect(selectCartItems(store.getState())).toEqual({ p9: 1, p3: 1 });
    await eventually(() => expect(cartPosts()).toEqual([{ cartItems: { p9: 1, p3: 1 } }]));
  });

  it('treats a 401 from is-auth as a visitor', async () => {
    server.respond('GET', '/api/user/is-auth', {
      status: 401,
      body: { success: false, message: 'Please sign in to continue' },
    });
    await store.dispatch(api.endpoints.userIsAuth.initiate());
    expect(selectUser(store.getState())).toBeNull();
    expect(selectSessionStatus(store.getState())).toBe('ready');
  });

  it('drops deleted and out-of-stock lines once products load, and tells the server', async () => {
    server.respond('GET', '/api/product/list', {
      body: { success: true, products: [product('fresh'), product('gone', false)] },
    });
    await signIn({ fresh: 1, gone: 2, deleted: 3 });
    await store.dispatch(api.endpoints.listProducts.initiate());

    expect(selectCartItems(store.getState())).toEqual({ fresh: 1 });
    await eventually(() => expect(cartPosts()).toEqual([{ cartItems: { fresh: 1 } }]));
  });

  it('reloads the catalogue when the server refuses the cart, then posts it without the stale line', async () => {
    server.respond('GET', '/api/product/list', {
      body: { success: true, products: [product('kept'), product('withdrawn')] },
    });
    await signIn({ kept: 1 });
    await store.dispatch(api.endpoints.listProducts.initiate());
    // The seller deletes a product the shopper is about to add; the server refuses carts that hold it.
    server.respond('GET', '/api/product/list', { body: { success: true, products: [product('kept')] } });
    server.respond('POST', '/api/cart/update', (request) =>
      request.body.toString().includes('withdrawn')
        ? { status: 400, body: { success: false, message: 'Product not found' } }
        : { body: { success: true, message: 'Cart Updated' } },
    );

    store.dispatch(cartActions.add('withdrawn'));

    await eventually(() =>
      expect(cartPosts()).toEqual([{ cartItems: { kept: 1, withdrawn: 1 } }, { cartItems: { kept: 1 } }]),
    );
    expect(selectCartItems(store.getState())).toEqual({ kept: 1 });
  });

  it('prunes a cart that arrives after the products', async () => {
    server.respond('GET', '/api/product/list', { body: { success: true, products: [product('fresh')] } });
    await store.dispatch(api.endpoints.listProducts.initiate());
    await signIn({ fresh: 1, gone: 2 });
    expect(selectCartItems(store.getState())).toEqual({ fresh: 1 });
  });
});

describe('cart sync when the page is left', () => {
  let server: TestApiServer;
  const globals = globalThis as { window?: unknown; document?: unknown };

  beforeEach(async () => {
    server = await startTestApiServer();
    server.respond('POST', '/api/cart/update', { body: { success: true, message: 'Cart Updated' } });
    // The two page events the sync listens for, without a whole DOM.
    globals.window = new EventTarget();
    globals.document = Object.assign(new EventTarget(), { visibilityState: 'visible' });
  });

  afterEach(async () => {
    delete globals.window;
    delete globals.document;
    await server.close();
  });

  it('sends the pending change at once instead of waiting out the pause', async () => {
    const store = createStore({ apiBaseUrl: server.url, cartSyncDelayMs: 60_000 });
    server.respond('POST', '/api/user/google-login', {
      body: { success: true, message: 'Logged in with Google!', user: user({}) },
    });
    await store.dispatch(api.endpoints.googleLogin.initiate({ googleLoginDto: { tokenId: 't' } }));
    store.dispatch(cartActions.add('p9'));
    await settle();
    expect(server.requests.filter((r) => r.url === '/api/cart/update')).toHaveLength(0);

    (globals.window as EventTarget).dispatchEvent(new Event('pagehide'));

    await eventually(() => {
      const posts = server.requests.filter((r) => r.url === '/api/cart/update');
      expect(posts.map((r) => JSON.parse(r.body.toString()))).toEqual([{ cartItems: { p9: 1 } }]);
    });
    store.dispatch(api.util.resetApiState());
  });

  it('forgets a pending change on sign-out: leaving the page afterwards posts nothing', async () => {
    const store = createStore({ apiBaseUrl: server.url, cartSyncDelayMs: 60_000 });
    server.respond('POST', '/api/user/google-login', {
      body: { success: true, message: 'Logged in with Google!', user: user({ p1: 1 }) },
    });
    server.respond('GET', '/api/user/logout', { body: { success: true, message: 'Logged out' } });
    await store.dispatch(api.endpoints.googleLogin.initiate({ googleLoginDto: { tokenId: 't' } }));
    store.dispatch(cartActions.add('p1'));
    await store.dispatch(api.endpoints.logoutUser.initiate());
    expect(selectUser(store.getState())).toBeNull();
    expect(selectCartItems(store.getState())).toEqual({});

    (globals.window as EventTarget).dispatchEvent(new Event('pagehide'));
    await settle();
    expect(server.requests.filter((r) => r.url === '/api/cart/update')).toHaveLength(0);
    store.dispatch(api.util.resetApiState());
  });
});
