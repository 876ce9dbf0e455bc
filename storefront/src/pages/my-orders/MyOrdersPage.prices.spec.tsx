import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { makeOrder, makeOrderItem, makeProduct, pinClock, setupMockApi } from '@larder/shared-state/testing';
import { createTestStore, makeUser, renderPage } from '../../../test/page-testing';
import MyOrdersPage from './MyOrdersPage';

const server = setupMockApi();

// Before the 15:00 cut-off of the day before delivery: the order can still be changed.
beforeEach(() => pinClock('2026-11-23T12:00:00Z'));
afterEach(() => jest.useRealTimers());

// Two bottles of wine at £6.25 before VAT (£7.50 with 20% VAT) and a loaf without VAT; free delivery.
const wine = makeOrderItem({ product: 'wine', name: 'Rioja 75cl', price: 6.25, vat: 20, quantity: 2 });
const bread = makeOrderItem({ product: 'bread', name: 'Sourdough loaf', price: 3, vat: 0, quantity: 1 });
const order = makeOrder({
  _id: 'dddddddd-4',
  items: [wine, bread],
  goods: 15.5,
  totalVat: 2.5,
  shippingCharge: 0,
  amount: 18,
  fulfilment: 'placed',
  changeableUntil: '2026-11-23T15:00:00+00:00',
  createdAt: '2026-11-22T18:00:00.000Z',
});

function setup() {
  server.seed({
    userOrders: [order],
    products: [
      makeProduct({ _id: 'wine', name: 'Rioja 75cl', price: 6.25, offerPrice: 6.25, vat: 20 }),
      makeProduct({ _id: 'bread', name: 'Sourdough loaf', price: 3, offerPrice: 3 }),
    ],
  });
  renderPage(<MyOrdersPage />, {
    store: createTestStore(server, { user: makeUser() }),
    path: '/my-orders',
    route: '/my-orders',
  });
  return { user: userEvent.setup({ advanceTimers: jest.advanceTimersByTime }) };
}

describe('My orders: prices with VAT', () => {
  it('shows each line and the items with VAT, and the VAT the total includes instead of a VAT row', async () => {
    setup();
    const card = await screen.findByRole('article', { name: 'Order #DDDDDDDD' });
    expect(within(card).getByText('Qty: 2 × £7.50')).toBeInTheDocument();
    expect(within(card).getByText('£15.00')).toBeInTheDocument();
    expect(within(card).getByText('Items').nextElementSibling).toHaveTextContent('£18.00');
    expect(within(card).queryByText('VAT', { exact: true })).not.toBeInTheDocument();
    expect(within(card).getByText('includes VAT £2.50')).toBeInTheDocument();
  });

  it('prices the lines of a change with VAT too', async () => {
    const { user } = setup();
    await user.click(await screen.findByRole('button', { name: /Change order/ }));
    const editor = screen.getByRole('region', { name: 'Change order' });
    expect(within(editor).getByText('£7.50 each')).toBeInTheDocument();
    expect(within(editor).getByText(/^Items:/)).toHaveTextContent('Items: £18.00 (with VAT; shipping');
  });
});
