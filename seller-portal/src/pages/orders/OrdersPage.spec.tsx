import { act, screen, waitFor, within } from '@testing-library/react';
import { MESSAGES } from '@larder/shared-domain';
import type { SellerOrderView } from '@larder/shared-state';
import { installFakeEventSource, makeSellerOrder } from '@larder/shared-state/testing';
import { renderWithApi, server } from '../../../test/render';
import OrdersPage from './OrdersPage';

function order(
  id: string,
  userId: string,
  customer: { name: string; email: string; phone: string },
  extra: Partial<SellerOrderView> = {},
): SellerOrderView {
  return makeSellerOrder({
    _id: id,
    userId,
    customer: { ...customer, address: '12 Park Street, Bristol, England, BS1 5HT, United Kingdom' },
    ...extra,
  });
}

const ann = { name: 'Ann Jones', email: 'ann@example.com', phone: '07700 900123' };
const raj = { name: 'Raj Patel', email: 'raj@example.com', phone: '07700 900456' };

describe('Orders', () => {
  it('groups the orders by customer with their details', async () => {
    renderWithApi(
      <OrdersPage />,
      {},
      {
        state: {
          sellerOrders: [
            order('o-3', 'u-ann', ann),
            order('o-2', 'u-raj', raj),
            order('o-1', 'u-ann', ann, { status: 'Cancelled' }),
          ],
        },
      },
    );
    const annGroup = (await screen.findByRole('heading', { name: 'Ann Jones', level: 2 })).closest(
      'section',
    )!;
    expect(within(annGroup).getAllByRole('article')).toHaveLength(2);
    expect(within(annGroup).getByText('ann@example.com')).toBeInTheDocument();
    expect(within(annGroup).getByText('07700 900123')).toBeInTheDocument();
    const rajGroup = screen.getByRole('heading', { name: 'Raj Patel', level: 2 }).closest('section')!;
    expect(within(rajGroup).getAllByRole('article')).toHaveLength(1);
    expect(within(rajGroup).getByText('Tue, 24 Nov 2026,')).toBeInTheDocument();
    expect(within(rajGroup).getByText('10:00 - 11:00')).toBeInTheDocument();
    expect(within(rajGroup).getByText('£7.97')).toBeInTheDocument();
    expect(within(rajGroup).getByText('23 Nov 2026, 14:05')).toBeInTheDocument();
    expect(within(rajGroup).getByText('Unpaid')).toBeInTheDocument();
  });

  it('sets a status from the dropdown and marks a completed order paid', async () => {
    const { user, requests } = renderWithApi(
      <OrdersPage />,
      {},
      {
        state: { sellerOrders: [order('o-1', 'u-ann', ann)] },
      },
    );
    expect(await screen.findByText('Unpaid')).toBeInTheDocument();
    const select = await screen.findByRole('combobox', { name: /Status of order/ });
    await user.selectOptions(select, 'Completed');

    expect(await screen.findByText('Order updated successfully')).toBeInTheDocument();
    const sent = requests.filter((request) => request.method === 'PUT');
    expect(sent.map((request) => [request.url, request.body])).toEqual([
      ['/api/order/o-1/status', { status: 'Completed' }],
    ]);
    // The server marks a completed order paid; the list is loaded again and shows its answer.
    await waitFor(() => expect(server.sent('GET', '/api/order/seller')).toHaveLength(2));
    expect(server.state.sellerOrders[0]).toMatchObject({ status: 'Completed', isPaid: true });
    expect(await screen.findByText('Paid')).toBeInTheDocument();
    expect(select).toHaveValue('Completed');
    // A completed order never changes again.
    expect(select).toBeDisabled();
  });

  it("offers only the allowed statuses and shows a finished order's status, disabled", async () => {
    renderWithApi(<OrdersPage />, {
      'GET /api/order/seller': {
        body: {
          success: true,
          orders: [
            order('00000001-0000-4000-8000-000000000000', 'u-ann', ann, { status: 'Cancelled' }),
            order('00000002-0000-4000-8000-000000000000', 'u-ann', ann, {
              status: 'Completed',
              isPaid: true,
            }),
            order('00000003-0000-4000-8000-000000000000', 'u-raj', raj, { paymentType: 'Online' }),
            order('00000004-0000-4000-8000-000000000000', 'u-raj', raj),
          ],
        },
      },
    });
    const select = async (ref: string) =>
      screen.findByRole('combobox', { name: new RegExp(`Status of order #${ref}`) });
    const enabled = (el: HTMLElement) =>
      within(el)
        .getAllByRole('option')
        .filter((o) => !(o as HTMLOptionElement).disabled)
        .map((o) => o.textContent);

    const cancelled = await select('00000001');
    expect(cancelled).toHaveValue('Cancelled');
    expect(cancelled).toBeDisabled();
    const completed = await select('00000002');
    expect(completed).toHaveValue('Completed');
    expect(completed).toBeDisabled();

    // An unpaid card order can be cancelled but not completed.
    const card = await select('00000003');
    expect(card).toBeEnabled();
    expect(
      within(card)
        .getAllByRole('option')
        .map((o) => o.textContent),
    ).toEqual(['Pending', 'Completed', 'Cancelled']);
    expect(enabled(card)).toEqual(['Pending', 'Cancelled']);
    const cod = await select('00000004');
    expect(enabled(cod)).toEqual(['Pending', 'Completed', 'Cancelled']);
  });

  it('shows the message of a refused change and keeps the status', async () => {
    const { user } = renderWithApi(<OrdersPage />, {
      'GET /api/order/seller': { body: { success: true, orders: [order('o-1', 'u-ann', ann)] } },
      // The customer cancelled it meanwhile.
      'PUT /api/order/o-1/status': {
        status: 409,
        body: { success: false, message: MESSAGES.cancelledOrderLocked },
      },
    });
    const select = await screen.findByRole('combobox', { name: /Status of order/ });
    await user.selectOptions(select, 'Completed');
    expect(await screen.findByText(MESSAGES.cancelledOrderLocked)).toBeInTheDocument();
    expect(select).toHaveValue('Pending');
    expect(screen.getByText('Unpaid')).toBeInTheDocument();
  });

  it('tells the seller to check ID at the door for an order with an 18+ line, and only for that one', async () => {
    renderWithApi(
      <OrdersPage />,
      {},
      {
        state: {
          sellerOrders: [
            order('00000001-0000-4000-8000-000000000000', 'u-ann', ann, { ageCheckRequired: true }),
            order('00000002-0000-4000-8000-000000000000', 'u-raj', raj),
          ],
        },
      },
    );
    const adult = await screen.findByRole('article', { name: 'Order #00000001' });
    expect(within(adult).getByText('Age check')).toBeInTheDocument();
    expect(within(adult).getByText(MESSAGES.ageCheckAtDoor)).toBeInTheDocument();
    const other = screen.getByRole('article', { name: 'Order #00000002' });
    expect(within(other).queryByText('Age check')).not.toBeInTheDocument();
    expect(within(other).queryByText(MESSAGES.ageCheckAtDoor)).not.toBeInTheDocument();
  });

  it('labels "Refund due" a paid order cancelled or fallen in price, with the amount to refund', async () => {
    renderWithApi(
      <OrdersPage />,
      {},
      {
        state: {
          sellerOrders: [
            order('00000001-0000-4000-8000-000000000000', 'u-ann', ann, {
              paymentType: 'Online',
              status: 'Cancelled',
              isPaid: true,
              refundDue: true,
              refundDueAmount: 11.49,
              amount: 11.49,
            }),
            order('00000002-0000-4000-8000-000000000000', 'u-ann', ann, { status: 'Cancelled' }),
            order('00000003-0000-4000-8000-000000000000', 'u-ann', ann, {
              paymentType: 'Online',
              isPaid: true,
              refundDue: true,
              refundDueAmount: 1.2,
              amount: 10.29,
            }),
          ],
        },
      },
    );
    const [owed, other, short] = await screen.findAllByRole('article');
    expect(within(owed).getByText('Refund due')).toBeInTheDocument();
    expect(
      within(owed).getByText('Paid, then cancelled: refund £11.49 to the customer.'),
    ).toBeInTheDocument();
    expect(within(other).queryByText('Refund due')).not.toBeInTheDocument();
    // A paid order picked short owes the difference.
    expect(
      within(short).getByText('Paid for more than goes to the door: refund £1.20 to the customer.'),
    ).toBeInTheDocument();
  });

  it('shows "Refund due" when the seller cancels a paid card order', async () => {
    const { user } = renderWithApi(
      <OrdersPage />,
      {},
      {
        state: {
          sellerOrders: [order('o-1', 'u-ann', ann, { paymentType: 'Online', isPaid: true })],
        },
      },
    );
    const select = await screen.findByRole('combobox', { name: /Status of order/ });
    expect(screen.queryByText('Refund due')).not.toBeInTheDocument();
    await user.selectOptions(select, 'Cancelled');
    expect(await screen.findByText('Refund due')).toBeInTheDocument();
    await waitFor(() => expect(server.sent('GET', '/api/order/seller')).toHaveLength(2));
    expect(server.state.sellerOrders[0]).toMatchObject({ status: 'Cancelled', refundDue: true });
    expect(screen.getByText('Refund due')).toBeInTheDocument();
  });

  it('says when there are no orders', async () => {
    renderWithApi(<OrdersPage />);
    expect(await screen.findByText('No orders yet')).toBeInTheDocument();
  });

  describe('live status', () => {
    let events: ReturnType<typeof installFakeEventSource>;
    beforeEach(() => {
      events = installFakeEventSource();
    });
    afterEach(() => events.uninstall());

    const live = (id: string, status: SellerOrderView['status']) => ({
      id,
      status,
      fulfilment: 'placed',
      amount: 7.97,
      changeableUntil: '2026-11-23T15:00:00+00:00',
    });

    it("shows another replica's status change in place and a new order after reading the list again", async () => {
      renderWithApi(<OrdersPage />, {}, { state: { sellerOrders: [order('o-1', 'u-ann', ann)] } });
      expect(await screen.findByText('Unpaid')).toBeInTheDocument();
      const [source] = events.sources;
      expect(source.url).toMatch(/\/api\/order\/events\?as=seller$/);
      act(() => source.open());

      act(() => source.send(live('o-1', 'Completed')));
      expect(await screen.findByText('Paid')).toBeInTheDocument();
      expect(screen.getByRole('combobox', { name: /Status of order/ })).toHaveValue('Completed');
      expect(server.sent('GET', '/api/order/seller')).toHaveLength(1);

      server.seed({
        sellerOrders: [
          order('o-2', 'u-raj', raj),
          order('o-1', 'u-ann', ann, { status: 'Completed', isPaid: true }),
        ],
      });
      act(() => source.send(live('o-2', 'Pending'), '2'));
      expect(await screen.findByRole('heading', { name: 'Raj Patel', level: 2 })).toBeInTheDocument();
      expect(server.sent('GET', '/api/order/seller')).toHaveLength(2);
    });
  });
});
