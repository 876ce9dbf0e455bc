import request from 'supertest';
import { sql } from 'drizzle-orm';
import { CallHandler, ExecutionContext, Injectable, Module, NestInterceptor } from '@nestjs/common';
import { APP_INTERCEPTOR } from '@nestjs/core';
import type { FastifyRequest } from 'fastify';
import type { Observable } from 'rxjs';
import { DELIVERY_SLOTS, MESSAGES } from '@larder/shared-domain';
import { createProduct, createTestApp, TestApp } from '../../test/harness';
import { signInCustomerWithAddress } from '../../test/auth-helpers';
import { ThrottlerGuard } from '@nestjs/throttler';
import { GUARDS_METADATA } from '@nestjs/common/constants';
import { Clock } from '../common/clock';
import { CustomerAuthGuard } from '../session/session.guards';
import { FASTIFY_ROUTE_CONFIG_METADATA } from '@nestjs/platform-fastify/constants';
import { routeGuards } from './checkout-fast-path';
import { CheckoutController } from './checkout.controller';

/** Monday 23 November 2026, 10:00 in London: the selectable delivery date is Tuesday the 24th. */
const MONDAY_10AM = new Date('2026-11-23T10:00:00Z');
const TUESDAY = '2026-11-24';
const ORDER_LIMIT = 17;
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

/** The requests that reached Nest's route pipeline (a global interceptor runs for every Nest handler). */
const reachedNest: string[] = [];

@Injectable()
class RecordNestRoutes implements NestInterceptor {
  intercept(context: ExecutionContext, next: CallHandler): Observable<unknown> {
    const req = context.switchToHttp().getRequest<FastifyRequest>();
    reachedNest.push(`${req.method} ${req.url}`);
    return next.handle();
  }
}

@Module({ providers: [{ provide: APP_INTERCEPTOR, useClass: RecordNestRoutes }] })
class RecordNestRoutesModule {}

interface Shop {
  t: TestApp;
  /** Five in stock at £2.50, 20% VAT. */
  product: string;
  customer: { cookie: string; addressId: string };
}

/** What a client sees of an answer: status, body (the order id as its shape) and the headers that matter. */
function seen(res: request.Response) {
  const body = { ...(res.body as Record<string, unknown>) };
  if (typeof body.orderId === 'string' && UUID.test(body.orderId)) body.orderId = '<uuid>';
  const headers = Object.fromEntries(
    Object.entries(res.headers)
      .filter(([name]) =>
        /^(content-type|cache-control|vary|retry-after|x-ratelimit-|x-content-type|x-frame|referrer)/.test(
          name,
        ),
      )
      // The seconds left in the limit's window move with the wall clock: that there are some is what compares.
      .map(([name, value]) => [
        name,
        /^(x-ratelimit-reset-|retry-after$)/.test(name) && /^\d+$/.test(String(value)) ? '<seconds>' : value,
      ]),
  );
  return { status: res.status, body, headers };
}

