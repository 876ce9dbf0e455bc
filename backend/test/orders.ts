/**
 * An order's life over HTTP for the API tests: placing one at the totals the basket shows, and the floor's and the
 * money's steps, each as the pages send it.
 *
 *   const orders = orderSteps(t, { seller: ownerCookie });
 *   const id = await orders.place(customer, [[bread, 2], [wine, 1]], { ageConfirmed: true });
 *   await orders.deliver(id, { cash: 20 });             // picked in full, out for delivery, delivered
 *   await orders.refund(id, { amount: 1.5, method: 'cash', reason: 'Bruised' });
 *
 * The totals are worked out only by shared-domain's own pricing (priceBasket), from the products as stored, the
 * shipping settings and the running promotions the API answers: a test never does VAT or deal arithmetic of its
 * own. Every step answers the response for tests that look at it; a step that is meant to succeed fails the test
 * with the server's answer when it does not.
 */
import request from 'supertest';
import { inArray } from 'drizzle-orm';
import {
  DELIVERY_SLOTS,
  type OrderTotals,
  penceToPounds,
  poundsToPence,
  priceBasket,
  promotionRules,
  type PromotionAnswer,
  selectableDeliveryDate,
} from '@larder/shared-domain';
import { products } from '../src/db/schema';
import { Clock } from '../src/common/clock';
import type { TestApp } from './harness';
import { signedEvent } from './stripe-stand-in';

/** A signed-in customer with a saved address. */
export interface Shopper {
  cookie: string;
  addressId: string;
}

/** Lines as [product id, quantity]. */
export type Lines = ReadonlyArray<readonly [string, number]>;

export interface PlaceOptions {
  /** The delivery slot's time (the first slot by default) and date (the one on offer at the app's clock). */
  slot?: string;
  date?: string;
  ageConfirmed?: boolean;
  idempotencyKey?: string;
  /** Posted figures in place of the basket's (pounds): a client that shows stale totals. */
  totals?: Partial<{ amount: number; totalVat: number; shippingCharge: number }>;
  /** Other fields of the body (`allowSubstitutes` per line goes in `items`). */
  body?: Record<string, unknown>;
  /** Line fields beyond product and quantity, by product id. */
  lineFields?: Record<string, Record<string, unknown>>;
}

/** What the driver records at the door; money in pounds. */
export interface DoorOutcome {
  cash?: number;
  card?: number;
  /** Lines refused at the door, by product id. */
  refused?: readonly string[];
  idCheck?: 'passed' | 'failed';
}

/** A line as picked: units found and any substitute. */
export interface PickedLine {
  product: string;
  picked: number;
  substitute?: { product: string; quantity: number };
}

export interface OrderStepsOptions {
  /** The cookie the seller's steps are taken with (the owner's, unless a step names a member). */
  seller: string;
  /** The driver's cookie for dispatching and the door (the seller's by default). */
  driver?: string;
}

/** The basket's totals in pounds, as the cart page shows and posts them. */
export interface BasketTotals {
  amount: number;
  totalVat: number;
  shippingCharge: number;
  goods: number;
}

function toPounds(totals: OrderTotals): BasketTotals {
  return {
    amount: penceToPounds(totals.amount),
    totalVat: penceToPounds(totals.vat),
    shippingCharge: penceToPounds(totals.shipping),
    goods: penceToPounds(totals.goods),
  };
}

/** An order as the seller's list answers it (the fields the steps read). */
interface SellerOrder {
  _id: string;
  fulfilment: string;
  items: { product: string; quantity: number }[];
  [field: string]: unknown;
}

function expectStatus(res: request.Response, status: number, what: string): request.Response {
  if (res.status !== status)
    throw new Error(`${what} answered ${res.status} (expected ${status}): ${JSON.stringify(res.body)}`);
  return res;
}

