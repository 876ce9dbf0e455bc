import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MESSAGES } from '@larder/shared-domain';
import { ORDER_EVENTS_POLL_MS, type OrderView } from '@larder/shared-state';
import {
  installFakeEventSource,
  makeAddress,
  makeOrder,
  makeOrderItem,
  pinClock,
  setupMockApi,
} from '@larder/shared-state/testing';
import { createTestStore, makeUser, renderPage } from '../../../test/page-testing';
import MyOrdersPage from './MyOrdersPage';

const server = setupMockApi();

// The cancellation window is counted in minutes from the clock: it stands still during each test.
beforeEach(() => pinClock('2026-11-23T12:00:00Z'));
afterEach(() => jest.useRealTimers());

const minutesAgo = (minutes: number) => new Date(Date.now() - minutes * 60_000).toISOString();

function order(id: string, overrides: Partial<OrderView> = {}): OrderView {
  return makeOrder({
    _id: id,
    items: [makeOrderItem({ name: 'Braeburn Apples', price: 2.5 })],
    address: makeAddress(),
    amount: 8.99,
    goods: 5,
    createdAt: minutesAgo(10),
    ...overrides,
  });
}

function setup(orders: OrderView[]) {
  server.seed({ userOrders: orders });
  renderPage(<MyOrdersPage />, {
    store: createTestStore(server, { user: makeUser() }),
    path: '/my-orders',
    route: '/my-orders',
  });
  return { user: userEvent.setup() };
}

/** As setup, for a test that unmounts the page. */
function renderOnly(orders: OrderView[]) {
  server.seed({ userOrders: orders });
  return renderPage(<MyOrdersPage />, {
    store: createTestStore(server, { user: makeUser() }),
    path: '/my-orders',
    route: '/my-orders',
  });
}

const card = (reference: string) => screen.getByRole('article', { name: `Order #${reference}` });

