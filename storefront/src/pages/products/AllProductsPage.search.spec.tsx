import { screen, waitFor } from '@testing-library/react';
import { MESSAGES } from '@larder/shared-domain';
import { setSearchQuery, type ProductDto } from '@larder/shared-state';
import { act } from 'react';
import { makeProduct, setupMockApi } from '@larder/shared-state/testing';
import AllProductsPage from './AllProductsPage';
import { createTestStore, renderPage } from '../../../test/page-testing';

const server = setupMockApi();

const product = (id: string, name: string, overrides: Partial<ProductDto> = {}): ProductDto =>
  makeProduct({ _id: id, name, ...overrides });

const apples = product('p-apples', 'Braeburn Apples');
const pears = product('p-pears', 'Conference Pears');
const plums = product('p-plums', 'Victoria Plums', { inStock: false, stock: 0 });

function setup(search: (q: unknown) => { status?: number; body: unknown }) {
  server
    .seed({ products: [apples, pears, plums] })
    .on('GET', '/api/product/search', (request) => search(request.params.q));
  const store = createTestStore(server);
  renderPage(<AllProductsPage />, { store, path: '/products', route: '/products' });
  return { store };
}

describe('All products with a search text', () => {
  it('shows what the search finds for a misspelt text, in-stock only, asking once for the latest text', async () => {
    const { store } = setup((q) => ({
      body: { success: true, products: q === 'aples' ? [apples, plums] : [] },
    }));
    await screen.findByRole('link', { name: 'Conference Pears' });
    act(() => {
      store.dispatch(setSearchQuery('a'));
      store.dispatch(setSearchQuery('ap'));
      store.dispatch(setSearchQuery('aples'));
    });
    // At once: the name filter finds nothing for the misspelling.
    expect(screen.getByText(MESSAGES.itemNotFound)).toBeInTheDocument();
    // Then the search answers.
    expect(await screen.findByRole('link', { name: 'Braeburn Apples' })).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'Victoria Plums' })).not.toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'Conference Pears' })).not.toBeInTheDocument();
    expect(server.sent('GET', '/api/product/search').map((request) => request.params)).toEqual([
      { q: 'aples' },
    ]);
  });

  it('keeps "Item not found" when the search finds nothing', async () => {
    const { store } = setup(() => ({ body: { success: true, products: [] } }));
    await screen.findByRole('link', { name: 'Conference Pears' });
    act(() => {
      store.dispatch(setSearchQuery('zzz'));
    });
    await waitFor(() => expect(server.sent('GET', '/api/product/search')).toHaveLength(1));
    expect(await screen.findByText(MESSAGES.itemNotFound)).toBeInTheDocument();
  });
});
