import { api } from './api';
import { createStore } from './store';
import { eventually, startTestApiServer } from './test-server';

describe('createStore', () => {
  it('posts a new product as multipart form data with the images', async () => {
    const server = await startTestApiServer();
    server.respond('POST', '/api/product/add', {
      status: 201,
      body: { success: true, message: 'Product added' },
    });
    try {
      const store = createStore({ apiBaseUrl: server.url });
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
      const body = request.body.toString();
      expect(body).toContain('name="productData"');
      expect(body).toContain(JSON.stringify(productData));
      expect(body.match(/name="images"/g)).toHaveLength(2);
      store.dispatch(api.util.resetApiState());
    } finally {
      await server.close();
    }
  });

  it('refetches the product list after a stock change (cache tags)', async () => {
    const server = await startTestApiServer();
    let inStock = true;
    server.respond('GET', '/api/product/list', () => ({
      body: {
        success: true,
        products: [
          {
            _id: 'p',
            name: 'Pear',
            category: 'Fruits',
            description: [],
            price: 1,
            offerPrice: 1,
            vat: 0,
            image: [],
            inStock,
          },
        ],
      },
    }));
    server.respond('POST', '/api/product/stock', () => {
      inStock = false;
      return { body: { success: true } };
    });
    try {
      const store = createStore({ apiBaseUrl: server.url });
      const subscription = store.dispatch(api.endpoints.listProducts.initiate());
      await subscription;
      await store.dispatch(
        api.endpoints.setProductStock.initiate({ setProductStockDto: { id: 'p', inStock: false } }),
      );
      await eventually(() =>
        expect(api.endpoints.listProducts.select()(store.getState()).data?.products[0].inStock).toBe(false),
      );
      subscription.unsubscribe();
      store.dispatch(api.util.resetApiState());
    } finally {
      await server.close();
    }
  });

  it('asks for a page of a seller list only when a page is given', async () => {
    const server = await startTestApiServer();
    const body = { success: true, messages: [], page: 1, limit: 50, total: 0, totalPages: 1 };
    server.respond('GET', '/api/contact', { body });
    server.respond('GET', '/api/contact?page=3&limit=20', { body: { ...body, page: 3, limit: 20 } });
    try {
      const store = createStore({ apiBaseUrl: server.url });
      const first = await store.dispatch(api.endpoints.listContactMessages.initiate({}));
      expect(first.data).toEqual(body);
      const third = await store.dispatch(api.endpoints.listContactMessages.initiate({ page: 3, limit: 20 }));
      expect(third.data).toMatchObject({ page: 3, limit: 20 });
      expect(server.requests.map((r) => r.url)).toEqual(['/api/contact', '/api/contact?page=3&limit=20']);
      store.dispatch(api.util.resetApiState());
    } finally {
      await server.close();
    }
  });
});
