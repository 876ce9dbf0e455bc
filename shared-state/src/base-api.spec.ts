import { api } from './api';
import { frozenJson } from './base-api';
import { createStore } from './store';
import { makeProduct, setupMockApi } from './testing';

const server = setupMockApi();

describe("the store's reading of API answers", () => {
  it('reads JSON as RTK Query does, with the outer object frozen, and an empty body as null', async () => {
    const answer = await frozenJson(new Response('{"products":[{"_id":"p"}]}'));
    expect(answer).toEqual({ products: [{ _id: 'p' }] });
    expect(Object.isFrozen(answer)).toBe(true);
    expect(await frozenJson(new Response(''))).toBeNull();
    await expect(frozenJson(new Response('<html>'))).rejects.toThrow(SyntaxError);
  });

  it('stores an answer as it came and still changes it through the cache', async () => {
    server.seed({
      products: [makeProduct({ _id: 'p', name: 'Pear' }), makeProduct({ _id: 'q', name: 'Quince' })],
    });
    const store = server.createStore();
    const subscription = store.dispatch(api.endpoints.listProducts.initiate());
    await subscription;
    const list = () => api.endpoints.listProducts.select()(store.getState()).data;
    expect(list()?.products.map((product) => product.name)).toEqual(['Pear', 'Quince']);

    store.dispatch(
      api.util.updateQueryData('listProducts', undefined, (draft) => {
        draft.products[0].name = 'Conference Pear';
      }),
    );
    expect(list()?.products.map((product) => product.name)).toEqual(['Conference Pear', 'Quince']);
    subscription.unsubscribe();
    store.dispatch(api.util.resetApiState());
  });

  it('answers a body that is not JSON with a parsing error, as before', async () => {
    const store = createStore({
      apiBaseUrl: 'http://larder.test',
      fetchFn: async () => new Response('<html>', { status: 200 }),
      cartSync: false,
    });
    const result = await store.dispatch(api.endpoints.getShippingSettings.initiate());
    expect(result.error).toMatchObject({ status: 'PARSING_ERROR', originalStatus: 200, data: '<html>' });
  });
});