describe('MyOrdersPage', () => {
  it('lists orders newest first with their slot, items and totals', async () => {
    setup([order('aaaaaaaa-1', { createdAt: minutesAgo(300), status: 'Completed' }), order('bbbbbbbb-2')]);
    const list = await screen.findByRole('list', { name: 'Orders' });
    const articles = within(list).getAllByRole('article');
    expect(articles.map((a) => within(a).getByRole('heading').textContent)).toEqual([
      'Order #BBBBBBBB',
      'Order #AAAAAAAA',
    ]);
    expect(within(articles[0]).getByText('Tue, 24 Nov 2026, 10:00 - 11:00')).toBeInTheDocument();
    expect(within(articles[0]).getByText('Qty: 2 × £2.50')).toBeInTheDocument();
    expect(within(articles[0]).getByText('£8.99')).toBeInTheDocument();
    expect(within(articles[1]).queryByRole('button', { name: 'Cancel order' })).not.toBeInTheDocument();
  });

  it('offers cancellation only within the first hour', async () => {
    setup([
      order('aaaaaaaa-1', { createdAt: minutesAgo(61) }),
      order('bbbbbbbb-2', { createdAt: minutesAgo(10) }),
    ]);
    await screen.findByRole('list', { name: 'Orders' });
    expect(within(card('AAAAAAAA')).getByRole('button', { name: 'Cancel order' })).toBeDisabled();
    expect(within(card('AAAAAAAA')).getByTestId('order-state')).toHaveTextContent(
      'You can change this order until 15:00; it can no longer be cancelled.',
    );
    expect(within(card('BBBBBBBB')).getByRole('button', { name: 'Cancel order' })).toBeEnabled();
    expect(within(card('BBBBBBBB')).getByTestId('order-state')).toHaveTextContent(
      'You can change this order until 15:00 and cancel it until 12:50.',
    );
  });

  it('says one state in words and offers no cancel once picking has started', async () => {
    setup([order('bbbbbbbb-2', { fulfilment: 'picking', createdAt: minutesAgo(5) })]);
    await screen.findByRole('list', { name: 'Orders' });
    expect(within(card('BBBBBBBB')).getByTestId('fulfilment-stage')).toHaveTextContent('Being picked');
    expect(within(card('BBBBBBBB')).getByTestId('order-state')).toHaveTextContent(
      'We are picking your order: it can no longer be changed or cancelled.',
    );
    expect(within(card('BBBBBBBB')).queryByRole('button', { name: 'Cancel order' })).not.toBeInTheDocument();
    expect(within(card('BBBBBBBB')).queryByRole('button', { name: /Change order/ })).not.toBeInTheDocument();
  });

  it('names the refund owed on a cancelled order that was paid', async () => {
    setup([
      order('bbbbbbbb-2', {
        status: 'Cancelled',
        paymentType: 'Online',
        isPaid: true,
        refundDueAmount: 8.99,
      }),
    ]);
    await screen.findByRole('list', { name: 'Orders' });
    expect(within(card('BBBBBBBB')).getByTestId('order-state')).toHaveTextContent(
      'This order was cancelled. £8.99 will be refunded to you.',
    );
  });

  it('treats an order stamped ahead of this device clock as just placed', async () => {
    setup([order('bbbbbbbb-2', { createdAt: minutesAgo(-2) })]);
    expect(await screen.findByRole('button', { name: 'Cancel order' })).toBeEnabled();
    expect(screen.getByTestId('order-state')).toHaveTextContent('cancel it until 13:02.');
  });

  it('cancels after confirmation and shows the order Cancelled', async () => {
    const { user } = setup([order('bbbbbbbb-2')]);
    await user.click(await screen.findByRole('button', { name: 'Cancel order' }));
    await user.click(
      within(await screen.findByRole('alertdialog', { name: 'Cancel this order?' })).getByRole('button', {
        name: 'Yes, cancel order',
      }),
    );
    expect(await screen.findByText(MESSAGES.orderCancelled)).toBeInTheDocument();
    expect(await within(card('BBBBBBBB')).findByText('Cancelled')).toBeInTheDocument();
    expect(within(card('BBBBBBBB')).queryByRole('button', { name: 'Cancel order' })).not.toBeInTheDocument();
  });

  it('keeps the order when the confirmation is declined', async () => {
    const { user } = setup([order('bbbbbbbb-2')]);
    await user.click(await screen.findByRole('button', { name: 'Cancel order' }));
    await user.click(
      within(await screen.findByRole('alertdialog')).getByRole('button', { name: 'Keep order' }),
    );
    await waitFor(() => expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument());
    expect(server.sent('PUT', '/api/order/bbbbbbbb-2/cancel')).toHaveLength(0);
  });

  it.each([
    [
      'the server message',
      { status: 409, body: { success: false, message: MESSAGES.cancelWindowClosed } },
      MESSAGES.cancelWindowClosed,
    ],
    ['"Failed to cancel order." without one', { status: 502, body: {} }, MESSAGES.cancelOrderFailed],
  ])('alerts %s when cancelling fails', async (_case, answer, text) => {
    const { user } = setup([order('bbbbbbbb-2')]);
    server.on('PUT', '/api/order/bbbbbbbb-2/cancel', answer);
    await user.click(await screen.findByRole('button', { name: 'Cancel order' }));
    await user.click(
      within(await screen.findByRole('alertdialog')).getByRole('button', { name: 'Yes, cancel order' }),
    );
    const alert = await screen.findByRole('alertdialog', { name: text });
    await user.click(within(alert).getByRole('button', { name: 'OK' }));
    await waitFor(() => expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument());
    expect(within(card('BBBBBBBB')).getByTestId('fulfilment-stage')).toHaveTextContent('Order placed');
  });

  it('shows an empty state when there are no orders', async () => {
    setup([]);
    expect(await screen.findByRole('heading', { name: 'No orders yet' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Start shopping' })).toHaveAttribute('href', '/products');
  });

  describe('live status', () => {
    let events: ReturnType<typeof installFakeEventSource>;
    beforeEach(() => {
      events = installFakeEventSource();
    });
    afterEach(() => events.uninstall());

    it('shows a status change from the order event stream without reading the orders again', async () => {
      setup([order('bbbbbbbb-2')]);
      expect(await screen.findByText('Order placed')).toBeInTheDocument();
      const [source] = events.sources;
      // The first stream also asks for the last minutes' changes: the orders may have come with the page.
      expect(source.url).toMatch(
        /^http:\/\/api-\d+\.larder\.test\/api\/order\/events\?as=customer&replay=recent$/,
      );
      expect(source.init).toEqual({ withCredentials: true });
      act(() => source.open());
      act(() =>
        source.send({
          id: 'bbbbbbbb-2',
          status: 'Cancelled',
          fulfilment: 'placed',
          amount: 8.99,
          changeableUntil: '2026-11-23T15:00:00+00:00',
        }),
      );
      expect(await within(card('BBBBBBBB')).findByText('Cancelled')).toBeInTheDocument();
      expect(
        within(card('BBBBBBBB')).queryByRole('button', { name: 'Cancel order' }),
      ).not.toBeInTheDocument();
      expect(server.sent('GET', '/api/order/user')).toHaveLength(1);
    });

    it('polls the orders while the stream is down and stops once it is back', async () => {
      setup([order('bbbbbbbb-2')]);
      await screen.findByRole('list', { name: 'Orders' });
      const [source] = events.sources;
      act(() => source.open());
      // From here the timers are the test's: polling is seen without waiting 30 s.
      jest.useFakeTimers({ now: Date.now(), doNotFake: ['nextTick', 'setImmediate', 'queueMicrotask'] });
      await act(() => jest.advanceTimersByTimeAsync(ORDER_EVENTS_POLL_MS * 2));
      expect(server.sent('GET', '/api/order/user')).toHaveLength(1);

      act(() => source.fail());
      await act(() => jest.advanceTimersByTimeAsync(ORDER_EVENTS_POLL_MS));
      await waitFor(() => expect(server.sent('GET', '/api/order/user')).toHaveLength(2));
      await act(() => jest.advanceTimersByTimeAsync(ORDER_EVENTS_POLL_MS));
      await waitFor(() => expect(server.sent('GET', '/api/order/user')).toHaveLength(3));

      act(() => source.open());
      await act(() => jest.advanceTimersByTimeAsync(ORDER_EVENTS_POLL_MS * 3));
      expect(server.sent('GET', '/api/order/user')).toHaveLength(3);
    });

    it('closes the stream when the page is left', async () => {
      const { unmount } = renderOnly([order('bbbbbbbb-2')]);
      await screen.findByRole('list', { name: 'Orders' });
      const [source] = events.sources;
      unmount();
      expect(source.closed).toBe(true);
    });
  });
});
