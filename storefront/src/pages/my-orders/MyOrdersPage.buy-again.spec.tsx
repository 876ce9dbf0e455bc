import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { api, selectCartItems, type OrderView, type ProductDto } from '@larder/shared-state';
import {
  makeAddress,
  makeOrder,
  makeOrderItem,
  makeProduct,
  setupMockApi,
} from '@larder/shared-state/testing';
import { createTestStore, makeUser, renderPage } from '../../../test/page-testing';
import MyOrdersPage from './MyOrdersPage';

const server = setupMockApi();

const product = (id: string, name: string, overrides: Partial<ProductDto> = {}): ProductDto =>
  makeProduct({ _id: id, name, ...overrides });

const item = (product: string, name: string, quantity: number) =>
  makeOrderItem({ product, name, quantity, price: 2 });

const order: OrderView = makeOrder({
  _id: 'aaaaaaaa-1',
  userId: 'user-1',
  items: [
    item('p-apples', 'Braeburn Apples', 2),
    item('p-cookies', 'Oat Cookies', 4),
    item('p-milk', 'Whole Milk', 1),
    item('p-gone', 'Seasonal Jam', 1),
  ],
  address: null,
  paymentType: 'COD',
  amount: 20,
  shippingCharge: 4,
  totalVat: 0,
  goods: 16,
  deliverySlot: { date: '2026-11-24', time: '10:00 - 11:00' },
  status: 'Completed',
  fulfilment: 'delivered',
  changeableUntil: '2026-11-23T15:00:00+00:00',
  isPaid: true,
  ageConfirmed: false,
  refundDueAmount: 0,
  createdAt: '2026-11-20T10:00:00.000Z',
});

describe('My orders: Buy again', () => {
  it('adds what is still sold and in stock, capped by stock, and says in a toast what was not added', async () => {
    server.seed({
      userOrders: [order],
      products: [
        product('p-apples', 'Braeburn Apples'),
        product('p-cookies', 'Oat Cookies', { stock: 3 }),
        product('p-milk', 'Whole Milk', { inStock: false, stock: 0 }),
      ],
    });
    const store = createTestStore(server, { user: makeUser(), cart: { 'p-apples': 1 } });
    renderPage(<MyOrdersPage />, { store, path: '/my-orders', route: '/my-orders' });
    const user = userEvent.setup();

    const card = await screen.findByRole('article', { name: 'Order #AAAAAAAA' });
    const button = within(card).getByRole('button', { name: /Buy again/ });
    await waitFor(() => expect(button).toBeEnabled());
    await user.click(button);

    expect(selectCartItems(store.getState())).toEqual({ 'p-apples': 3, 'p-cookies': 3 });
    expect(
      await screen.findByText(
        'Added to Cart. Could not add: Oat Cookies (only 3 left, 3 of 4 added), Whole Milk (out of stock), Seasonal Jam (no longer sold).',
      ),
    ).toBeInTheDocument();
  });

  it("caps a product without a limit of its own at the shop's limit per product", async () => {
    server.seed({
      userOrders: [{ ...order, items: [item('p-cookies', 'Oat Cookies', 4)] }],
      products: [product('p-cookies', 'Oat Cookies', { stock: 40, maxPerOrder: null })],
      maxPerProduct: 2,
    });
    const store = createTestStore(server, { user: makeUser() });
    renderPage(<MyOrdersPage />, { store, path: '/my-orders', route: '/my-orders' });
    const user = userEvent.setup();

    const card = await screen.findByRole('article', { name: 'Order #AAAAAAAA' });
    const button = within(card).getByRole('button', { name: /Buy again/ });
    await waitFor(() => expect(button).toBeEnabled());
    await waitFor(() =>
      expect(api.endpoints.getShippingSettings.select()(store.getState()).data).toBeDefined(),
    );
    await user.click(button);

    expect(selectCartItems(store.getState())).toEqual({ 'p-cookies': 2 });
    expect(
      await screen.findByText(
        'Added to Cart. Could not add: Oat Cookies (at most 2 per order, 2 of 4 added).',
      ),
    ).toBeInTheDocument();
  });
});

describe('My orders: Make this a regular delivery', () => {
  it.each([
    ['an order', 'Pending' as const, { fromOrder: 'aaaaaaaa-1' }],
    ['a cancelled order', 'Cancelled' as const, {}],
  ])('from %s, sends the order as its first delivery only when it stands', async (_what, status, sent) => {
    server.seed({
      userOrders: [{ ...order, status, fulfilment: status === 'Pending' ? 'placed' : order.fulfilment }],
      products: [product('p-apples', 'Braeburn Apples')],
    });
    const address = makeAddress({ _id: 'addr-1' });
    const store = createTestStore(server, {
      user: makeUser({ addresses: [address], defaultAddress: 'addr-1' }),
    });
    renderPage(<MyOrdersPage />, { store, path: '/my-orders', route: '/my-orders' });
    const user = userEvent.setup();
    const card = await screen.findByRole('article', { name: 'Order #AAAAAAAA' });
    await user.click(
      within(card).getByRole('button', { name: 'Make this a regular delivery: order #AAAAAAAA' }),
    );
    const dialog = await screen.findByRole('dialog', { name: 'Make this a regular delivery' });
    await waitFor(() =>
      expect(within(dialog).getByRole('combobox', { name: 'Deliver to' })).toHaveValue('addr-1'),
    );
    await user.click(within(dialog).getByRole('button', { name: 'Set up regular delivery' }));
    await waitFor(() => expect(server.sent('POST', '/api/user/standing-orders')).toHaveLength(1));
    const body = server.sent('POST', '/api/user/standing-orders')[0].body as Record<string, unknown>;
    expect(body).toMatchObject({ weekday: 2, ...sent });
    if (!('fromOrder' in sent)) expect(body).not.toHaveProperty('fromOrder');
  });
});
