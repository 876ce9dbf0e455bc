import { screen, within } from '@testing-library/react';
import type { SellerOrderView } from '@larder/shared-state';
import { makeOrderItem, makeSellerOrder } from '@larder/shared-state/testing';
import { renderWithApi } from '../../../test/render';
import OrdersPage from './OrdersPage';

/** A Pending, unpaid cash order of `name`'s, placed on 23 Nov 2026. */
function order(id: string, name: string): SellerOrderView {
  const email = `${name.split(' ')[0]!.toLowerCase()}@example.com`;
  return makeSellerOrder({
    _id: id,
    userId: `u-${id}`,
    items: [makeOrderItem({ name: 'Oat cookies', price: 1.5, quantity: 1 })],
    amount: 5.49,
    goods: 1.5,
    customer: { name, email, phone: '07700 900123', address: '12 Park Street, Bristol' },
  });
}

/** Two orders, newest first, one a page. */
const twoOrders = {
  state: { sellerOrders: [order('o-2', 'Ann Jones'), order('o-1', 'Raj Patel')], pageSize: 1 },
};

describe('Orders, a page at a time', () => {
  it('pages with Previous and Next, saying which page is shown', async () => {
    const { user, requests } = renderWithApi(<OrdersPage />, {}, twoOrders);
    expect(await screen.findByRole('heading', { name: 'Ann Jones', level: 2 })).toBeInTheDocument();
    const pages = screen.getByRole('navigation', { name: 'Orders pages' });
    expect(within(pages).getByText('Page 1 of 2')).toBeInTheDocument();
    expect(within(pages).getByRole('button', { name: 'Previous' })).toBeDisabled();

    await user.click(within(pages).getByRole('button', { name: 'Next' }));
    expect(await screen.findByRole('heading', { name: 'Raj Patel', level: 2 })).toBeInTheDocument();
    expect(screen.queryByRole('heading', { name: 'Ann Jones', level: 2 })).not.toBeInTheDocument();
    expect(within(pages).getByText('Page 2 of 2')).toBeInTheDocument();
    expect(within(pages).getByRole('button', { name: 'Next' })).toBeDisabled();
    expect(requests.filter((r) => r.url === '/api/order/seller').map((r) => r.params)).toContainEqual({
      page: '2',
    });
  });

  it('shows a status change on a later page at once', async () => {
    const { user } = renderWithApi(<OrdersPage />, {}, twoOrders);
    await screen.findByRole('heading', { name: 'Ann Jones', level: 2 });
    await user.click(screen.getByRole('button', { name: 'Next' }));
    await screen.findByRole('heading', { name: 'Raj Patel', level: 2 });

    await user.selectOptions(screen.getByRole('combobox', { name: /Status of order/ }), 'Completed');
    expect(await screen.findByText('Order updated successfully')).toBeInTheDocument();
    expect(screen.getByText('Paid')).toBeInTheDocument();
    expect(screen.getByText('Page 2 of 2')).toBeInTheDocument();
  });

  it('shows no page navigation while every order fits on one page', async () => {
    renderWithApi(<OrdersPage />, {}, { state: { sellerOrders: [order('o-1', 'Ann Jones')] } });
    await screen.findByRole('heading', { name: 'Ann Jones', level: 2 });
    expect(screen.queryByRole('navigation')).not.toBeInTheDocument();
  });
});
