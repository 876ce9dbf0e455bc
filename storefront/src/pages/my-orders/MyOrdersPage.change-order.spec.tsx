import { act, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MESSAGES } from '@larder/shared-domain';
import type { ChangeOrderDto, OrderView } from '@larder/shared-state';
import {
  installFakeEventSource,
  makeAddress,
  makeOrder,
  makeOrderItem,
  makeProduct,
  pinClock,
  setupMockApi,
} from '@larder/shared-state/testing';
import { createTestStore, makeUser, renderPage } from '../../../test/page-testing';
import MyOrdersPage from './MyOrdersPage';

const server = setupMockApi();

// Changes close at 15:00 London on the day before delivery (Mon 23 Nov for a Tue 24 Nov delivery).
beforeEach(() => pinClock('2026-11-23T12:00:00Z'));
afterEach(() => jest.useRealTimers());

const line = (product: string, name: string, price: number, quantity: number) =>
  makeOrderItem({ product, name, price, quantity });

function order(overrides: Partial<OrderView> = {}): OrderView {
  return makeOrder({
    _id: 'cccccccc-3',
    items: [line('apples', 'Braeburn apples', 2, 2), line('milk', 'Whole milk', 1.5, 1)],
    goods: 5.5,
    amount: 9.49,
    fulfilment: 'placed',
    changeableUntil: '2026-11-23T15:00:00+00:00',
    createdAt: '2026-11-22T18:00:00.000Z',
    ...overrides,
  });
}

/** `limits`: the seller's maxPerOrder of some of the products, by id. */
function setup(orders: OrderView[], limits: Record<string, number> = {}) {
  const home = makeAddress({ _id: 'addr-home', street: '1 Harbourside', postalCode: 'BS1 5DB' });
  const work = makeAddress({ _id: 'addr-work', street: '9 Queen Square', postalCode: 'BS1 4LH' });
  server.seed({
    userOrders: orders,
    products: [
      makeProduct({ _id: 'apples', name: 'Braeburn apples', price: 2, offerPrice: 2, stock: 3 }),
      makeProduct({ _id: 'milk', name: 'Whole milk', price: 1.5, offerPrice: 1.5 }),
      makeProduct({ _id: 'bread', name: 'Sourdough loaf', price: 3, offerPrice: 3 }),
    ].map((product) => ({ ...product, maxPerOrder: limits[product._id] ?? null })),
  });
  renderPage(<MyOrdersPage />, {
    store: createTestStore(server, { user: makeUser({ addresses: [home, work] }) }),
    path: '/my-orders',
    route: '/my-orders',
  });
  return { user: userEvent.setup({ advanceTimers: jest.advanceTimersByTime }) };
}

const card = () => screen.getByRole('article', { name: 'Order #CCCCCCCC' });

