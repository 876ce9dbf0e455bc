import request from 'supertest';
import { ERROR_CODES, MESSAGES } from '@larder/shared-domain';
import { signInCustomer, signInCustomerWithAddress, signInSeller } from '../../test/auth-helpers';
import { createProduct, createTestApp, TestApp } from '../../test/harness';
import { ADDRESS } from '../../test/fixtures';
import { Clock } from '../common/clock';
import { orderSteps } from '../../test/orders';

/** Monday 23 November 2026, 10:00 in London: delivery on Tuesday the 24th. */
const MONDAY_10AM = new Date('2026-11-23T10:00:00Z');

describe("a customer's data export", () => {
  let t: TestApp;
  let seller: string;
  beforeAll(async () => {
    t = await createTestApp();
    t.app.get(Clock).now = () => MONDAY_10AM;
    seller = await signInSeller(t);
    await request(t.server)
      .post('/api/settings/shipping')
      .set('Cookie', seller)
      .send({ shippingCharge: 3.99, shippingThreshold: 40 })
      .expect(200);
  });
  afterAll(() => t.close());

  it('downloads the profile, addresses, orders with lines, contact messages and newsletter subscription', async () => {
    const { cookie, addressId } = await signInCustomerWithAddress(
      t,
      { email: 'ada@example.com', firstName: 'Ada', lastName: 'Lovelace' },
      ADDRESS,
    );
    const product = await createProduct(t, { name: 'Apples', offerPrice: 200, price: 250 });
    const orderId = await orderSteps(t, { seller }).place({ cookie, addressId }, [[product, 2]], {
      date: '2026-11-24',
      body: { paymentType: 'COD' },
    });
    await request(t.server)
      .post('/api/contact')
      .set('Cookie', cookie)
      .send({
        name: 'Ada Lovelace',
        email: 'ADA@example.com',
        phone: '07700 900456',
        message: 'Do you sell quinces?',
      })
      .expect(201);
    // Signed in, from another address of hers: still hers.
    await request(t.server)
      .post('/api/contact')
      .set('Cookie', cookie)
      .send({ name: 'Ada', email: 'ada.work@example.com', phone: '07700 900456', message: 'And medlars?' })
      .expect(201);
    await request(t.server)
      .post('/api/contact')
      .send({ name: 'Someone', email: 'other@example.com', phone: '07700 900457', message: 'Not Ada' })
      .expect(201);
    // Anyone may type her address into the form: that does not make the message hers.
    await request(t.server)
      .post('/api/contact')
      .send({
        name: 'Not Ada',
        email: 'ada@example.com',
        phone: '07700 900458',
        message: 'Typed her address',
      })
      .expect(201);
    await request(t.server).post('/api/newsletter').send({ email: 'ada@example.com' }).expect(201);

    const res = await request(t.server).get('/api/user/export').set('Cookie', cookie).expect(200);
    expect(res.headers['content-type']).toMatch(/^application\/json/);
    expect(res.headers['content-disposition']).toMatch(
      /^attachment; filename="larder-my-data-\d{4}-\d{2}-\d{2}\.json"$/,
    );
    expect(res.headers['cache-control']).toBe('no-store');
    const data = res.body;
    expect(data.success).toBe(true);
    expect(data.profile).toMatchObject({
      firstName: 'Ada',
      lastName: 'Lovelace',
      email: 'ada@example.com',
      addresses: [
        expect.objectContaining({ _id: addressId, street: '12 Harbour Way', postalCode: 'BS1 4DJ' }),
      ],
    });
    expect(data.orders).toHaveLength(1);
    expect(data.orders[0]).toMatchObject({ _id: orderId, amount: 7.99 });
    expect(data.orders[0].items).toEqual([expect.objectContaining({ quantity: 2 })]);
    expect(data.contactMessages.map((m: { message: string }) => m.message)).toEqual([
      'Do you sell quinces?',
      'And medlars?',
    ]);
    expect(data.newsletterSubscription).toEqual({ email: 'ada@example.com', createdAt: expect.any(String) });
  });

  it('holds nothing of other customers, and null for a customer who never subscribed', async () => {
    const cookie = await signInCustomer(t, { email: 'bob@example.com' });
    const data = (await request(t.server).get('/api/user/export').set('Cookie', cookie).expect(200)).body;
    expect(data.profile.email).toBe('bob@example.com');
    expect(data.orders).toEqual([]);
    expect(data.contactMessages).toEqual([]);
    expect(data.newsletterSubscription).toBeNull();
  });

  it('is for signed-in customers only', async () => {
    const res = await request(t.server).get('/api/user/export').expect(401);
    expect(res.body).toEqual({
      success: false,
      message: MESSAGES.notAuthorized,
      code: ERROR_CODES.NOT_SIGNED_IN,
    });
  });
});
