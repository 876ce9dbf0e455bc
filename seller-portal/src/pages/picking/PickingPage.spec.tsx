import { act, screen, waitFor, within } from '@testing-library/react';
import { alcoholHoursMessage, ERROR_CODES, MESSAGES } from '@larder/shared-domain';
import type { SellerOrderView, UpdateFulfilmentDto } from '@larder/shared-state';
import {
  installFakeEventSource,
  makeOrderItem,
  makeProduct,
  makeSellerOrder,
  pinClock,
} from '@larder/shared-state/testing';
import { renderWithApi, server } from '../../../test/render';
import PickingPage from './PickingPage';

// 16:00 in London on Mon 23 Nov: orders for Tue 24 Nov have closed, so those are the ones to pick.
beforeEach(() => pinClock('2026-11-23T16:00:00Z'));
afterEach(() => jest.useRealTimers());

type Item = SellerOrderView['items'][number];
const item = (product: string, name: string, quantity: number, extra: Partial<Item> = {}) =>
  makeOrderItem({ product, name, quantity, price: 1.5, ...extra });

function order(id: string, extra: Partial<SellerOrderView> = {}): SellerOrderView {
  return makeSellerOrder({
    _id: id,
    items: [item('milk', 'Whole milk', 2), item('bread', 'Sourdough loaf', 3, { allowSubstitutes: false })],
    ...extra,
  });
}

const products = [
  makeProduct({ _id: 'milk', name: 'Whole milk', offerPrice: 1.5 }),
  makeProduct({ _id: 'oat', name: 'Oat drink', offerPrice: 1.4 }),
  makeProduct({ _id: 'bread', name: 'Sourdough loaf', offerPrice: 3 }),
];

const orderCard = (reference: string) =>
  screen.getByRole('article', { name: new RegExp(`^Order #${reference}`) });

