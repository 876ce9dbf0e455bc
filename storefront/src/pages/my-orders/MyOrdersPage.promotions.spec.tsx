import { screen, within } from '@testing-library/react';
import { makeOrder, makeOrderItem, setupMockApi } from '@larder/shared-state/testing';
import { createTestStore, makeUser, renderPage } from '../../../test/page-testing';
import MyOrdersPage from './MyOrdersPage';

const server = setupMockApi();

describe('My orders: promotions', () => {
  it("shows each line's deal and saving, the items at their own prices and the total savings", async () => {
    const deal = { _id: 'promo-1', label: '3 for £5', saving: 1 };
    server.seed({
      userOrders: [
        makeOrder({
          _id: 'bbbbbbbb-1',
          items: [
            makeOrderItem({
              product: 'p-rice',
              name: 'Basmati Rice',
              price: 2,
              quantity: 3,
              charged: 5,
              promotion: deal,
            }),
            makeOrderItem({ product: 'p-milk', name: 'Whole Milk', price: 1.2, quantity: 1 }),
          ],
          goods: 6.2,
          totalVat: 0,
          shippingCharge: 3.99,
          amount: 10.19,
          savings: 1,
          deals: [{ promotion: 'promo-1', label: '3 for £5', times: 1, saving: 1 }],
        }),
      ],
    });
    const store = createTestStore(server, { user: makeUser() });
    renderPage(<MyOrdersPage />, { store, path: '/my-orders', route: '/my-orders' });

    const card = await screen.findByRole('article', { name: 'Order #BBBBBBBB' });
    const rice = within(card).getByText('Basmati Rice').closest('li')!;
    expect(within(rice).getByTestId('line-promotion')).toHaveTextContent('3 for £5: you save £1.00');
    expect(rice).toHaveTextContent('£5.00');
    expect(within(card).getByText('Items').nextElementSibling).toHaveTextContent('£7.20');
    expect(within(card).getByTestId('order-savings')).toHaveTextContent('-£1.00');
    expect(within(card).getByText('Total').nextElementSibling).toHaveTextContent('£10.19');
  });
});
