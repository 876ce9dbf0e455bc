import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import {
  formatDeliveryDate,
  isoWeekday,
  nextStandingDeliveryAfterOrder,
  selectableDeliveryDate,
} from '@larder/shared-domain';
import type { StandingOrderResponse } from '@larder/shared-state';
import { makeAddress, setupMockApi } from '@larder/shared-state/testing';
import { createTestStore, makeUser, renderPage } from '../../test/page-testing';
import { MakeRegularDelivery } from './MakeRegularDelivery';

const server = setupMockApi();

const lines = [
  { product: 'p-tea', name: 'Breakfast Tea', quantity: 2, allowSubstitutes: false },
  { product: 'p-wine', name: 'Red Wine', quantity: 1, ageRestricted: true },
];

describe('Make this a regular delivery', () => {
  it('asks the day, how often, the slot and the address, and the 18+ tick, then sets it up', async () => {
    const address = makeAddress({ _id: 'addr-1' });
    const user = makeUser({ addresses: [address], defaultAddress: 'addr-1' });
    server.on<StandingOrderResponse>('POST', '/api/user/standing-orders', (request) => {
      const body = request.body as { weekday: number; every: number; time: string };
      return {
        status: 201,
        body: {
          success: true,
          standingOrder: {
            _id: 'plan-1',
            items: [],
            address: 'addr-1',
            deliveryAddress: '',
            time: body.time as '10:00 - 11:00',
            weekday: body.weekday,
            every: body.every,
            active: true,
            nextDelivery: '2026-12-04',
            skipping: false,
            ageConfirmed: true,
          },
        },
      };
    });
    const store = createTestStore(server, { user });
    renderPage(
      <MakeRegularDelivery
        lines={lines}
        source="order #AAAAAAAA"
        deliveryDate="2026-11-24"
        time="11:00 - 12:00"
      />,
      { store, path: '/', route: '/' },
    );
    const clicks = userEvent.setup();
    await clicks.click(screen.getByRole('button', { name: 'Make this a regular delivery: order #AAAAAAAA' }));
    const dialog = await screen.findByRole('dialog', { name: 'Make this a regular delivery' });
    expect(within(dialog).getByText('2 x Breakfast Tea')).toBeInTheDocument();
    // The past order's day (a Tuesday) and slot to start from.
    expect(within(dialog).getByRole('combobox', { name: 'Day' })).toHaveValue('2');
    expect(within(dialog).getByRole('combobox', { name: 'Time' })).toHaveValue('11:00 - 12:00');
    await waitFor(() =>
      expect(within(dialog).getByRole('combobox', { name: 'Deliver to' })).toHaveValue('addr-1'),
    );

    await clicks.selectOptions(within(dialog).getByRole('combobox', { name: 'Day' }), 'Friday');
    await clicks.selectOptions(
      within(dialog).getByRole('combobox', { name: 'How often' }),
      'Every other week',
    );
    await clicks.click(within(dialog).getByRole('button', { name: 'Set up regular delivery' }));
    expect(await within(dialog).findByText(/18 or over/, { selector: 'p' })).toBeInTheDocument();
    expect(server.sent('POST', '/api/user/standing-orders')).toHaveLength(0);

    await clicks.click(within(dialog).getByRole('checkbox'));
    await clicks.click(within(dialog).getByRole('button', { name: 'Set up regular delivery' }));
    await waitFor(() => expect(dialog).not.toBeInTheDocument());
    expect(server.sent('POST', '/api/user/standing-orders')[0].body).toEqual({
      items: [
        { product: 'p-tea', quantity: 2, allowSubstitutes: false },
        { product: 'p-wine', quantity: 1, allowSubstitutes: true },
      ],
      address: 'addr-1',
      time: '11:00 - 12:00',
      weekday: 5,
      every: 2,
      ageConfirmed: true,
    });
    expect(
      await screen.findByText(/Regular delivery set up\. Next delivery: Fri, 4 Dec 2026/),
    ).toBeInTheDocument();
  });

  it("made from an order, sends it as the plan's first delivery and shows the delivery after it", async () => {
    const address = makeAddress({ _id: 'addr-1' });
    const user = makeUser({ addresses: [address], defaultAddress: 'addr-1' });
    // Answered as the server does: the order's date is not placed again, the next delivery is a week on.
    server.on<StandingOrderResponse>('POST', '/api/user/standing-orders', (request) => {
      const body = request.body as { weekday: number; every: number; time: string };
      return {
        status: 201,
        body: {
          success: true,
          standingOrder: {
            _id: 'plan-2',
            items: [],
            address: 'addr-1',
            deliveryAddress: '',
            time: body.time as '10:00 - 11:00',
            weekday: body.weekday,
            every: body.every,
            active: true,
            nextDelivery: nextStandingDeliveryAfterOrder(body.weekday, body.every, new Date(), orderDate),
            skipping: false,
            ageConfirmed: false,
          },
        },
      };
    });
    // An order for the shop's next delivery date, as "Make this a regular delivery" on My Orders finds it.
    const orderDate = selectableDeliveryDate(new Date());
    const weekday = isoWeekday(orderDate);
    const expectedNext = nextStandingDeliveryAfterOrder(weekday, 1, new Date(), orderDate);
    const store = createTestStore(server, { user });
    renderPage(
      <MakeRegularDelivery
        lines={[lines[0]]}
        source="order #BBBBBBBB"
        deliveryDate={orderDate}
        time="10:00 - 11:00"
        fromOrder="order-b"
      />,
      { store, path: '/', route: '/' },
    );
    const clicks = userEvent.setup();
    await clicks.click(screen.getByRole('button', { name: 'Make this a regular delivery: order #BBBBBBBB' }));
    const dialog = await screen.findByRole('dialog', { name: 'Make this a regular delivery' });
    expect(dialog).toHaveTextContent(
      `This order is its first delivery (${formatDeliveryDate(orderDate)}). Next delivery: ${formatDeliveryDate(expectedNext)}`,
    );
    expect(dialog).not.toHaveTextContent(`First delivery: ${formatDeliveryDate(orderDate)}`);
    await waitFor(() =>
      expect(within(dialog).getByRole('combobox', { name: 'Deliver to' })).toHaveValue('addr-1'),
    );
    await clicks.click(within(dialog).getByRole('button', { name: 'Set up regular delivery' }));
    await waitFor(() => expect(dialog).not.toBeInTheDocument());
    expect(server.sent('POST', '/api/user/standing-orders')[0].body).toEqual({
      items: [{ product: 'p-tea', quantity: 2, allowSubstitutes: false }],
      address: 'addr-1',
      time: '10:00 - 11:00',
      weekday,
      every: 1,
      fromOrder: 'order-b',
    });
    // Nothing placed at once: the toast names only the next delivery.
    const toastText = await screen.findByText(/Regular delivery set up\. Next delivery:/);
    expect(toastText).not.toHaveTextContent('is in My Orders');
  });
});