describe('Picking', () => {
  it('shows the pick list and the orders per slot for the next delivery date', async () => {
    renderWithApi(
      <PickingPage />,
      {},
      {
        path: '/seller/picking',
        state: {
          products,
          sellerOrders: [
            order('aaaaaaaa-1'),
            order('bbbbbbbb-2', { deliverySlot: { date: '2026-11-24', time: '12:00 - 13:00' } }),
            order('cccccccc-3', { deliverySlot: { date: '2026-11-25', time: '10:00 - 11:00' } }),
          ],
          // The server's sums for the day, by category then name.
          pickList: [
            { product: 'bread', name: 'Sourdough loaf', quantity: 6, orders: 2 },
            { product: 'milk', name: 'Whole milk', quantity: 4, orders: 2 },
          ],
        },
      },
    );
    const pickList = await screen.findByRole('region', { name: /Pick list/ });
    const rows = within(pickList)
      .getAllByRole('row')
      .slice(1)
      .map((row) =>
        within(row)
          .getAllByRole('cell')
          .map((cell) => cell.textContent),
      );
    expect(rows).toEqual([
      ['Sourdough loaf', '6', '2'],
      ['Whole milk', '4', '2'],
    ]);
    // No date asked: the server chooses the next date that has orders.
    expect(server.sent('GET', '/api/seller/picking')[0].params).toEqual({});
    expect(screen.getByText('Deliveries on Tue, 24 Nov 2026')).toBeInTheDocument();
    const ten = screen.getByRole('region', { name: /^10:00 - 11:00/ });
    expect(within(ten).getAllByRole('article')).toHaveLength(1);
    expect(within(ten).getByRole('link', { name: 'Run sheet for 10:00 - 11:00' })).toHaveAttribute(
      'href',
      '/seller/run-sheet?date=2026-11-24&time=10%3A00+-+11%3A00',
    );
    expect(screen.getByRole('region', { name: /^11:00 - 12:00/ })).toHaveTextContent(
      'No orders in this slot.',
    );
  });

  it('opens on the next date that has orders when the next picking date has none', async () => {
    renderWithApi(
      <PickingPage />,
      {},
      {
        path: '/seller/picking',
        state: {
          products,
          sellerOrders: [
            order('aaaaaaaa-1', { deliverySlot: { date: '2026-11-23', time: '10:00 - 11:00' } }),
            order('bbbbbbbb-2', { deliverySlot: { date: '2026-11-27', time: '10:00 - 11:00' } }),
            order('cccccccc-3', { deliverySlot: { date: '2026-11-26', time: '12:00 - 13:00' } }),
          ],
        },
      },
    );
    expect(await screen.findByText('Deliveries on Thu, 26 Nov 2026')).toBeInTheDocument();
    expect(screen.getByLabelText('Delivery date')).toHaveValue('2026-11-26');
    const noon = screen.getByRole('region', { name: /^12:00 - 13:00/ });
    expect(within(noon).getByRole('article', { name: /^Order #CCCCCCCC/ })).toBeInTheDocument();
    expect(screen.queryByRole('article', { name: /^Order #BBBBBBBB/ })).not.toBeInTheDocument();
  });

  it('opens on the next picking date when no later date has orders', async () => {
    renderWithApi(<PickingPage />, {}, { path: '/seller/picking', state: { products, sellerOrders: [] } });
    expect(await screen.findByText('There are no orders for Tue, 24 Nov 2026.')).toBeInTheDocument();
    expect(screen.getByText('Deliveries on Tue, 24 Nov 2026')).toBeInTheDocument();
  });

  it('offers no picking for a card order not paid yet, and says why; a paid one can be picked', async () => {
    renderWithApi(
      <PickingPage />,
      {},
      {
        path: '/seller/picking?date=2026-11-24',
        state: {
          products,
          sellerOrders: [
            order('aaaaaaaa-1', { paymentType: 'Online', isPaid: false }),
            order('bbbbbbbb-2', { paymentType: 'Online', isPaid: true }),
          ],
        },
      },
    );
    const unpaid = await screen.findByRole('article', { name: /^Order #AAAAAAAA/ });
    expect(within(unpaid).getByText(MESSAGES.unpaidCardOrderNotFulfilled)).toBeInTheDocument();
    expect(within(unpaid).queryByRole('button', { name: /Start picking/ })).not.toBeInTheDocument();
    expect(within(unpaid).getByText(/card payment not received/)).toBeInTheDocument();
    expect(within(orderCard('BBBBBBBB')).getByRole('button', { name: /Start picking/ })).toBeEnabled();
  });

  it('picks an order with a short line and a substitute, only where substitutes are allowed', async () => {
    const { user } = renderWithApi(
      <PickingPage />,
      {},
      {
        path: '/seller/picking?date=2026-11-24',
        state: { products, sellerOrders: [order('aaaaaaaa-1')] },
      },
    );
    await user.click(await screen.findByRole('button', { name: 'Start picking Order #AAAAAAAA' }));
    const checklist = await screen.findByRole('form', { name: 'Checklist for Order #AAAAAAAA' });
    expect(server.sent('PUT', '/api/order/aaaaaaaa-1/fulfilment')[0].body).toEqual({ stage: 'picking' });

    const milk = within(checklist).getByRole('group', { name: /Whole milk/ });
    await user.click(within(milk).getByRole('radio', { name: 'Short' }));
    const found = within(milk).getByRole('spinbutton', { name: 'Units of Whole milk found' });
    await user.clear(found);
    await user.type(found, '0');
    await user.type(within(milk).getByRole('searchbox', { name: 'Substitute for Whole milk' }), 'oat');
    await user.click(
      await within(milk).findByRole('button', { name: 'Use Oat drink as the substitute for Whole milk' }),
    );
    expect(within(milk).getByText('Oat drink')).toBeInTheDocument();

    const bread = within(checklist).getByRole('group', { name: /Sourdough loaf/ });
    expect(bread).toHaveTextContent('(no substitutes)');
    await user.click(within(bread).getByRole('radio', { name: 'Short' }));
    expect(within(bread).queryByRole('searchbox')).not.toBeInTheDocument();
    expect(within(bread).getByRole('spinbutton', { name: 'Units of Sourdough loaf found' })).toHaveValue(2);

    await user.click(within(checklist).getByRole('button', { name: 'Mark as picked' }));
    await waitFor(() => expect(server.sent('PUT', '/api/order/aaaaaaaa-1/fulfilment')).toHaveLength(2));
    expect(server.sent('PUT', '/api/order/aaaaaaaa-1/fulfilment')[1].body).toEqual({
      stage: 'picked',
      lines: [
        { product: 'milk', picked: 0, substitute: { product: 'oat', quantity: 2 } },
        { product: 'bread', picked: 2 },
      ],
    } satisfies UpdateFulfilmentDto);
    const picked = await screen.findByRole('list', { name: 'Picked lines of Order #AAAAAAAA' });
    expect(picked).toHaveTextContent('Whole milk: 0 of 2 (2 missing) · substitute 2 × Oat drink at £1.40');
    expect(picked).toHaveTextContent('Sourdough loaf: 2 of 3 (1 missing)');
    expect(within(orderCard('AAAAAAAA')).getByText('Picked')).toBeInTheDocument();
  });

  it('says before picking that alcohol waits for the licensed hours, and shows the refusal of such a pick', async () => {
    const message = alcoholHoursMessage(['08:00', '23:00']);
    const wine = item('wine', 'Red wine 75cl', 1, { ageRestricted: true });
    const { user } = renderWithApi(
      <PickingPage />,
      {
        'PUT /api/order/:id/fulfilment': {
          status: 409,
          body: { success: false, message, code: ERROR_CODES.ALCOHOL_OUTSIDE_LICENSED_HOURS },
        },
      },
      {
        path: '/seller/picking?date=2026-11-24',
        state: {
          products,
          sellerOrders: [order('bbbbbbbb-1', { fulfilment: 'picking', items: [wine] })],
          alcoholPicking: { allowed: false, message },
        },
      },
    );
    expect(await screen.findByRole('note')).toHaveTextContent(
      `Outside the licensed hours: 18+ products wait. ${message}`,
    );
    const checklist = await screen.findByRole('form', { name: 'Checklist for Order #BBBBBBBB' });
    await user.click(within(checklist).getByRole('button', { name: 'Mark as picked' }));
    expect(await within(checklist).findByRole('alert')).toHaveTextContent(message);
  });

  it('says nothing of alcohol within the licensed hours', async () => {
    renderWithApi(
      <PickingPage />,
      {},
      {
        path: '/seller/picking?date=2026-11-24',
        state: { products, sellerOrders: [order('cccccccc-1')] },
      },
    );
    await screen.findByRole('article', { name: /^Order #CCCCCCCC/ });
    expect(screen.queryByRole('note')).not.toBeInTheDocument();
  });

  it('shows the server refusal of a pick and keeps the checklist', async () => {
    const { user } = renderWithApi(
      <PickingPage />,
      {
        // The order was cancelled meanwhile.
        'PUT /api/order/:id/fulfilment': {
          status: 409,
          body: { success: false, message: MESSAGES.cancelledOrderNotFulfilled },
        },
      },
      {
        path: '/seller/picking?date=2026-11-24',
        state: { products, sellerOrders: [order('aaaaaaaa-1', { fulfilment: 'picking' })] },
      },
    );
    const checklist = await screen.findByRole('form', { name: 'Checklist for Order #AAAAAAAA' });
    await user.click(within(checklist).getByRole('button', { name: 'Mark as picked' }));
    expect(await within(checklist).findByRole('alert')).toHaveTextContent(
      MESSAGES.cancelledOrderNotFulfilled,
    );
    expect(server.sent('PUT', '/api/order/aaaaaaaa-1/fulfilment')[0].body).toEqual({
      stage: 'picked',
      lines: [
        { product: 'milk', picked: 2 },
        { product: 'bread', picked: 3 },
      ],
    });
  });

  it("dispatches a slot's picked orders, then marks one delivered", async () => {
    const { user } = renderWithApi(
      <PickingPage />,
      {},
      {
        path: '/seller/picking?date=2026-11-24',
        state: {
          products,
          sellerOrders: [
            order('aaaaaaaa-1', { fulfilment: 'picked' }),
            order('bbbbbbbb-2', { fulfilment: 'picking' }),
            order('cccccccc-3', { fulfilment: 'picked' }),
          ],
        },
      },
    );
    await user.click(
      await screen.findByRole('button', { name: 'Dispatch 2 picked orders of 10:00 - 11:00' }),
    );
    await waitFor(() =>
      expect(within(orderCard('AAAAAAAA')).getByText('Out for delivery')).toBeInTheDocument(),
    );
    expect(within(orderCard('CCCCCCCC')).getByText('Out for delivery')).toBeInTheDocument();
    expect(within(orderCard('BBBBBBBB')).getByText('Being picked')).toBeInTheDocument();
    expect(server.sent('PUT', '/api/order/bbbbbbbb-2/fulfilment')).toHaveLength(0);

    await user.click(screen.getByRole('button', { name: 'Delivered Order #AAAAAAAA' }));
    await waitFor(() => expect(within(orderCard('AAAAAAAA')).getByText('Delivered')).toBeInTheDocument());
    expect(server.state.sellerOrders[0]).toMatchObject({ status: 'Completed', isPaid: true });
  });

  describe('live status', () => {
    let events: ReturnType<typeof installFakeEventSource>;
    beforeEach(() => {
      events = installFakeEventSource();
    });
    afterEach(() => events.uninstall());

    it('shows a stage changed elsewhere in place, without reading the day again', async () => {
      renderWithApi(
        <PickingPage />,
        {},
        {
          path: '/seller/picking?date=2026-11-24',
          state: { products, sellerOrders: [order('aaaaaaaa-1')] },
        },
      );
      expect(
        await screen.findByRole('button', { name: 'Start picking Order #AAAAAAAA' }),
      ).toBeInTheDocument();
      const [source] = events.sources;
      act(() => source.open());
      act(() =>
        source.send({
          id: 'aaaaaaaa-1',
          status: 'Pending',
          fulfilment: 'picking',
          amount: 7.97,
          changeableUntil: '2026-11-23T15:00:00+00:00',
        }),
      );
      expect(await screen.findByRole('form', { name: 'Checklist for Order #AAAAAAAA' })).toBeInTheDocument();
      expect(server.sent('GET', '/api/seller/picking')).toHaveLength(1);
    });
  });
});