describe('placing a COD order outside Nest’s route pipeline (checkout-fast-path)', () => {
  let fast: Shop;
  let nest: Shop;

  async function open(checkoutFastPath: boolean): Promise<Shop> {
    const t = await createTestApp(
      { orderThrottleLimit: ORDER_LIMIT, orderThrottleTtlMs: 60_000 },
      { checkoutFastPath, imports: [RecordNestRoutesModule] },
    );
    t.app.get(Clock).now = () => MONDAY_10AM;
    const product = await createProduct(t, {
      name: 'Sourdough',
      offerPrice: 250,
      price: 250,
      vatBasisPoints: 2000,
      stock: 5,
    });
    const customer = await signInCustomerWithAddress(
      t,
      { email: 'fast@example.com', firstName: 'Fay', lastName: 'Path', phone: '07700 900456' },
      {
        street: '1 Quay St',
        city: 'Bristol',
        state: 'Avon',
        postalCode: 'BS1 4DJ',
        country: 'United Kingdom',
      },
    );
    return { t, product, customer };
  }

  beforeAll(async () => {
    fast = await open(true);
    nest = await open(false);
  });
  afterAll(async () => {
    await fast?.t.close();
    await nest?.t.close();
  });

  /** Two loaves: £5.00 + £1.00 VAT + £3.99 delivery. */
  const order = (shop: Shop, changes: Record<string, unknown> = {}) => ({
    items: [{ product: shop.product, quantity: 2, vat: 20 }],
    address: shop.customer.addressId,
    paymentType: 'COD',
    amount: 9.99,
    shippingCharge: 3.99,
    totalVat: 1,
    deliverySlot: { date: TUESDAY, time: DELIVERY_SLOTS[0] },
    ...changes,
  });

  /** The same requests, in the same order, to a shop: what each answered. */
  async function journey(shop: Shop) {
    const post = (
      body: object,
      { cookie = shop.customer.cookie, key }: { cookie?: string; key?: string } = {},
    ) => {
      const req = request(shop.t.server).post('/api/order/cod');
      if (cookie) req.set('Cookie', cookie);
      if (key !== undefined) req.set('Idempotency-Key', key);
      return req.send(body);
    };
    const answers: Record<string, ReturnType<typeof seen>> = {};
    answers.signedOut = seen(await post(order(shop), { cookie: '' }));
    const placed = await post(order(shop), { key: 'first-try' });
    answers.placed = seen(placed);
    const replay = await post(order(shop), { key: 'first-try' });
    answers.replay = seen(replay);
    answers.replaySameOrder = {
      status: 0,
      body: { same: replay.body.orderId === placed.body.orderId },
      headers: {},
    };
    answers.badKey = seen(await post(order(shop), { key: 'has spaces' }));
    answers.totalsChanged = seen(await post(order(shop, { amount: 9.5 })));
    answers.notEnough = seen(
      await post(
        order(shop, { items: [{ product: shop.product, quantity: 4 }], amount: 15.99, totalVat: 2 }),
      ),
    );
    answers.dateGone = seen(
      await post(order(shop, { deliverySlot: { date: '2026-11-30', time: DELIVERY_SLOTS[0] } })),
    );
    answers.notTheirAddress = seen(
      await post(order(shop, { address: '00000000-0000-4000-8000-000000000000' })),
    );
    answers.unknownProduct = seen(
      await post(order(shop, { items: [{ product: '00000000-0000-4000-8000-000000000001', quantity: 1 }] })),
    );
    answers.badQuantity = seen(await post(order(shop, { items: [{ product: shop.product, quantity: 0 }] })));
    answers.unknownField = seen(await post(order(shop, { coupon: 'FREE' })));
    answers.unknownTime = seen(
      await post(order(shop, { deliverySlot: { date: TUESDAY, time: '23:00 - 24:00' } })),
    );
    answers.noSlot = seen(await post(order(shop, { deliverySlot: undefined })));
    answers.badAddressId = seen(await post(order(shop, { address: 'home' })));
    answers.threeDecimals = seen(await post(order(shop, { amount: 9.999 })));
    // The decorators trim a padded date: taken by them rather than by the schema, and refused only for its total.
    answers.paddedDate = seen(
      await post(order(shop, { amount: 1, deliverySlot: { date: ` ${TUESDAY} `, time: DELIVERY_SLOTS[0] } })),
    );
    // Every request above but the signed-out one counted against the customer's limit, however it was answered.
    const upToLimit: number[] = [];
    for (let i = 0; i < ORDER_LIMIT; i += 1) upToLimit.push((await post(order(shop, { amount: 1 }))).status);
    answers.limit = { status: 0, body: { statuses: upToLimit }, headers: {} };
    return answers;
  }

  it('answers every case as the Nest route does, and serves valid orders without reaching Nest', async () => {
    reachedNest.length = 0;
    const viaNest = await journey(nest);
    const nestSaw = reachedNest.splice(0);
    const viaFastPath = await journey(fast);
    const fastSaw = reachedNest.splice(0);

    expect(viaFastPath).toEqual(viaNest);
    // The answers are the route's own, not two equal mistakes.
    expect(viaNest.signedOut).toMatchObject({
      status: 401,
      body: { success: false, message: MESSAGES.notAuthorized },
    });
    expect(viaNest.placed).toMatchObject({
      status: 201,
      body: { success: true, message: MESSAGES.orderPlaced, orderId: '<uuid>' },
    });
    expect(viaNest.replaySameOrder.body).toEqual({ same: true });
    expect(viaNest.badKey).toMatchObject({ status: 400, body: { message: MESSAGES.invalidIdempotencyKey } });
    expect(viaNest.totalsChanged).toMatchObject({
      status: 409,
      body: { message: MESSAGES.totalsChanged, amount: 9.99, shippingCharge: 3.99, totalVat: 1, goods: 5 },
    });
    expect(viaNest.notEnough.status).toBe(409);
    expect(viaNest.dateGone).toMatchObject({ status: 409, body: { deliveryDate: TUESDAY } });
    expect(viaNest.notTheirAddress).toMatchObject({
      status: 400,
      body: { message: MESSAGES.addressNotFound },
    });
    expect(viaNest.unknownProduct).toMatchObject({
      status: 409,
      body: { message: MESSAGES.itemUnavailable },
    });
    expect(viaNest.badQuantity).toMatchObject({ status: 400, body: { code: 'VALIDATION_FAILED' } });
    expect(viaNest.unknownField).toMatchObject({ status: 400, body: { code: 'VALIDATION_FAILED' } });
    expect(viaNest.unknownTime).toMatchObject({
      status: 400,
      body: { message: MESSAGES.deliveryTimeInvalid, field: 'deliverySlot.time' },
    });
    expect(viaNest.noSlot).toMatchObject({ status: 400, body: { message: MESSAGES.selectDeliverySlot } });
    expect(viaNest.badAddressId).toMatchObject({ status: 400, body: { message: MESSAGES.selectAddress } });
    expect(viaNest.threeDecimals.status).toBe(400);
    expect(viaNest.paddedDate).toMatchObject({ status: 409, body: { message: MESSAGES.totalsChanged } });
    expect(viaNest.placed.headers['cache-control']).toBe('no-store');
    // The signed-out request is refused before the limit counts; the fifteen after it count, so two more get
    // through (refused for their total), then 429.
    expect(viaNest.limit.body.statuses).toEqual([409, 409, ...Array(ORDER_LIMIT - 2).fill(429)]);

    // Without the fast path every request the guards let through reached Nest's handler pipeline (the 401 and
    // the 429s did not); with it, none did: it refuses what the decorators refuse, with their answer.
    expect(nestSaw).toHaveLength(17);
    expect(fastSaw).toEqual([]);
  });

  it('runs exactly the guards the route declares, in the order Nest runs them', () => {
    const handler = CheckoutController.prototype.placeCodOrder;
    const declared = [
      ...((Reflect.getMetadata(GUARDS_METADATA, CheckoutController) ?? []) as unknown[]),
      ...((Reflect.getMetadata(GUARDS_METADATA, handler) ?? []) as unknown[]),
    ];
    // The route's Fastify config names its controller and handler for the path.
    const marked = Reflect.getMetadata(FASTIFY_ROUTE_CONFIG_METADATA, handler)?.checkoutFastPath;
    expect(marked).toEqual({ controller: CheckoutController, handler });
    expect(routeGuards(marked)).toEqual(declared);
    // The customer's session first (a signed-out request is not counted), then the per-customer limit.
    expect(declared).toEqual([CustomerAuthGuard, ThrottlerGuard]);
  });

  it('stores the same order either way: lines, totals, slot and stock', async () => {
    const stored = async ({ t }: Shop) => {
      const result = await t.db.execute(
        sql.raw(`select o.amount, o.goods, o.total_vat as vat, i.quantity as qty, p.stock,
                        (select booked from delivery_slot_bookings) as booked
                   from orders o join order_items i on i.order_id = o.id join products p on p.id = i.product_id`),
      );
      return (result as unknown as { rows: unknown[] }).rows;
    };
    const viaFastPath = await stored(fast);
    expect(viaFastPath).toEqual(await stored(nest));
    expect(viaFastPath).toEqual([{ amount: 999, goods: 500, vat: 100, qty: 2, stock: 3, booked: 1 }]);
  });
});
