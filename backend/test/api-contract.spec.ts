/**
 * The API answers what its contract (backend/openapi.json) says, and every error answer carries its stable code.
 *
 * A broad walk through the shop's calls, as a shopper and the seller make them, with every answer checked against
 * the contract (./contract-check.ts): status declared, media type declared, body accepted by the schema. The same
 * check runs over the whole backend suite when CHECK_API_CONTRACT=1 is set.
 */
import fs from 'node:fs';
import sharp from 'sharp';
import request from 'supertest';
import {
  DELIVERY_SLOTS,
  ERROR_CODES,
  MESSAGES,
  SEARCH_MAX_LENGTH,
  selectableDeliveryDate,
  type ErrorCode,
} from '@larder/shared-domain';
import { Clock } from '../src/common/clock';
import { createProduct, createTestApp, type TestApp } from './harness';
import { signInCustomerWithAddress, signInSeller } from './auth-helpers';
import { Contract, CONTRACT_FILE, describeViolations } from './contract-check';
import { ADDRESS, FREE_SHIPPING, settings } from './fixtures';

/** Monday 23 November 2026, 10:00 London. */
const NOW = new Date('2026-11-23T10:00:00Z');
const DATE = selectableDeliveryDate(NOW);

let t: TestApp;
let seller: string;
let shopper: { cookie: string; addressId: string };

beforeAll(async () => {
  t = await createTestApp({ addressThrottleLimit: 3 }, { checkContract: true });
  t.app.get(Clock).now = () => NOW;
  seller = await signInSeller(t);
  await settings(t, seller, 'shipping', FREE_SHIPPING);
  shopper = await signInCustomerWithAddress(t, { email: 'contract@example.com' }, ADDRESS);
});

afterAll(async () => {
  await t?.close();
});

/** The error answer's shape, with its code. */
function expectError(res: request.Response, status: number, code: ErrorCode) {
  expect({ status: res.status, code: res.body.code }).toEqual({ status, code });
  expect(res.body).toMatchObject({ success: false, message: expect.any(String) });
  expect(res.headers['content-type']).toMatch(/^application\/json/);
}

/** A COD order of £1.00 units (0% VAT, free shipping) in the first slot of DATE. */
function order(lines: Array<[string, number]>, extra: object = {}) {
  const units = lines.reduce((sum, [, q]) => sum + q, 0);
  return request(t.server)
    .post('/api/order/cod')
    .set('Cookie', shopper.cookie)
    .send({
      items: lines.map(([product, quantity]) => ({ product, quantity, vat: 0 })),
      address: shopper.addressId,
      paymentType: 'COD',
      amount: units,
      shippingCharge: 0,
      totalVat: 0,
      deliverySlot: { date: DATE, time: DELIVERY_SLOTS[0] },
      ...extra,
    });
}

const pound = (partial: Parameters<typeof createProduct>[1] = {}) =>
  createProduct(t, { price: 100, offerPrice: 100, vatBasisPoints: 0, ...partial });

describe('the contract', () => {
  it('lists every code in the ErrorResponse schema', () => {
    const document = JSON.parse(fs.readFileSync(CONTRACT_FILE, 'utf8'));
    const { ErrorResponse, ErrorCode } = document.components.schemas;
    expect(ErrorResponse.required).toContain('code');
    expect(JSON.stringify(ErrorResponse.properties.code)).toContain('"#/components/schemas/ErrorCode"');
    expect([...ErrorCode.enum].sort()).toEqual(Object.values(ERROR_CODES).sort());
  });

  it('is broken by an answer whose field is null where the contract says an object', () => {
    const contract = Contract.load();
    const problems = contract.check(
      'GET',
      '/api/order/user',
      200,
      'application/json',
      Buffer.from(JSON.stringify({ success: true, orders: null })),
    );
    expect(problems?.length).toBeGreaterThan(0);
    const undeclared = contract.check('GET', '/api/order/user', 418, 'application/json', Buffer.from('{}'));
    expect(undeclared).toBeDefined();
    expect(describeViolations(undeclared!)).toMatch(/GET \/api\/order\/user 418/);
  });
});