export function orderSteps(t: Pick<TestApp, 'server' | 'db' | 'app'>, options: OrderStepsOptions) {
  const driver = () => options.driver ?? options.seller;
  const now = () => t.app.get(Clock).now();

  /** The basket's totals for these lines, priced as the shop prices them now. */
  async function totals(lines: Lines): Promise<BasketTotals> {
    const ids = [...new Set(lines.map(([id]) => id))];
    const rows = ids.length
      ? await t.db
          .select({ id: products.id, offerPrice: products.offerPrice, vat: products.vatBasisPoints })
          .from(products)
          .where(inArray(products.id, ids))
      : [];
    const byId = new Map(rows.map((r) => [r.id, r]));
    const shipping = expectStatus(await request(t.server).get('/api/settings/shipping'), 200, 'shipping');
    const running = expectStatus(await request(t.server).get('/api/promotions'), 200, 'promotions');
    const priced = priceBasket(
      lines.map(([id, quantity]) => {
        const product = byId.get(id);
        return {
          product: id,
          quantity,
          offerPrice: product?.offerPrice ?? 0,
          vatBasisPoints: product?.vat ?? 0,
        };
      }),
      {
        shippingCharge: poundsToPence(shipping.body.shippingCharge)!,
        shippingThreshold: poundsToPence(shipping.body.shippingThreshold)!,
      },
      promotionRules(running.body.promotions as PromotionAnswer[]),
    );
    return toPounds(priced);
  }

  /** The body of a checkout for these lines at the basket's totals. */
  async function checkoutBody(shopper: Shopper, lines: Lines, o: PlaceOptions = {}) {
    const basket = await totals(lines);
    return {
      items: lines.map(([product, quantity]) => ({ product, quantity, ...o.lineFields?.[product] })),
      address: shopper.addressId,
      amount: basket.amount,
      totalVat: basket.totalVat,
      shippingCharge: basket.shippingCharge,
      ...o.totals,
      ...(o.ageConfirmed !== undefined && { ageConfirmed: o.ageConfirmed }),
      deliverySlot: { date: o.date ?? selectableDeliveryDate(now()), time: o.slot ?? DELIVERY_SLOTS[0] },
      ...o.body,
    };
  }

  /** POST /api/order/cod (or /stripe) for these lines; the answer, whatever it is. */
  async function placeRequest(
    shopper: Shopper,
    lines: Lines,
    o: PlaceOptions & { payment?: 'cod' | 'stripe' } = {},
  ): Promise<request.Response> {
    const req = request(t.server)
      .post(`/api/order/${o.payment ?? 'cod'}`)
      .set('Cookie', shopper.cookie);
    if (o.idempotencyKey) req.set('Idempotency-Key', o.idempotencyKey);
    return req.send(await checkoutBody(shopper, lines, o));
  }

  /** Places a cash-on-delivery order at the basket's totals; its id. */
  async function place(shopper: Shopper, lines: Lines, o: PlaceOptions = {}): Promise<string> {
    const res = expectStatus(await placeRequest(shopper, lines, o), 201, 'placing the order');
    return res.body.orderId as string;
  }

  /** PUT /api/order/{id}/fulfilment; the answer, whatever it is. */
  function stage(id: string, body: Record<string, unknown>, cookie = options.seller, key?: string) {
    const req = request(t.server).put(`/api/order/${id}/fulfilment`).set('Cookie', cookie);
    if (key) req.set('Idempotency-Key', key);
    return req.send(body);
  }

  /** The order as the seller's list answers it. */
  async function sellerView(id: string) {
    for (let page = 1; ; page++) {
      const res = expectStatus(
        await request(t.server).get(`/api/order/seller?limit=100&page=${page}`).set('Cookie', options.seller),
        200,
        'the seller orders',
      );
      const found = (res.body.orders as SellerOrder[]).find((o) => o._id === id);
      if (found) return found;
      if (page >= res.body.totalPages) throw new Error(`order ${id} is not in the seller's list`);
    }
  }

  async function startPicking(id: string, cookie = options.seller): Promise<request.Response> {
    return expectStatus(await stage(id, { stage: 'picking' }, cookie), 200, 'start picking');
  }

  /** Records the pick (every line found in full unless `lines` says otherwise); starts picking first if needed. */
  async function pick(id: string, lines?: readonly PickedLine[], cookie = options.seller) {
    const order = await sellerView(id);
    if (order.fulfilment === 'placed') await startPicking(id, cookie);
    const picked = lines ?? order.items.map((i) => ({ product: i.product, picked: i.quantity }));
    return expectStatus(await stage(id, { stage: 'picked', lines: picked }, cookie), 200, 'picked');
  }

  async function dispatch(id: string, cookie = driver()) {
    return expectStatus(await stage(id, { stage: 'out_for_delivery' }, cookie), 200, 'out for delivery');
  }

  /** The door's outcome as the driver's page sends it; the answer, whatever it is. */
  function door(id: string, outcome: DoorOutcome = {}, cookie = driver(), key?: string) {
    return stage(
      id,
      {
        stage: 'delivered',
        ...((outcome.cash !== undefined || outcome.card !== undefined) && {
          collected: { cash: outcome.cash ?? 0, card: outcome.card ?? 0 },
        }),
        ...(outcome.refused && { lines: outcome.refused.map((product) => ({ product, refused: true })) }),
        ...(outcome.idCheck && { idCheck: outcome.idCheck }),
      },
      cookie,
      key,
    );
  }

  /** Picks in full (unless picked already), sends out and delivers with the outcome; the delivered order. */
  async function deliver(id: string, outcome: DoorOutcome = {}) {
    const order = await sellerView(id);
    if (order.fulfilment === 'placed' || order.fulfilment === 'picking') await pick(id);
    if ((await sellerView(id)).fulfilment === 'picked') await dispatch(id);
    return expectStatus(await door(id, outcome), 200, 'delivered');
  }

  /** POST /api/order/{id}/refunds; the answer, whatever it is. */
  function refundRequest(
    id: string,
    body: { amount: number; method: string; reason: string; reference?: string; lines?: unknown[] },
    cookie = options.seller,
  ) {
    return request(t.server).post(`/api/order/${id}/refunds`).set('Cookie', cookie).send(body);
  }

  async function refund(id: string, body: Parameters<typeof refundRequest>[1], cookie = options.seller) {
    return expectStatus(await refundRequest(id, body, cookie), 201, 'the refund');
  }

  /**
   * Starts a card payment (the app must run with the Stripe stand-in, test/stripe-stand-in.ts) and reports it paid
   * as Stripe's signed webhook does; the order's id.
   */
  async function placePaidByCard(shopper: Shopper, lines: Lines, o: PlaceOptions = {}): Promise<string> {
    const res = expectStatus(
      await placeRequest(shopper, lines, { ...o, payment: 'stripe' }),
      201,
      'starting a card payment',
    );
    const sessionId = String(res.body.url).split('/').pop();
    const { payload, signature } = signedEvent('checkout.session.completed', {
      id: sessionId,
      object: 'checkout.session',
      payment_status: 'paid',
      client_reference_id: res.body.orderId,
    });
    expectStatus(
      await request(t.server)
        .post('/api/order/stripe/webhook')
        .set('Content-Type', 'application/json; charset=utf-8')
        .set('Stripe-Signature', signature)
        .send(payload),
      200,
      'the payment report',
    );
    return res.body.orderId as string;
  }

  return {
    totals,
    checkoutBody,
    placeRequest,
    place,
    stage,
    sellerView,
    startPicking,
    pick,
    dispatch,
    door,
    deliver,
    refundRequest,
    refund,
    placePaidByCard,
  };
}

export type OrderSteps = ReturnType<typeof orderSteps>;
