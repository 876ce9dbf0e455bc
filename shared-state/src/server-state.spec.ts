import { api } from './api';
import { cartActions, selectCartItems } from './slices/cart';
import { selectUser } from './slices/session';
import { selectCatalogueComplete, loadWholeCatalogue } from './slices/catalogue';
import { dehydrate, type ServerRenderedState } from './store';
import { waitFor } from '@testing-library/react';
import { makeProduct, makeUser, setupMockApi } from './testing';

const server = setupMockApi();

/** What a server-rendered page carries: the state of the store the server rendered with, through JSON. */
async function renderedOnTheServer(
  cart: Record<string, number> = {},
  shownProducts?: ReadonlySet<string>,
): Promise<ServerRenderedState> {
  const store = server.createStore({ cartSync: false });
  await Promise.all([
    store.dispatch(api.endpoints.userIsAuth.initiate(undefined, { subscribe: false })),
    store.dispatch(api.endpoints.listProducts.initiate(undefined, { subscribe: false })),
  ]);
  store.dispatch(cartActions.replace(cart));
  return JSON.parse(JSON.stringify(dehydrate(store.getState(), { shownProducts }))) as ServerRenderedState;
}

describe('a store started from a server-rendered page', () => {
  it('answers the queries the page was rendered with from the page, without asking again', async () => {
    const customer = makeUser({ _id: 'u1', email: 'ada@example.com', cartItems: { apple: 2 } });
    server.seed({ products: [makeProduct({ _id: 'apple', name: 'Apple' })], user: customer });
    const serverState = await renderedOnTheServer({ apple: 2 });
    const before = server.requests.length;

    const store = server.createStore({ serverState });
    const products = await store.dispatch(api.endpoints.listProducts.initiate());
    const session = await store.dispatch(api.endpoints.userIsAuth.initiate());

    expect(products.data?.products.map((product) => product.name)).toEqual(['Apple']);
    expect(session.data?.user?.email).toBe('ada@example.com');
    expect(selectUser(store.getState())?._id).toBe('u1');
    expect(selectCartItems(store.getState())).toEqual({ apple: 2 });
    expect(server.requests.slice(before)).toEqual([]);
  });

  it("takes a visitor's session from the page too: the server rendered it for a request without a session", async () => {
    server.seed({ products: [makeProduct({ _id: 'apple' })] });
    const serverState = await renderedOnTheServer();
    const before = server.sent('GET', '/api/user/is-auth').length;

    const store = server.createStore({ serverState });
    await store.dispatch(api.endpoints.userIsAuth.initiate());

    expect(server.sent('GET', '/api/user/is-auth')).toHaveLength(before);
    expect(selectUser(store.getState())).toBeNull();
  });

  it('asks again for a session the server refused (one that was sent and is no longer valid)', async () => {
    server.seed({ products: [makeProduct({ _id: 'apple' })] });
    server.on('GET', '/api/user/is-auth', {
      status: 401,
      body: { success: false, message: 'Please sign in to continue' },
    });
    const serverState = await renderedOnTheServer();
    const before = server.sent('GET', '/api/user/is-auth').length;

    const store = server.createStore({ serverState });
    await store.dispatch(api.endpoints.userIsAuth.initiate());

    expect(server.sent('GET', '/api/user/is-auth')).toHaveLength(before + 1);
    expect(selectUser(store.getState())).toBeNull();
  });

  it("drops a signed-in customer's lines that are no longer on sale and posts the cart that is left", async () => {
    const customer = makeUser({ _id: 'u1', email: 'ada@example.com', cartItems: { apple: 1, gone: 3 } });
    server.seed({ products: [makeProduct({ _id: 'apple' })], user: customer });
    const serverState = await renderedOnTheServer({ apple: 1, gone: 3 });

    const store = server.createStore({ serverState, cartSyncDelayMs: 1 });

    expect(selectCartItems(store.getState())).toEqual({ apple: 1 });
    await waitFor(() =>
      expect(server.sent('POST', '/api/cart/update').map((r) => r.body)).toEqual([
        { cartItems: { apple: 1 } },
      ]),
    );
  });

  it('carries only finished queries: a request still on its way is left for the browser to make', async () => {
    server.on('GET', '/api/settings/shipping', () => new Promise<never>(() => undefined));
    const store = server.createStore({ cartSync: false });
    void store.dispatch(api.endpoints.getShippingSettings.initiate());
    await store.dispatch(api.endpoints.listProducts.initiate());

    const queries = Object.values(dehydrate(store.getState()).api.queries) as { endpointName: string }[];
    expect(queries.map((query) => query.endpointName)).toEqual(['listProducts']);
  });

  describe('from a page sent with only the products it shows', () => {
    const seedShop = (cartItems: Record<string, number>) =>
      server.seed({
        products: [
          makeProduct({ _id: 'apple', name: 'Apple' }),
          makeProduct({ _id: 'pear', name: 'Pear' }),
          makeProduct({ _id: 'plum', name: 'Plum', inStock: false, stock: 0 }),
          makeProduct({ _id: 'kiwi', name: 'Kiwi' }),
        ],
        user: makeUser({ _id: 'u1', email: 'ada@example.com', cartItems }),
      });

    it('carries those products alone, in the catalogue order', async () => {
      seedShop({});
      const serverState = await renderedOnTheServer({}, new Set(['kiwi', 'apple']));

      const store = server.createStore({ serverState });
      const list = api.endpoints.listProducts.select()(store.getState()).data;

      expect(list?.products.map((product) => product._id)).toEqual(['apple', 'kiwi']);
      expect(serverState.shownProductsOnly).toBe(true);
      expect(selectCatalogueComplete(store.getState())).toBe(false);
    });

    it('keeps cart lines of products it does not carry until the whole catalogue is in, then drops the unsold', async () => {
      seedShop({ apple: 1, pear: 2, plum: 1 });
      const serverState = await renderedOnTheServer({ apple: 1, pear: 2, plum: 1 }, new Set(['apple']));

      const store = server.createStore({ serverState, cartSyncDelayMs: 1 });
      expect(selectCartItems(store.getState())).toEqual({ apple: 1, pear: 2, plum: 1 });

      await store.dispatch(loadWholeCatalogue());

      expect(selectCatalogueComplete(store.getState())).toBe(true);
      expect(
        api.endpoints.listProducts
          .select()(store.getState())
          .data?.products.map((product) => product._id),
      ).toEqual(['apple', 'pear', 'plum', 'kiwi']);
      // Pear was only not on the page; plum is sold out.
      expect(selectCartItems(store.getState())).toEqual({ apple: 1, pear: 2 });
      await waitFor(() =>
        expect(server.sent('POST', '/api/cart/update').map((r) => r.body)).toEqual([
          { cartItems: { apple: 1, pear: 2 } },
        ]),
      );
    });

    it('is whole from the start when the page carried the whole catalogue', async () => {
      seedShop({});
      const store = server.createStore({ serverState: await renderedOnTheServer() });
      expect(selectCatalogueComplete(store.getState())).toBe(true);
      expect(api.endpoints.listProducts.select()(store.getState()).data?.products).toHaveLength(4);
    });
  });
});
