import { screen, waitFor } from '@testing-library/react';
import { selectCartItems } from '@larder/shared-state';
import { makeProduct, setupMockApi } from '@larder/shared-state/testing';
import CartPage from './CartPage';
import { createTestStore, makeUser, renderPage } from '../../../test/page-testing';

const server = setupMockApi();

const cookies = makeProduct({ _id: 'p-cookies', name: 'Oat Cookies', category: 'Bakery', offerPrice: 2 });

describe('Cart: stock below a line', () => {
  it('lowers the line to the stock left and says so', async () => {
    server.seed({ products: [{ ...cookies, stock: 2 }] });
    const store = createTestStore(server, { user: makeUser(), cart: { 'p-cookies': 5 } });
    renderPage(<CartPage />, { store, path: '/cart', route: '/cart' });
    expect(
      await screen.findByText('Only 2 left of Oat Cookies, so we changed your quantity from 5 to 2.'),
    ).toBeInTheDocument();
    expect(selectCartItems(store.getState())).toEqual({ 'p-cookies': 2 });
    expect(screen.getByRole('button', { name: 'Increase quantity of Oat Cookies' })).toBeDisabled();
  });

  it("holds a line to the seller's limit per order and shows the limit", async () => {
    server.seed({ products: [{ ...cookies, stock: 40, maxPerOrder: 3 }] });
    const store = createTestStore(server, { user: makeUser(), cart: { 'p-cookies': 5 } });
    renderPage(<CartPage />, { store, path: '/cart', route: '/cart' });
    expect(await screen.findByText('Limit 3 per order')).toBeInTheDocument();
    await waitFor(() => expect(selectCartItems(store.getState())).toEqual({ 'p-cookies': 3 }));
    expect(screen.getByRole('group', { name: 'Quantity of Oat Cookies' })).toHaveTextContent('3');
    expect(screen.getByRole('button', { name: 'Increase quantity of Oat Cookies' })).toBeDisabled();
  });

  it("holds a line of a product without a limit of its own to the shop's limit per product", async () => {
    server.seed({ products: [{ ...cookies, stock: 40, maxPerOrder: null }], maxPerProduct: 4 });
    const store = createTestStore(server, { user: makeUser(), cart: { 'p-cookies': 9 } });
    renderPage(<CartPage />, { store, path: '/cart', route: '/cart' });
    expect(
      await screen.findByText(
        'You can buy at most 4 of Oat Cookies in one order. We changed your quantity from 9 to 4.',
      ),
    ).toBeInTheDocument();
    expect(selectCartItems(store.getState())).toEqual({ 'p-cookies': 4 });
    expect(screen.getByRole('button', { name: 'Increase quantity of Oat Cookies' })).toBeDisabled();
    // The note beside the control names a product's own limit only.
    expect(screen.queryByText('Limit 4 per order')).not.toBeInTheDocument();
  });
});
