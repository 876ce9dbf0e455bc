import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MESSAGES } from '@larder/shared-domain';
import type { ProductDto } from '@larder/shared-state';
import { makeProduct, setupMockApi } from '@larder/shared-state/testing';
import AllProductsPage from './AllProductsPage';
import { SearchBox } from '../../layout/SearchBox';
import { createTestStore, renderPage } from '../../../test/page-testing';

const server = setupMockApi();

const product = (id: string, name: string, overrides: Partial<ProductDto> = {}): ProductDto =>
  makeProduct({ _id: id, name, ...overrides });

const apples = product('p-apples', 'Braeburn Apples');
const pears = product('p-pears', 'Conference Pears', { allergens: [], dietary: ['vegan'] });
const plums = product('p-plums', 'Victoria Plums', { inStock: false, stock: 0 });
const perry = product('p-perry', 'Pear Cider', { allergens: ['sulphites'], dietary: [] });

/** The product list with the navbar's search box, opened at `path` (as typed, shared or reloaded). */
function setup(path: string, search: (q: unknown) => { status?: number; body: unknown }) {
  server
    .seed({ products: [apples, pears, plums, perry] })
    .on('GET', '/api/product/search', (request) => search(request.params.q));
  const store = createTestStore(server);
  renderPage(
    <>
      <SearchBox id="search" />
      <AllProductsPage />
    </>,
    { store, path, route: '/products' },
  );
  return userEvent.setup();
}

const box = () => screen.getByRole('searchbox', { name: 'Search products' });
const currentPath = () => screen.getByTestId('current-path').textContent;
const listed = () =>
  screen
    .queryAllByTestId('product-card')
    .map((card) => within(card).getByRole('heading').textContent)
    .sort();

describe('All products with a search text', () => {
  it('shows what the search finds for a misspelt text, in-stock only, asking once for the latest text', async () => {
    const user = setup('/products', (q) => ({
      body: { success: true, products: q === 'aples' ? [apples, plums] : [] },
    }));
    await screen.findByRole('link', { name: 'Conference Pears' });
    await user.type(box(), 'aples');
    expect(currentPath()).toBe('/products?q=aples');
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
    const user = setup('/products', () => ({ body: { success: true, products: [] } }));
    await screen.findByRole('link', { name: 'Conference Pears' });
    await user.type(box(), 'zzz');
    await waitFor(() => expect(server.sent('GET', '/api/product/search')).toHaveLength(1));
    expect(await screen.findByText(MESSAGES.itemNotFound)).toBeInTheDocument();
  });

  it('opens a shared or reloaded search URL with the text in the box and its results', async () => {
    setup('/products?q=pear', (q) => ({
      body: { success: true, products: q === 'pear' ? [pears, perry] : [] },
    }));
    expect(box()).toHaveValue('pear');
    expect(screen.getByText('Results for')).toHaveTextContent('Results for “pear”');
    await waitFor(() => expect(listed()).toEqual(['Conference Pears', 'Pear Cider']));
    expect(server.sent('GET', '/api/product/search').map((request) => request.params)).toEqual([
      { q: 'pear' },
    ]);
  });

  it('keeps the food filters when the text changes, and the text when a filter changes', async () => {
    const user = setup('/products?q=pear&diet=vegan', () => ({
      body: { success: true, products: [pears, perry] },
    }));
    await waitFor(() => expect(listed()).toEqual(['Conference Pears']));
    await user.type(box(), 's');
    expect(currentPath()).toBe('/products?q=pears&diet=vegan');
    await user.click(screen.getByRole('radio', { name: 'Any' }));
    expect(currentPath()).toBe('/products?q=pears');
    await waitFor(() => expect(listed()).toEqual(['Conference Pears', 'Pear Cider']));
  });

  it('clears the search from the URL', async () => {
    const user = setup('/products?q=pear', () => ({ body: { success: true, products: [pears] } }));
    await user.click(await screen.findByRole('button', { name: 'Clear search' }));
    expect(currentPath()).toBe('/products');
    expect(box()).toHaveValue('');
    await waitFor(() => expect(listed()).toEqual(['Braeburn Apples', 'Conference Pears', 'Pear Cider']));
  });
});
