/**
 * @jest-environment node
 */
import { makeProduct, setupMockApi } from '@larder/shared-state/testing';
import { renderPage } from './server-entry';

const server = setupMockApi();

const apiFetch: typeof fetch = (input, init) => fetch(input, init);

const milk = makeProduct({ _id: 'p-milk', name: 'Semi-Skimmed Milk', category: 'Dairy' });
const oatDrink = makeProduct({ _id: 'p-oat', name: 'Oat Drink', category: 'Dairy' });
const apples = makeProduct({ _id: 'p-apple', name: 'Pink Lady Apples x4', category: 'Fruits' });

describe('a search rendered on the server (/products?q=)', () => {
  beforeEach(() => {
    server.seed({ products: [milk, oatDrink, apples] });
  });

  it("renders the server's matches for the text, with the text in the search box", async () => {
    // The search finds "milk" in the oat drink's description as well; the name filter alone would not.
    server.on('GET', '/api/product/search', () => ({
      body: { success: true, products: [milk, oatDrink] },
    }));
    const page = await renderPage({ url: '/products?q=milk', fetch: apiFetch, apiOrigin: server.origin });

    expect(page.html).toContain('Semi-Skimmed Milk');
    expect(page.html).toContain('Oat Drink');
    expect(page.html).not.toContain('Pink Lady Apples x4');
    expect(page.html).toMatch(/Results for <strong[^>]*>“(<!-- -->)?milk(<!-- -->)?”<\/strong>/);
    expect(page.html).toMatch(/<input[^>]*type="search"[^>]*value="milk"/);
    expect(server.sent('GET', '/api/product/search').map((request) => request.params)).toEqual([
      { q: 'milk' },
    ]);
    // The browser starts from the same answer, so it asks nothing again and draws the same page.
    const queries = page.state.api.queries as Record<string, { endpointName: string; status: string }>;
    expect(Object.values(queries).map((q) => [q.endpointName, q.status])).toContainEqual([
      'searchProducts',
      'fulfilled',
    ]);
  });

  it('asks no search for the list without a text', async () => {
    const page = await renderPage({ url: '/products', fetch: apiFetch, apiOrigin: server.origin });
    expect(page.html).toContain('Pink Lady Apples x4');
    expect(server.sent('GET', '/api/product/search')).toEqual([]);
  });
});