describe('changing an order from My orders', () => {
  it('offers the change until the cut-off, named by its London weekday and time', async () => {
    setup([order()]);
    expect(await screen.findByRole('button', { name: 'Change order (until Mon 15:00)' })).toBeEnabled();
    expect(within(card()).getByText('Order placed')).toBeInTheDocument();
  });

  it.each([
    // Delivery today: its changes closed at 15:00 yesterday.
    [
      'after the cut-off',
      {
        deliverySlot: { date: '2026-11-23', time: '10:00 - 11:00' },
        changeableUntil: '2026-11-22T15:00:00+00:00',
      },
    ],
    ['once picking has started', { fulfilment: 'picking' as const }],
    ['when cancelled', { status: 'Cancelled' as const }],
  ])('offers no change %s', async (_case, overrides) => {
    setup([order(overrides)]);
    await screen.findByRole('list', { name: 'Orders' });
    expect(within(card()).queryByRole('button', { name: /Change order/ })).not.toBeInTheDocument();
  });

  it('saves edited lines, substitutes, slot and address and shows the new totals', async () => {
    const { user } = setup([order()]);
    await user.click(await screen.findByRole('button', { name: /Change order/ }));
    const editor = screen.getByRole('region', { name: 'Change order' });
    expect(within(editor).getByRole('heading', { name: 'Change order' })).toHaveFocus();

    // 3 on the shelf plus the 2 the order holds: at most 5 apples.
    const more = within(editor).getByRole('button', { name: 'Increase quantity of Braeburn apples' });
    for (let i = 0; i < 4; i += 1) await user.click(more);
    expect(more).toBeDisabled();
    expect(within(editor).getByRole('group', { name: 'Quantity of Braeburn apples' })).toHaveTextContent('5');

    await user.click(within(editor).getByRole('button', { name: 'Remove Whole milk from the order' }));
    await user.type(within(editor).getByRole('searchbox', { name: 'Add a product' }), 'sourdough');
    await user.click(await within(editor).findByRole('button', { name: 'Add Sourdough loaf to the order' }));
    await user.click(within(editor).getByRole('checkbox', { name: 'Allow substitutes for Sourdough loaf' }));
    await user.click(within(editor).getByRole('radio', { name: '12:00 - 13:00' }));
    await user.selectOptions(within(editor).getByRole('combobox', { name: 'Delivery address' }), 'addr-work');

    let sent: ChangeOrderDto | undefined;
    let key: string | undefined;
    server.on('PUT', '/api/order/:id', (request, state) => {
      sent = request.body as ChangeOrderDto;
      key = request.headers['idempotency-key'];
      const changed = order({
        items: [line('apples', 'Braeburn apples', 2, 5), line('bread', 'Sourdough loaf', 3, 1)],
        goods: 13,
        amount: 16.99,
        deliverySlot: { date: '2026-11-24', time: '12:00 - 13:00' },
      });
      state.userOrders = [changed];
      return { body: { success: true, message: MESSAGES.orderChanged, order: changed } };
    });
    await user.click(within(editor).getByRole('button', { name: 'Save changes' }));

    expect(await screen.findByText(MESSAGES.orderChanged)).toBeInTheDocument();
    expect(sent).toEqual({
      items: [
        { product: 'apples', quantity: 5, allowSubstitutes: true },
        { product: 'bread', quantity: 1, allowSubstitutes: false },
      ],
      deliverySlot: { date: '2026-11-24', time: '12:00 - 13:00' },
      address: 'addr-work',
    });
    expect(key).toMatch(/\S{8,}/);
    expect(screen.queryByRole('region', { name: 'Change order' })).not.toBeInTheDocument();
    expect(within(card()).getByText('£16.99')).toBeInTheDocument();
    expect(within(card()).getByText('Tue, 24 Nov 2026, 12:00 - 13:00')).toBeInTheDocument();
    expect(within(card()).getByText('Qty: 5 × £2.00')).toBeInTheDocument();
  });

  it('asks for the 18+ tick when the order holds wine, and saves with it (the fake answers with the shared rules)', async () => {
    const wine = makeOrderItem({
      product: 'wine',
      name: 'Red wine',
      price: 6.25,
      quantity: 1,
      ageRestricted: true,
    });
    const { user } = setup([
      order({ items: [wine, line('milk', 'Whole milk', 1.5, 1)], ageConfirmed: false }),
    ]);
    server.seed({
      products: [
        makeProduct({
          _id: 'wine',
          name: 'Red wine',
          price: 6.25,
          offerPrice: 6.25,
          vat: 20,
          ageRestricted: true,
        }),
        makeProduct({ _id: 'milk', name: 'Whole milk', price: 1.5, offerPrice: 1.5 }),
      ],
    });
    await user.click(await screen.findByRole('button', { name: /Change order/ }));
    const editor = screen.getByRole('region', { name: 'Change order' });
    await user.click(within(editor).getByRole('button', { name: 'Increase quantity of Whole milk' }));
    await user.click(within(editor).getByRole('button', { name: 'Save changes' }));
    // Not sent without the tick: the box says what is missing.
    expect(within(editor).getByText(MESSAGES.ageConfirmationRequired)).toBeInTheDocument();
    expect(server.sent('PUT', '/api/order/cccccccc-3')).toHaveLength(0);

    await user.click(within(editor).getByRole('checkbox', { name: MESSAGES.ageConfirmLabel }));
    await user.click(within(editor).getByRole('button', { name: 'Save changes' }));
    // Saved: the editor closes and the card shows the changed order.
    expect(await within(card()).findByText('Qty: 2 × £1.50')).toBeInTheDocument();
    expect(screen.queryByRole('region', { name: 'Change order' })).not.toBeInTheDocument();
    const [sent] = server.sent('PUT', '/api/order/cccccccc-3');
    expect(sent.body).toMatchObject({
      ageConfirmed: true,
      items: [
        { product: 'wine', quantity: 1 },
        { product: 'milk', quantity: 2 },
      ],
    });
  }, 15_000);

  it("stops a line at the seller's limit per order, or at what the order already had above a newer limit", async () => {
    const { user } = setup(
      [order({ items: [line('apples', 'Braeburn apples', 2, 2), line('milk', 'Whole milk', 1.5, 4)] })],
      { milk: 3, bread: 2 },
    );
    await user.click(await screen.findByRole('button', { name: /Change order/ }));
    const editor = screen.getByRole('region', { name: 'Change order' });
    // The order had 4 milk before the limit of 3 was set: it may keep them, not add more.
    expect(within(editor).getByRole('button', { name: 'Increase quantity of Whole milk' })).toBeDisabled();
    await user.click(within(editor).getByRole('button', { name: 'Decrease quantity of Whole milk' }));
    expect(within(editor).getByRole('group', { name: 'Quantity of Whole milk' })).toHaveTextContent('3');

    await user.type(within(editor).getByRole('searchbox', { name: 'Add a product' }), 'sourdough');
    await user.click(await within(editor).findByRole('button', { name: 'Add Sourdough loaf to the order' }));
    const moreBread = within(editor).getByRole('button', { name: 'Increase quantity of Sourdough loaf' });
    await user.click(moreBread);
    expect(moreBread).toBeDisabled();
    expect(within(editor).getByRole('group', { name: 'Quantity of Sourdough loaf' })).toHaveTextContent('2');
  });

  it('shows the server refusal and keeps the edits', async () => {
    const { user } = setup([order()]);
    await user.click(await screen.findByRole('button', { name: /Change order/ }));
    const editor = screen.getByRole('region', { name: 'Change order' });
    await user.click(within(editor).getByRole('button', { name: 'Remove Whole milk from the order' }));
    server.on('PUT', '/api/order/:id', {
      status: 409,
      body: { success: false, message: MESSAGES.orderNotChangeable },
    });
    await user.click(within(editor).getByRole('button', { name: 'Save changes' }));

    expect(await within(editor).findByRole('alert')).toHaveTextContent(
      'This order can no longer be changed.',
    );
    expect(within(editor).queryByText('Whole milk')).not.toBeInTheDocument();
    expect(within(editor).getByText('Braeburn apples')).toBeInTheDocument();
    expect(within(card()).getByText('£9.49')).toBeInTheDocument();
  });

  it('shows per line what was picked, substituted and missing', async () => {
    const apples = { ...line('apples', 'Braeburn apples', 2, 2), picked: 2 };
    const milk = {
      ...line('milk', 'Whole milk', 1.5, 2),
      picked: 0,
      substitute: {
        product: 'oat',
        name: 'Oat drink',
        quantity: 2,
        price: 1.4,
        vat: 0,
        ageRestricted: false,
      },
    };
    const bread = { ...line('bread', 'Sourdough loaf', 3, 2), picked: 1, allowSubstitutes: false };
    setup([order({ fulfilment: 'picked', items: [apples, milk, bread] })]);
    await screen.findByRole('list', { name: 'Orders' });
    expect(within(card()).getByText('Picked')).toBeInTheDocument();
    expect(within(card()).getByText('Picked: 2')).toBeInTheDocument();
    expect(within(card()).getByText('Picked 0 of 2; 2 missing')).toBeInTheDocument();
    expect(
      within(card()).getByText('Substituted: 2 × Oat drink at £1.40 instead of Whole milk at £1.50'),
    ).toBeInTheDocument();
    expect(within(card()).getByText('Picked 1 of 2; 1 missing')).toBeInTheDocument();
    expect(within(card()).queryByRole('button', { name: /Change order/ })).not.toBeInTheDocument();
  });

  it('closes the editor when the seller starts picking the order meanwhile', async () => {
    const events = installFakeEventSource();
    try {
      const { user } = setup([order()]);
      await user.click(await screen.findByRole('button', { name: /Change order/ }));
      expect(screen.getByRole('region', { name: 'Change order' })).toBeInTheDocument();
      const [source] = events.sources;
      act(() => source.open());
      act(() =>
        source.send({
          id: 'cccccccc-3',
          status: 'Pending',
          fulfilment: 'picking',
          amount: 9.49,
          changeableUntil: '2026-11-23T15:00:00+00:00',
        }),
      );
      expect(await within(card()).findByText('Being picked')).toBeInTheDocument();
      expect(screen.queryByRole('region', { name: 'Change order' })).not.toBeInTheDocument();
      expect(within(card()).queryByRole('button', { name: /Change order/ })).not.toBeInTheDocument();
    } finally {
      events.uninstall();
    }
  });
});
