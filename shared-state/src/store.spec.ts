import { api } from './api';
import { waitFor } from '@testing-library/react';
import { makeProduct, setupMockApi } from './testing';

const server = setupMockApi();

describe('createStore', () => {
  it('posts a new product as multipart form data with the images', async () => {
    server.on('POST', '/api/product/add', {
      status: 201,
      body: { success: true, message: 'Product added' },
    });
    const store = server.createStore();
    const productData = {
      name: 'Pear',
      description: ['Juicy'],
      category: 'Fruits',
      price: 2,
      offerPrice: 1.5,
      vat: 0,
    };
    const images = [new Blob(['one'], { type: 'image/png' }), new Blob(['two'], { type: 'image/png' })];
    const result = await store.dispatch(api.endpoints.addProduct.initiate({ productData, images }));
    expect(result.data).toEqual({ success: true, message: 'Product added' });

    const [request] = server.requests;
    expect(request.headers['content-type']).toMatch(/^multipart\/form-data; boundary=/);
    const body = request.body as FormData;
    expect(JSON.parse(body.get('productData') as string)).toEqual(productData);
    const sent = body.getAll('images') as File[];
    expect(await Promise.all(sent.map((file) => file.text()))).toEqual(['one', 'two']);
    store.dispatch(api.util.resetApiState());
  });

  it('refetches the product list after a stock change (cache tags)', async () => {
    server.seed({ seller: true, products: [makeProduct({ _id: 'p', name: 'Pear', inStock: true })] });
    const store = server.createStore();
    const subscription = store.dispatch(api.endpoints.listProducts.initiate());
    await subscription;
    expect(api.endpoints.listProducts.select()(store.getState()).data?.products[0].inStock).toBe(true);

    await store.dispatch(
      api.endpoints.setProductStock.initiate({ setProductStockDto: { id: 'p', inStock: false } }),
    );
    // The invalidated list is fetched again, and the second answer holds the changed product.
    await waitFor(() =>
      expect(api.endpoints.listProducts.select()(store.getState()).data?.products[0].inStock).toBe(false),
    );
    expect(server.sent('GET', '/api/product/list')).toHaveLength(2);
    subscription.unsubscribe();
    store.dispatch(api.util.resetApiState());
  });

  it('asks for a page of a seller list only when a page is given', async () => {
    server.seed({ seller: true });
    const store = server.createStore();
    const first = await store.dispatch(api.endpoints.listContactMessages.initiate({}));
    expect(first.data).toEqual({ success: true, messages: [], page: 1, limit: 50, total: 0, totalPages: 1 });
    const third = await store.dispatch(api.endpoints.listContactMessages.initiate({ page: 3, limit: 20 }));
    expect(third.data).toMatchObject({ page: 3, limit: 20 });
    expect(server.sent('GET', '/api/contact').map((r) => r.search)).toEqual(['', '?page=3&limit=20']);
    store.dispatch(api.util.resetApiState());
  });
});