describe('the catalogue and the shopper', () => {
  it('answers the catalogue, search, delivery and settings as the contract says', async () => {
    await pound({ name: 'Contract Carrots' });
    await pound({ name: 'Contract Cheddar', stock: 4, maxPerOrder: 2 });
    await request(t.server).get('/api/product/list').expect(200);
    await request(t.server).get('/api/product/search?q=carrots').expect(200);
    expectError(
      await request(t.server).get(`/api/product/search?q=${'a'.repeat(SEARCH_MAX_LENGTH + 1)}`),
      400,
      ERROR_CODES.VALIDATION_FAILED,
    );
    await request(t.server).get('/api/delivery/slots').expect(200);
    await request(t.server).get('/api/delivery/check?postcode=BS1%204DJ').expect(200);
    await request(t.server).get('/api/settings/shipping').expect(200);
    await request(t.server).get('/api/settings/delivery-area').expect(200);
    await request(t.server).get('/api/auth/config').expect(200);
    await request(t.server).get('/api/health').expect(200);
  });

  it("answers the shopper's account, cart and orders", async () => {
    const cookie = shopper.cookie;
    await request(t.server).get('/api/user/is-auth').set('Cookie', cookie).expect(200);
    await request(t.server).get('/api/user/profile').set('Cookie', cookie).expect(200);
    await request(t.server).get('/api/user/export').set('Cookie', cookie).expect(200);
    await request(t.server)
      .put('/api/user/update-phone')
      .set('Cookie', cookie)
      .send({ phone: '07700 900456' })
      .expect(200);
    const carrots = await pound({ stock: 10 });
    await request(t.server)
      .post('/api/cart/update')
      .set('Cookie', cookie)
      .send({ cartItems: { [carrots]: 2 } })
      .expect(200);
    const placed = await order([[carrots, 2]]).expect(201);
    await request(t.server).get('/api/order/user').set('Cookie', cookie).expect(200);
    await request(t.server)
      .put(`/api/order/${placed.body.orderId}/cancel`)
      .set('Cookie', cookie)
      .send()
      .expect(200);
    await request(t.server).get('/api/order/user').set('Cookie', cookie).expect(200);
  });
});

describe('the seller', () => {
  it("answers the seller's lists, settings, products and the run sheet", async () => {
    const jpeg = await sharp({ create: { width: 600, height: 400, channels: 3, background: '#c84' } })
      .jpeg()
      .toBuffer();
    const added = await request(t.server)
      .post('/api/product/add')
      .set('Cookie', seller)
      .field(
        'productData',
        JSON.stringify({
          name: 'Contract Leeks',
          description: ['British grown'],
          category: 'Vegetables',
          price: 1.2,
          offerPrice: 0.99,
          vat: 0,
        }),
      )
      .attach('images', jpeg, 'leeks.jpg')
      .expect(201);
    const id = added.body.product._id as string;
    await request(t.server)
      .post('/api/product/stock')
      .set('Cookie', seller)
      .send({ id, stock: 5 })
      .expect(200);
    const placed = await order([[id, 1]], { amount: 0.99 }).expect(201);
    const orderId = placed.body.orderId as string;
    for (const path of [
      '/api/seller/is-auth',
      '/api/seller/summary',
      '/api/seller/two-factor',
      '/api/order/seller',
      `/api/seller/picking?date=${DATE}`,
      '/api/settings/delivery',
      '/api/settings/orders',
      '/api/contact',
      '/api/newsletter',
    ]) {
      await request(t.server).get(path).set('Cookie', seller).expect(200);
    }
    const sheet = await request(t.server)
      .get(`/api/seller/run-sheet?date=${DATE}&time=${encodeURIComponent(DELIVERY_SLOTS[0])}`)
      .set('Cookie', seller)
      .expect(200);
    expect(sheet.headers['content-type']).toMatch(/^text\/csv/);
    // The CSV route's refusals are JSON.
    expectError(
      await request(t.server).get('/api/seller/run-sheet?date=tomorrow').set('Cookie', seller),
      400,
      ERROR_CODES.VALIDATION_FAILED,
    );
    await request(t.server)
      .put(`/api/order/${orderId}/fulfilment`)
      .set('Cookie', seller)
      .send({ stage: 'picking' })
      .expect(200);
    await request(t.server)
      .put(`/api/order/${orderId}/status`)
      .set('Cookie', seller)
      .send({ status: 'Completed' })
      .expect(200);
    await request(t.server)
      .put(`/api/product/${id}`)
      .set('Cookie', seller)
      .field('productData', '{}')
      .expect(200);
    await request(t.server).delete(`/api/product/${id}`).set('Cookie', seller).expect(200);
    await request(t.server).post('/api/contact').send({
      name: 'Tom',
      email: 'tom@example.com',
      message: 'Hello',
    });
    await request(t.server).post('/api/newsletter').send({ email: 'ada@example.com' }).expect(201);
  });
});

