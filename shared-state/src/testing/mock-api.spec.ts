import { MESSAGES, outOfStockMessage } from '@larder/shared-domain';
import { makeAddress, makeOrder, makeProduct, makeSellerOrder, makeUser } from './fixtures';
import { pinClock } from './clock';
import { setupMockApi, type MockApiState } from './mock-api';

/** The fake answers as the server does: the refusals the frontends' page tests meet. */
const server = setupMockApi();

// 10:00 in London: the selectable delivery date is the next day.
beforeEach(() => pinClock('2026-11-23T10:00:00Z'));
afterEach(() => jest.useRealTimers());

async function send(method: string, path: string, body?: unknown) {
  const response = await fetch(server.origin + path, {
    method,
    headers: body === undefined ? {} : { 'content-type': 'application/json' },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  return { status: response.status, body: (await response.json()) as Record<string, unknown> };
}

const refusal = (status: number, message: string) => ({
  status,
  body: expect.objectContaining({ success: false, message }) as unknown,
});

describe('the fake API', () => {
  it('reports the places booked into a slot even beyond a lowered capacity, with none available', async () => {
    server.seed({ slotCapacity: 10, bookedSlots: { '10:00 - 11:00': 12 } });
    const { body } = await send('GET', '/api/delivery/slots');
    expect(body.slots).toContainEqual({
      time: '10:00 - 11:00',
      capacity: 10,
      booked: 12,
      available: 0,
      alcohol: true,
    });
  });

  it('keeps the seller’s endpoints to the seller', async () => {
    server.seed({ products: [makeProduct({ _id: 'p1' })] });
    expect(await send('DELETE', '/api/product/p1')).toEqual(refusal(401, MESSAGES.sellerOnly));
    expect(await send('GET', '/api/settings/delivery')).toEqual(refusal(401, MESSAGES.sellerOnly));
    expect(server.state.products).toHaveLength(1);
  });

  describe('placing a cash order', () => {
    const apples = makeProduct({ _id: 'p1', name: 'Apples', offerPrice: 2.5, stock: 3 });
    const order = {
      items: [{ product: 'p1', quantity: 2 }],
      address: 'addr-1',
      paymentType: 'COD',
      // 2 x 2.50, under the £40 free-shipping threshold
      amount: 8.99,
      shippingCharge: 3.99,
      totalVat: 0,
      deliverySlot: { date: '2026-11-24', time: '10:00 - 11:00' },
    };
    beforeEach(() => server.seed({ products: [apples], user: makeUser({ addresses: [makeAddress()] }) }));

    it('places a right order, taking its units and slot place and emptying the cart', async () => {
      expect(await send('POST', '/api/order/cod', order)).toMatchObject({ status: 201 });
      expect(server.state.products[0]!.stock).toBe(1);
      expect(server.state.bookedSlots).toEqual({ '10:00 - 11:00': 1 });
      expect(server.state.user?.cartItems).toEqual({});
    });

    it.each([
      ['a visitor', { user: null }, order, refusal(401, MESSAGES.notAuthorized)],
      ['another address', {}, { ...order, address: 'addr-9' }, refusal(400, MESSAGES.addressNotFound)],
      [
        'a date no longer offered',
        {},
        { ...order, deliverySlot: { ...order.deliverySlot, date: '2026-11-23' } },
        { status: 409, body: expect.objectContaining({ deliveryDate: '2026-11-24' }) as unknown },
      ],
      [
        'more than the stock',
        {},
        { ...order, items: [{ product: 'p1', quantity: 4 }] },
        refusal(409, 'Only 3 left of Apples'),
      ],
      [
        'a product taken off sale',
        { products: [{ ...apples, inStock: false }] },
        order,
        refusal(409, outOfStockMessage('Apples')),
      ],
      [
        'figures that are no longer right',
        { products: [{ ...apples, offerPrice: 2.75 }] },
        order,
        {
          status: 409,
          body: expect.objectContaining({ message: MESSAGES.totalsChanged, amount: 9.49 }) as unknown,
        },
      ],
      ['a full slot', { bookedSlots: { '10:00 - 11:00': 20 } }, order, refusal(409, MESSAGES.slotFull)],
    ])('refuses %s', async (_case, state: Partial<MockApiState>, body, answer) => {
      server.seed(state);
      expect(await send('POST', '/api/order/cod', body)).toEqual(answer);
      expect(server.state.bookedSlots['10:00 - 11:00'] ?? 0).toBe(state.bookedSlots ? 20 : 0);
    });
  });

  describe("cancelling the customer's order", () => {
    const placed = (minutesAgo: number, extra = {}) =>
      makeOrder({ createdAt: new Date(Date.now() - minutesAgo * 60_000).toISOString(), ...extra });

    it.each([
      ['of another customer', placed(5, { userId: 'user-2' }), refusal(404, MESSAGES.orderNotFound)],
      [
        'no longer Pending',
        placed(5, { status: 'Completed' }),
        refusal(409, MESSAGES.onlyPendingCancellable),
      ],
      ['placed over an hour ago', placed(61), refusal(409, MESSAGES.cancelWindowClosed)],
    ])('refuses an order %s', async (_case, seeded, answer) => {
      server.seed({ user: makeUser(), userOrders: [seeded] });
      expect(await send('PUT', '/api/order/order-1/cancel')).toEqual(answer);
      expect(server.state.userOrders[0]!.status).toBe(seeded.status);
    });

    it('cancels its own Pending order within the hour', async () => {
      server.seed({ user: makeUser(), userOrders: [placed(59)] });
      expect(await send('PUT', '/api/order/order-1/cancel')).toMatchObject({ status: 200 });
      expect(server.state.userOrders[0]!.status).toBe('Cancelled');
    });
  });

  it('refuses to move a cancelled order on, and re-prices a picked order from what was found', async () => {
    server.seed({
      seller: true,
      products: [makeProduct({ _id: 'oat', name: 'Oat drink', offerPrice: 1.5 })],
      sellerOrders: [
        makeSellerOrder({ _id: 'o-1', status: 'Cancelled' }),
        makeSellerOrder({ _id: 'o-2', fulfilment: 'picking' }),
      ],
    });
    expect(await send('PUT', '/api/order/o-1/fulfilment', { stage: 'picking' })).toEqual(
      refusal(409, MESSAGES.cancelledOrderNotFulfilled),
    );
    // 2 apples at £1.99 ordered: 1 found, and 1 oat drink at £1.50 instead; shipping stays £3.99.
    const lines = [{ product: 'p1', picked: 1, substitute: { product: 'oat', quantity: 1 } }];
    const { body } = await send('PUT', '/api/order/o-2/fulfilment', { stage: 'picked', lines });
    expect(body.order).toMatchObject({
      items: [{ picked: 1, substitute: { name: 'Oat drink', quantity: 1, price: 1.5 } }],
      goods: 3.49,
      amount: 7.48,
    });
  });

  it('answers as the fake does when an answer given by the test returns nothing', async () => {
    server.on('GET', '/api/product/list', (_request, state) => {
      state.products = [makeProduct({ _id: 'late' })];
    });
    const { body } = await send('GET', '/api/product/list');
    expect(body.products).toEqual([expect.objectContaining({ _id: 'late' })]);
    expect(server.sent('GET', '/api/product/list')).toHaveLength(1);
  });
});
