import request from 'supertest';
import { eq, sql } from 'drizzle-orm';
import { DEFAULT_DELIVERY_AREAS, DELIVERY_SLOTS, MESSAGES } from '@larder/shared-domain';
import { createProduct, createTestApp, TestApp } from '../../test/harness';
import { signInCustomer, signInCustomerWithAddress, signInSeller } from '../../test/auth-helpers';
import { addresses, orders, shopSettings } from '../db/schema';
import { Clock } from '../common/clock';

/** Monday 23 November 2026, 10:00 in London: the selectable delivery date is Tuesday the 24th. */
const MONDAY_10AM = new Date('2026-11-23T10:00:00Z');
const TUESDAY = '2026-11-24';

const BRISTOL = {
  street: '12 Park Street',
  city: 'Bristol',
  state: 'City of Bristol',
  postalCode: 'bs8 1tl',
  country: 'United Kingdom',
};

let t: TestApp;
let seller: string;

beforeAll(async () => {
  t = await createTestApp();
  t.app.get(Clock).now = () => MONDAY_10AM;
  seller = await signInSeller(t);
});

afterAll(async () => {
  await t?.close();
});

const saveAreas = (body: unknown, cookie = seller) =>
  request(t.server)
    .post('/api/settings/delivery-area')
    .set('Cookie', cookie)
    .send(body as object);

async function storedAreas() {
  const [row] = await t.db
    .select({ areas: shopSettings.deliveryAreas })
    .from(shopSettings)
    .where(eq(shopSettings.id, 1));
  return row.areas;
}

describe('the delivery area setting', () => {
  afterEach(async () => {
    await saveAreas({ areas: DEFAULT_DELIVERY_AREAS }).expect(200);
  });

  it('starts at the four cities’ postcode areas, for everyone to read', async () => {
    const res = await request(t.server).get('/api/settings/delivery-area').expect(200);
    expect(res.body).toEqual({
      success: true,
      areas: { Bristol: ['BS'], Cardiff: ['CF'], Somerset: ['BA', 'TA', 'BS'], Swindon: ['SN'] },
    });
  });

  it('lets the seller set areas and districts, stored as Royal Mail writes them', async () => {
    const areas = { Bristol: ['bs8', 'BS1'], Cardiff: [], Somerset: ['BA'], Swindon: ['SN'] };
    const res = await saveAreas({ areas }).expect(200);
    expect(res.body).toEqual({
      success: true,
      message: MESSAGES.deliveryAreasUpdated,
      areas: { Bristol: ['BS8', 'BS1'], Cardiff: [], Somerset: ['BA'], Swindon: ['SN'] },
    });
    expect(await storedAreas()).toEqual({
      Bristol: ['BS8', 'BS1'],
      Cardiff: [],
      Somerset: ['BA'],
      Swindon: ['SN'],
    });
    const read = await request(t.server).get('/api/settings/delivery-area').expect(200);
    expect(read.body.areas.Bristol).toEqual(['BS8', 'BS1']);
  });

  it.each([
    ['a full postcode', { ...DEFAULT_DELIVERY_AREAS, Bristol: ['BS8 1TL'] }],
    ['a code that is not a postcode area', { ...DEFAULT_DELIVERY_AREAS, Bristol: ['12'] }],
    ['a city left out', { Bristol: ['BS'], Cardiff: ['CF'], Somerset: ['BA'] }],
    ['a city the shop does not serve', { ...DEFAULT_DELIVERY_AREAS, London: ['SW'] }],
    ['text in place of a list', { ...DEFAULT_DELIVERY_AREAS, Bristol: 'BS' }],
  ])('refuses %s with a 400 and keeps the areas', async (_name, areas) => {
    const res = await saveAreas({ areas }).expect(400);
    expect(res.body.success).toBe(false);
    expect(typeof res.body.message).toBe('string');
    expect(await storedAreas()).toEqual(DEFAULT_DELIVERY_AREAS);
  });

  it('refuses a missing body with the areas message', async () => {
    const res = await saveAreas({}).expect(400);
    expect(res.body).toMatchObject({ success: false, message: MESSAGES.invalidDeliveryAreas });
  });

  it('lets only the seller change them', async () => {
    const customer = await signInCustomer(t, { email: 'area-shopper@example.com' });
    const areas = { ...DEFAULT_DELIVERY_AREAS, Bristol: ['BS1'] };
    expect((await saveAreas({ areas }, customer)).status).toBe(401);
    expect((await saveAreas({ areas }, '')).status).toBe(401);
    expect(await storedAreas()).toEqual(DEFAULT_DELIVERY_AREAS);
  });
});

