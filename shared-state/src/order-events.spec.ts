import { api } from './api';
import { applyOrderEvent, type OrderEventData } from './order-events';
import type { AppStore } from './store';
import { waitFor } from '@testing-library/react';
import { makeOrder, makeSellerOrder, makeUser, setupMockApi } from './testing';

const server = setupMockApi();

/** One more request through the store, answered: a fetch the event had started would have reached the server first. */
const roundTrip = (store: AppStore) =>
  store.dispatch(api.endpoints.health.initiate(undefined, { subscribe: false, forceRefetch: true }));

function event(overrides: Partial<OrderEventData> = {}): OrderEventData {
  return {
    id: 'order-1',
    status: 'Cancelled',
    fulfilment: 'placed',
    amount: 8.99,
    changeableUntil: '2026-11-23T15:00:00+00:00',
    ...overrides,
  };
}

describe('applyOrderEvent', () => {
  it("writes the change into the customer's cached orders without fetching them again", async () => {
    server.seed({
      user: makeUser(),
      userOrders: [makeOrder({ _id: 'order-1', status: 'Pending' }), makeOrder({ _id: 'order-2' })],
    });
    const store = server.createStore();
    const subscription = store.dispatch(api.endpoints.listUserOrders.initiate());
    await subscription;

    // The seller completing an order delivers it as it is: its lines did not change.
    store.dispatch(
      applyOrderEvent('customer', event({ status: 'Completed', fulfilment: 'delivered', amount: 7.5 })),
    );
    const orders = api.endpoints.listUserOrders.select()(store.getState()).data?.orders ?? [];
    expect(
      orders.map(({ _id, status, fulfilment, amount, isPaid }) => ({
        _id,
        status,
        fulfilment,
        amount,
        isPaid,
      })),
    ).toEqual([
      { _id: 'order-1', status: 'Completed', fulfilment: 'delivered', amount: 7.5, isPaid: true },
      { _id: 'order-2', status: 'Pending', fulfilment: 'placed', amount: 7.97, isPaid: false },
    ]);
    await roundTrip(store);
    expect(server.sent('GET', '/api/order/user')).toHaveLength(1);
    subscription.unsubscribe();
    store.dispatch(api.util.resetApiState());
  });

  it('updates the order on whichever cached page of the seller list holds it', async () => {
    server.seed({
      seller: true,
      sellerOrders: [makeSellerOrder({ _id: 'order-1' }), makeSellerOrder({ _id: 'order-2' })],
    });
    const store = server.createStore();
    const first = store.dispatch(api.endpoints.listSellerOrders.initiate({ page: 1, limit: 1 }));
    const second = store.dispatch(api.endpoints.listSellerOrders.initiate({ page: 2, limit: 1 }));
    await Promise.all([first, second]);

    store.dispatch(applyOrderEvent('seller', event({ id: 'order-2' })));
    const page = (n: number) =>
      api.endpoints.listSellerOrders.select({ page: n, limit: 1 })(store.getState()).data?.orders[0];
    expect(page(1)).toMatchObject({ _id: 'order-1', status: 'Pending' });
    expect(page(2)).toMatchObject({ _id: 'order-2', status: 'Cancelled' });
    await roundTrip(store);
    expect(server.sent('GET', '/api/order/seller')).toHaveLength(2);
    first.unsubscribe();
    second.unsubscribe();
    store.dispatch(api.util.resetApiState());
  });

  it('reads the list again for an order it does not hold (a new order)', async () => {
    server.seed({ seller: true, sellerOrders: [makeSellerOrder({ _id: 'order-1' })] });
    const store = server.createStore();
    const subscription = store.dispatch(api.endpoints.listSellerOrders.initiate({}));
    await subscription;
    server.seed({
      sellerOrders: [makeSellerOrder({ _id: 'order-new' }), makeSellerOrder({ _id: 'order-1' })],
    });

    store.dispatch(applyOrderEvent('seller', event({ id: 'order-new', status: 'Pending' })));
    await waitFor(() =>
      expect(
        api.endpoints.listSellerOrders
          .select({})(store.getState())
          .data?.orders.map((o) => o._id),
      ).toEqual(['order-new', 'order-1']),
    );
    expect(server.sent('GET', '/api/order/seller')).toHaveLength(2);
    subscription.unsubscribe();
    store.dispatch(api.util.resetApiState());
  });

  it("writes the change into the seller's cached picking answers without fetching them again", async () => {
    server.seed({
      seller: true,
      sellerOrders: [makeSellerOrder({ _id: 'order-1' }), makeSellerOrder({ _id: 'order-2' })],
    });
    const store = server.createStore();
    const subscription = store.dispatch(api.endpoints.getPicking.initiate({ date: '2026-11-24' }));
    await subscription;

    store.dispatch(
      applyOrderEvent('seller', event({ status: 'Pending', fulfilment: 'picking', amount: 7.97 })),
    );
    const orders =
      api.endpoints.getPicking
        .select({ date: '2026-11-24' })(store.getState())
        .data?.slots.flatMap((slot) => slot.orders) ?? [];
    expect(orders.map(({ _id, fulfilment }) => ({ _id, fulfilment }))).toEqual([
      { _id: 'order-1', fulfilment: 'picking' },
      { _id: 'order-2', fulfilment: 'placed' },
    ]);
    await roundTrip(store);
    expect(server.sent('GET', '/api/seller/picking')).toHaveLength(1);
    subscription.unsubscribe();
    store.dispatch(api.util.resetApiState());
  });

  it("reads the customer's orders again once an order is picked, to show its picked lines", async () => {
    server.seed({ user: makeUser(), userOrders: [makeOrder({ _id: 'order-1', fulfilment: 'picking' })] });
    const store = server.createStore();
    const subscription = store.dispatch(api.endpoints.listUserOrders.initiate());
    await subscription;
    const picked = makeOrder({ _id: 'order-1', fulfilment: 'picked', amount: 5.98 });
    picked.items[0] = { ...picked.items[0], picked: 1 };
    server.seed({ userOrders: [picked] });

    store.dispatch(
      applyOrderEvent('customer', event({ status: 'Pending', fulfilment: 'picked', amount: 5.98 })),
    );
    await waitFor(() =>
      expect(api.endpoints.listUserOrders.select()(store.getState()).data?.orders[0].items[0].picked).toBe(1),
    );
    expect(server.sent('GET', '/api/order/user')).toHaveLength(2);
    subscription.unsubscribe();
    store.dispatch(api.util.resetApiState());
  });

  it("reads the customer's orders again once the driver delivers, to show the lines refused at the door", async () => {
    server.seed({
      user: makeUser(),
      userOrders: [makeOrder({ _id: 'order-1', fulfilment: 'out_for_delivery' })],
    });
    const store = server.createStore();
    const subscription = store.dispatch(api.endpoints.listUserOrders.initiate());
    await subscription;
    const delivered = makeOrder({
      _id: 'order-1',
      status: 'Completed',
      fulfilment: 'delivered',
      amount: 3.99,
    });
    delivered.items[0] = { ...delivered.items[0], refused: true };
    server.seed({ userOrders: [delivered] });

    store.dispatch(
      applyOrderEvent('customer', event({ status: 'Completed', fulfilment: 'delivered', amount: 3.99 })),
    );
    await waitFor(() =>
      expect(api.endpoints.listUserOrders.select()(store.getState()).data?.orders[0].items[0].refused).toBe(
        true,
      ),
    );
    expect(server.sent('GET', '/api/order/user')).toHaveLength(2);
    subscription.unsubscribe();
    store.dispatch(api.util.resetApiState());
  });

  it('marks a paid order the event cancels refund due, and reads the list again when a cancelled order is paid', async () => {
    server.seed({
      seller: true,
      sellerOrders: [
        makeSellerOrder({ _id: 'order-1', paymentType: 'Online', isPaid: true }),
        makeSellerOrder({ _id: 'order-2', paymentType: 'Online', status: 'Cancelled' }),
      ],
    });
    const store = server.createStore();
    const subscription = store.dispatch(api.endpoints.listSellerOrders.initiate({}));
    await subscription;
    const orders = () => api.endpoints.listSellerOrders.select({})(store.getState()).data?.orders ?? [];

    store.dispatch(applyOrderEvent('seller', event({ id: 'order-1' })));
    expect(orders()[0]).toMatchObject({ status: 'Cancelled', isPaid: true, refundDue: true });
    await roundTrip(store);
    expect(server.sent('GET', '/api/order/seller')).toHaveLength(1);

    // Stripe's payment for the cancelled order-2 arrives: the event says only "Cancelled" again.
    server.seed({
      sellerOrders: [
        makeSellerOrder({
          _id: 'order-1',
          paymentType: 'Online',
          isPaid: true,
          status: 'Cancelled',
          refundDue: true,
        }),
        makeSellerOrder({
          _id: 'order-2',
          paymentType: 'Online',
          status: 'Cancelled',
          isPaid: true,
          refundDue: true,
        }),
      ],
    });
    store.dispatch(applyOrderEvent('seller', event({ id: 'order-2' })));
    await waitFor(() => expect(orders()[1]).toMatchObject({ isPaid: true, refundDue: true }));
    expect(server.sent('GET', '/api/order/seller')).toHaveLength(2);
    subscription.unsubscribe();
    store.dispatch(api.util.resetApiState());
  });
});
