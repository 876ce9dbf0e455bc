import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { selectCartQuantity, type ProductDto } from '@larder/shared-state';
import { setupMockApi, makeProduct } from '@larder/shared-state/testing';
import ProductDetailPage from './ProductDetailPage';
import { createTestStore, makeUser, renderPage } from '../../../test/page-testing';

const server = setupMockApi();

const cookies = makeProduct({ _id: 'p-cookies', name: 'Oat Cookies', category: 'Bakery', stock: 2 });

function setup(product: ProductDto, cart: Record<string, number> = {}) {
  server.seed({ products: [product] });
  const store = createTestStore(server, { user: makeUser(), cart });
  renderPage(<ProductDetailPage />, {
    store,
    path: `/products/bakery/${product._id}`,
    route: '/products/:category/:id',
  });
  return { store, user: userEvent.setup() };
}

describe('Product page: stock', () => {
  it('says "Only 2 left" and stops Add to Cart at the stock', async () => {
    const { store, user } = setup(cookies);
    expect(await screen.findByText('Only 2 left')).toBeInTheDocument();
    const add = screen.getByRole('button', { name: 'Add to Cart' });
    await user.click(add);
    await user.click(add);
    expect(selectCartQuantity(store.getState(), 'p-cookies')).toBe(2);
    expect(add).toBeDisabled();
    expect(screen.getByText(/in your cart/)).toHaveTextContent('2 in your cart (the most you can order)');
  });

  it('shows no low-stock note above 5 or when the stock is not counted', async () => {
    setup({ ...cookies, stock: 6 });
    await screen.findByRole('heading', { level: 1, name: 'Oat Cookies' });
    expect(screen.queryByText(/Only \d+ left/)).not.toBeInTheDocument();
  });
});

describe('Product page: limit per order', () => {
  it('says "Limit 3 per order" beside Add to Cart and stops there, whatever the stock', async () => {
    const { store, user } = setup({ ...cookies, stock: 40, maxPerOrder: 3 });
    const add = await screen.findByRole('button', { name: 'Add to Cart' });
    expect(screen.getByText('Limit 3 per order')).toBeInTheDocument();
    expect(add).toHaveAccessibleDescription('Limit 3 per order');
    for (let i = 0; i < 3; i++) await user.click(add);
    expect(selectCartQuantity(store.getState(), 'p-cookies')).toBe(3);
    expect(add).toBeDisabled();
    expect(screen.getByText(/in your cart/)).toHaveTextContent('3 in your cart (the most you can order)');
  });

  it('stops at the stock when fewer are left than the limit', async () => {
    const { store, user } = setup({ ...cookies, stock: 2, maxPerOrder: 3 });
    const add = await screen.findByRole('button', { name: 'Add to Cart' });
    await user.click(add);
    await user.click(add);
    expect(selectCartQuantity(store.getState(), 'p-cookies')).toBe(2);
    expect(add).toBeDisabled();
  });

  it('shows no limit when the seller set none', async () => {
    setup({ ...cookies, stock: 40 });
    const add = await screen.findByRole('button', { name: 'Add to Cart' });
    expect(screen.queryByText(/per order/)).not.toBeInTheDocument();
    expect(add).not.toHaveAccessibleDescription();
  });
});