describe('GET /api/delivery/check', () => {
  it('answers the city for a postcode inside the area, in any case and spacing', async () => {
    const res = await request(t.server).get('/api/delivery/check').query({ postcode: 'bs81tl' }).expect(200);
    expect(res.body).toEqual({ success: true, delivers: true, postcode: 'BS8 1TL', city: 'Bristol' });
  });

  it('answers false for a postcode outside it', async () => {
    const res = await request(t.server)
      .get('/api/delivery/check')
      .query({ postcode: 'SW1A 1AA' })
      .expect(200);
    expect(res.body).toEqual({ success: true, delivers: false, postcode: 'SW1A 1AA' });
  });

  it.each([['not a postcode'], ['']])('refuses %j with 400', async (postcode) => {
    const res = await request(t.server).get('/api/delivery/check').query({ postcode }).expect(400);
    expect(res.body).toMatchObject({ success: false, message: MESSAGES.invalidPostcode });
  });

  it('refuses a missing postcode with 400', async () => {
    const res = await request(t.server).get('/api/delivery/check').expect(400);
    expect(res.body).toMatchObject({ success: false, message: MESSAGES.invalidPostcode });
  });
});

describe('adding an address', () => {
  let cookie: string;
  beforeAll(async () => {
    cookie = await signInCustomer(t, { email: 'area-address@example.com' });
  });

  const addAddress = (address: object) =>
    request(t.server).put('/api/user/add-address').set('Cookie', cookie).send({ address });

  async function savedPostcodes(): Promise<string[]> {
    const rows = await t.db.select({ postalCode: addresses.postalCode }).from(addresses);
    return rows.map((r) => r.postalCode);
  }

  it('stores the postcode as Royal Mail writes it', async () => {
    const res = await addAddress(BRISTOL).expect(200);
    expect(res.body.newAddress.postalCode).toBe('BS8 1TL');
    expect(await savedPostcodes()).toContain('BS8 1TL');
  });

  it('refuses a London postcode given as a Bristol address, and saves nothing', async () => {
    const before = await savedPostcodes();
    const res = await addAddress({ ...BRISTOL, postalCode: 'sw1a 1aa' }).expect(400);
    expect(res.body).toMatchObject({ success: false, message: 'We do not deliver to SW1A 1AA yet.' });
    expect(await savedPostcodes()).toEqual(before);
  });

  it('refuses a Cardiff postcode given as a Bristol address', async () => {
    const res = await addAddress({ ...BRISTOL, postalCode: 'CF10 1AA' }).expect(400);
    expect(res.body.message).toBe('We do not deliver to CF10 1AA yet.');
  });

  it('refuses a postcode that is not a UK one', async () => {
    const before = await savedPostcodes();
    const res = await addAddress({ ...BRISTOL, postalCode: 'BS8 1T' }).expect(400);
    expect(res.body).toMatchObject({ success: false, message: MESSAGES.invalidPostcode });
    expect(await savedPostcodes()).toEqual(before);
  });
});

describe('checkout after the seller narrowed the area', () => {
  afterAll(async () => {
    await saveAreas({ areas: DEFAULT_DELIVERY_AREAS }).expect(200);
  });

  it('refuses an address saved before that now lies outside, and places nothing', async () => {
    const product = await createProduct(t, { offerPrice: 5000, price: 5000, vatBasisPoints: 0 });
    const customer = await signInCustomerWithAddress(
      t,
      { email: 'area-checkout@example.com', firstName: 'Ada', lastName: 'Outside' },
      { ...BRISTOL, postalCode: 'BS1 4DJ' },
    );
    await saveAreas({ areas: { ...DEFAULT_DELIVERY_AREAS, Bristol: ['BS8'], Somerset: ['BA'] } }).expect(200);
    const res = await request(t.server)
      .post('/api/order/cod')
      .set('Cookie', customer.cookie)
      .send({
        items: [{ product, quantity: 1, vat: 0 }],
        address: customer.addressId,
        paymentType: 'COD',
        amount: 50,
        shippingCharge: 0,
        totalVat: 0,
        deliverySlot: { date: TUESDAY, time: DELIVERY_SLOTS[0] },
      })
      .expect(400);
    expect(res.body).toMatchObject({ success: false, message: 'We do not deliver to BS1 4DJ yet.' });
    const [row] = await t.db.select({ n: sql<number>`count(*)::int` }).from(orders);
    expect(row.n).toBe(0);
  });
});
