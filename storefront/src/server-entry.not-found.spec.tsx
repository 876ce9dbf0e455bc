/**
 * @jest-environment node
 */
import { renderToString } from 'react-dom/server';
import { Provider } from 'react-redux';
import { Route, Routes } from 'react-router-dom';
import { StaticRouter } from 'react-router';
import { MESSAGES } from '@larder/shared-domain';
import { createStore } from '@larder/shared-state';
import { makeProduct, setupMockApi } from '@larder/shared-state/testing';
import { renderPage } from './server-entry';
import ProductDetailPage from './pages/product-detail/ProductDetailPage';

const server = setupMockApi();

const apiFetch: typeof fetch = (input, init) => fetch(input, init);

/** The product page as the browser first draws it from the state the server sent (what hydration compares). */
function firstBrowserRender(
  state: NonNullable<Parameters<typeof createStore>[0]>['serverState'],
  url: string,
): string {
  const store = createStore({ serverState: state, cartSync: false });
  return renderToString(
    <Provider store={store}>
      <StaticRouter location={url}>
        <Routes>
          <Route path="/products/:category/:id" element={<ProductDetailPage />} />
        </Routes>
      </StaticRouter>
    </Provider>,
  );
}

describe('an unknown product URL rendered on the server', () => {
  beforeEach(() => {
    server.seed({
      products: [makeProduct({ _id: 'p-apple', name: 'Pink Lady Apples x4', category: 'Fruits' })],
    });
  });

  it('is "Product not found" on the server and in the browser’s first render alike', async () => {
    const url = '/products/fruits/p-gone';
    const page = await renderPage({ url, fetch: apiFetch, apiOrigin: server.origin });

    expect(page.html).toContain(`<h1 class="sr-only">${MESSAGES.productNotFound}</h1>`);
    expect(page.state.missingProducts).toEqual(['p-gone']);
    // The browser starts from the shown products only (none here), yet knows this one is missing.
    expect(page.state.shownProductsOnly).toBe(true);
    const browser = firstBrowserRender(JSON.parse(JSON.stringify(page.state)), url);
    expect(browser).toContain(`<h1 class="sr-only">${MESSAGES.productNotFound}</h1>`);
  });

  it('hands over no missing product for a product that exists', async () => {
    const page = await renderPage({
      url: '/products/fruits/p-apple',
      fetch: apiFetch,
      apiOrigin: server.origin,
    });
    expect(page.state.missingProducts).toBeUndefined();
    expect(firstBrowserRender(page.state, '/products/fruits/p-apple')).toContain('Pink Lady Apples x4');
  });
});