describe('every error answer carries its code', () => {
  it('VALIDATION_FAILED names the field refused; INVALID_JSON for a body that is not JSON', async () => {
    const res = await request(t.server)
      .put('/api/user/add-address')
      .set('Cookie', shopper.cookie)
      .send({ address: { ...ADDRESS, city: 42 } });
    expectError(res, 400, ERROR_CODES.VALIDATION_FAILED);
    expect(res.body.field).toBe('address.city');
    expectError(
      await request(t.server).post('/api/contact').set('Content-Type', 'application/json').send('{"name": '),
      400,
      ERROR_CODES.INVALID_JSON,
    );
  });

  it('a broken address, refused before any route, and an over-long one', async () => {
    expectError(
      await request(t.server).delete('/api/product/%E0%A4%A').set('Cookie', seller),
      400,
      ERROR_CODES.VALIDATION_FAILED,
    );
    expectError(
      await request(t.server)
        .delete(`/api/product/${'a'.repeat(300)}`)
        .set('Cookie', seller),
      414,
      ERROR_CODES.URL_TOO_LONG,
    );
  });

  it('NOT_SIGNED_IN, NOT_FOUND, ORIGIN_NOT_ALLOWED and TOO_MANY_REQUESTS', async () => {
    expectError(await request(t.server).get('/api/user/profile'), 401, ERROR_CODES.NOT_SIGNED_IN);
    expectError(
      await request(t.server).get('/api/order/seller').set('Cookie', shopper.cookie),
      401,
      ERROR_CODES.NOT_SIGNED_IN,
    );
    expectError(
      await request(t.server)
        .put('/api/order/00000000-0000-4000-8000-000000000000/cancel')
        .set('Cookie', shopper.cookie)
        .send(),
      404,
      ERROR_CODES.NOT_FOUND,
    );
    expectError(
      await request(t.server)
        .post('/api/cart/update')
        .set('Cookie', shopper.cookie)
        .set('Origin', 'https://elsewhere.example')
        .set('Sec-Fetch-Site', 'cross-site')
        .send({ cartItems: {} }),
      403,
      ERROR_CODES.ORIGIN_NOT_ALLOWED,
    );
    const { cookie } = await signInCustomerWithAddress(t, { email: 'many-addresses@example.com' }, ADDRESS);
    const statuses: number[] = [];
    let last: request.Response | undefined;
    for (let i = 0; i < 4; i++) {
      last = await request(t.server)
        .put('/api/user/add-address')
        .set('Cookie', cookie)
        .send({ address: { ...ADDRESS, street: `${i + 1} Quay Street` } });
      statuses.push(last.status);
    }
    expect(statuses.at(-1)).toBe(429);
    expectError(last!, 429, ERROR_CODES.TOO_MANY_REQUESTS);
  });

  it('OUT_OF_STOCK, PER_ORDER_LIMIT, SLOT_FULL and AGE_CONFIRMATION_REQUIRED at checkout', async () => {
    const few = await pound({ stock: 1 });
    const limited = await pound({ maxPerOrder: 2 });
    const wine = await pound({ ageRestricted: true });
    expectError(await order([[few, 2]]), 409, ERROR_CODES.OUT_OF_STOCK);
    expectError(await order([[limited, 3]]), 409, ERROR_CODES.PER_ORDER_LIMIT);
    expectError(await order([[wine, 1]]), 400, ERROR_CODES.AGE_CONFIRMATION_REQUIRED);
    expectError(
      await request(t.server)
        .post('/api/cart/update')
        .set('Cookie', shopper.cookie)
        .send({ cartItems: { [limited]: 3 } }),
      409,
      ERROR_CODES.PER_ORDER_LIMIT,
    );
    await request(t.server)
      .post('/api/settings/delivery')
      .set('Cookie', seller)
      .send({ slotCapacity: 1 })
      .expect(200);
    const other = await signInCustomerWithAddress(t, { email: 'slot-taker@example.com' }, ADDRESS);
    const plenty = await pound();
    const first = await request(t.server)
      .post('/api/order/cod')
      .set('Cookie', other.cookie)
      .send({
        items: [{ product: plenty, quantity: 1, vat: 0 }],
        address: other.addressId,
        paymentType: 'COD',
        amount: 1,
        shippingCharge: 0,
        totalVat: 0,
        deliverySlot: { date: DATE, time: DELIVERY_SLOTS[1] },
      });
    expect(first.status).toBe(201);
    const full = await order([[plenty, 1]], { deliverySlot: { date: DATE, time: DELIVERY_SLOTS[1] } });
    expectError(full, 409, ERROR_CODES.SLOT_FULL);
    expect(full.body.message).toBe(MESSAGES.slotFull);
  });
});

describe('after the walk', () => {
  it('no answer broke the contract', () => {
    expect(describeViolations(t.contractViolations())).toBe('');
  });
});
