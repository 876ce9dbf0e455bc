/**
 * Alcohol under the premises licence (Licensing Act 2003): the licence's details and hours (London time, manager
 * and owner); picking an 18+ product, found or as a substitute, outside the hours is refused 409 naming them, and
 * the Picking answer says so first; a slot outside the hours cannot hold 18+ products; the refusals log lists
 * every failed ID check and every 18+ product refused at the door, as JSON and CSV.
 */
import request from 'supertest';
import { eq } from 'drizzle-orm';
import {
  alcoholHoursMessage,
  DEFAULT_LICENSED_HOURS,
  DELIVERY_SLOTS,
  LICENCE_TEXTS,
  orderReference,
  REFUSAL_REASONS,
  REFUSALS_TEXTS,
} from '@larder/shared-domain';
import { createProduct, createTestApp, TestApp } from '../../test/harness';
import { signInCustomerWithAddress, signInSeller, signInStaff } from '../../test/auth-helpers';
import { ADDRESS, FREE_SHIPPING, settings } from '../../test/fixtures';
import { orderSteps, type OrderSteps, type Shopper } from '../../test/orders';
import { orders, shopSettings } from '../db/schema';
import { Clock } from '../common/clock';

/** Monday 23 November 2026, 10:00 London (GMT): orders are for Tuesday the 24th. */
const MONDAY_MORNING = new Date('2026-11-23T10:00:00Z');
const TUESDAY = '2026-11-24';
let now = MONDAY_MORNING;

let t: TestApp;
let owner: string;
let driver: { id: string; cookie: string };
let picker: { cookie: string };
let steps: OrderSteps;
let shopper: Shopper;
let wine: string;
let beer: string;
let bread: string;

const licence = (body: object, cookie = owner) =>
  request(t.server).post('/api/settings/licence').set('Cookie', cookie).send(body);

beforeAll(async () => {
  t = await createTestApp();
  t.app.get(Clock).now = () => now;
  owner = await signInSeller(t);
  await settings(t, owner, 'shipping', FREE_SHIPPING);
  driver = await signInStaff(t, 'driver', { ownerCookie: owner, name: 'Dee Driver' });
  picker = await signInStaff(t, 'picker', { ownerCookie: owner });
  steps = orderSteps(t, { seller: owner, driver: driver.cookie });
  shopper = await signInCustomerWithAddress(
    t,
    { email: 'licence@example.com', lastName: 'Licence' },
    ADDRESS,
  );
  wine = await createProduct(t, {
    name: 'Red Wine 75cl',
    category: 'Drinks',
    ageRestricted: true,
    price: 800,
    offerPrice: 800,
  });
  beer = await createProduct(t, {
    name: 'Pale Ale 4 x 440ml',
    category: 'Drinks',
    ageRestricted: true,
    price: 600,
    offerPrice: 600,
  });
  bread = await createProduct(t, { name: 'Sourdough Loaf', category: 'Bakery', price: 300, offerPrice: 300 });
});
afterAll(() => t?.close());

beforeEach(async () => {
  now = MONDAY_MORNING;
  await t.db.update(shopSettings).set({ licensedHours: DEFAULT_LICENSED_HOURS });
  // Each test's orders are its own: earlier ones are cancelled so the customer's open orders stay under the limit.
  await t.db.update(orders).set({ status: 'Cancelled' }).where(eq(orders.status, 'Pending'));
});

describe('the licence settings', () => {
  it('default to 08:00-23:00 every day; managers and the owner read and set them; bad hours change nothing', async () => {
    const manager = await signInStaff(t, 'manager', { ownerCookie: owner });
    const read = await request(t.server)
      .get('/api/settings/licence')
      .set('Cookie', manager.cookie)
      .expect(200);
    expect(read.body).toEqual({
      success: true,
      premisesLicence: null,
      supervisor: null,
      hours: DEFAULT_LICENSED_HOURS,
    });
    await request(t.server).get('/api/settings/licence').set('Cookie', picker.cookie).expect(403);
    await licence({ hours: DEFAULT_LICENSED_HOURS }, driver.cookie).expect(403);

    const hours = { ...DEFAULT_LICENSED_HOURS, '7': ['10:00', '22:30'] };
    const saved = await licence(
      { premisesLicence: ' BCC/PL/01234 ', supervisor: 'Sam Patel', hours },
      manager.cookie,
    ).expect(200);
    expect(saved.body).toEqual({
      success: true,
      message: LICENCE_TEXTS.saved,
      premisesLicence: 'BCC/PL/01234',
      supervisor: 'Sam Patel',
      hours,
    });
    for (const bad of [
      { ...hours, '7': ['23:00', '10:00'] },
      { ...hours, '7': ['10:00'] },
      { ...hours, '8': ['10:00', '22:00'] },
      ['08:00', '23:00'],
    ]) {
      const refused = await licence({ premisesLicence: 'X', hours: bad }).expect(400);
      expect(refused.body.message).toBe(LICENCE_TEXTS.hoursInvalid);
    }
    expect((await request(t.server).get('/api/settings/licence').set('Cookie', owner)).body).toMatchObject({
      premisesLicence: 'BCC/PL/01234',
      hours,
    });
  });
});

describe('picking alcohol', () => {
  it('is refused outside the hours (found or as a substitute) and allowed within them; other goods any time', async () => {
    const withWine = await steps.place(
      shopper,
      [
        [wine, 1],
        [bread, 1],
      ],
      { ageConfirmed: true },
    );
    const breadOnly = await steps.place(shopper, [[bread, 2]]);
    const forBeer = await steps.place(shopper, [[bread, 1]], {
      ageConfirmed: true,
      lineFields: { [bread]: { allowSubstitutes: true } },
    });

    // Monday 23:30 London: outside 08:00-23:00.
    now = new Date('2026-11-23T23:30:00Z');
    const day = await request(t.server)
      .get(`/api/seller/picking?date=${TUESDAY}`)
      .set('Cookie', picker.cookie)
      .expect(200);
    expect(day.body.alcohol).toEqual({ allowed: false, message: alcoholHoursMessage(['08:00', '23:00']) });

    await steps.startPicking(withWine, picker.cookie);
    const found = await steps.stage(
      withWine,
      {
        stage: 'picked',
        lines: [
          { product: wine, picked: 1 },
          { product: bread, picked: 1 },
        ],
      },
      picker.cookie,
    );
    expect(found.status).toBe(409);
    expect(found.body.message).toBe(
      "Alcohol can be picked between 08:00 and 23:00 under the shop's licence.",
    );
    expect(found.body.code).toBe('ALCOHOL_OUTSIDE_LICENSED_HOURS');
    expect((await steps.sellerView(withWine)).fulfilment).toBe('picking');

    // The wine left on the shelf: nothing alcoholic is sold, so the pick goes through.
    await steps.pick(breadOnly, undefined, picker.cookie);

    await steps.startPicking(forBeer, picker.cookie);
    const substitute = await steps.stage(
      forBeer,
      { stage: 'picked', lines: [{ product: bread, picked: 0, substitute: { product: beer, quantity: 1 } }] },
      picker.cookie,
    );
    expect(substitute.status).toBe(409);
    expect(substitute.body.message).toBe(alcoholHoursMessage(['08:00', '23:00']));

    // Tuesday 08:00 London: within the hours.
    now = new Date('2026-11-24T08:00:00Z');
    expect(
      (await request(t.server).get(`/api/seller/picking?date=${TUESDAY}`).set('Cookie', picker.cookie)).body
        .alcohol.allowed,
    ).toBe(true);
    await steps.pick(
      withWine,
      [
        { product: wine, picked: 1 },
        { product: bread, picked: 1 },
      ],
      picker.cookie,
    );
    expect((await steps.sellerView(withWine)).fulfilment).toBe('picked');
  });

  it("names the day's own hours", async () => {
    await licence({ hours: { ...DEFAULT_LICENSED_HOURS, '2': ['10:00', '22:00'] } }).expect(200);
    const id = await steps.place(shopper, [[wine, 1]], { ageConfirmed: true });
    now = new Date('2026-11-24T09:30:00Z');
    await steps.startPicking(id, picker.cookie);
    const refused = await steps.stage(
      id,
      { stage: 'picked', lines: [{ product: wine, picked: 1 }] },
      picker.cookie,
    );
    expect(refused.status).toBe(409);
    expect(refused.body.message).toBe(
      "Alcohol can be picked between 10:00 and 22:00 under the shop's licence.",
    );
  });
});

describe('delivery slots and alcohol', () => {
  it('says which slots may hold alcohol; checkout refuses 18+ products for one outside the hours', async () => {
    await licence({ hours: { ...DEFAULT_LICENSED_HOURS, '2': ['12:00', '23:00'] } }).expect(200);
    const slots = await request(t.server).get('/api/delivery/slots').expect(200);
    expect(slots.body.date).toBe(TUESDAY);
    expect(slots.body.slots.map((s: { time: string; alcohol: boolean }) => [s.time, s.alcohol])).toEqual([
      [DELIVERY_SLOTS[0], false],
      [DELIVERY_SLOTS[1], false],
      [DELIVERY_SLOTS[2], true],
    ]);
    const before = (await t.db.select().from(orders)).length;
    const refused = await steps.placeRequest(shopper, [[wine, 1]], {
      ageConfirmed: true,
      slot: DELIVERY_SLOTS[0],
    });
    expect(refused.status).toBe(400);
    expect(refused.body.message).toBe(LICENCE_TEXTS.slotNotLicensed(DELIVERY_SLOTS[0]));
    expect((await t.db.select().from(orders)).length).toBe(before);
    await steps.place(shopper, [[bread, 1]], { slot: DELIVERY_SLOTS[0] });
    await steps.place(shopper, [[wine, 1]], { ageConfirmed: true, slot: DELIVERY_SLOTS[2] });
  });
});

describe('the refusals log', () => {
  it('lists failed ID checks and 18+ products refused at the door, with the driver, as JSON and CSV', async () => {
    const failed = await steps.place(
      shopper,
      [
        [wine, 1],
        [bread, 1],
      ],
      { ageConfirmed: true },
    );
    const refusedBeer = await steps.place(
      shopper,
      [
        [beer, 1],
        [bread, 1],
      ],
      { ageConfirmed: true },
    );
    const refusedBread = await steps.place(
      shopper,
      [
        [bread, 2],
        [wine, 1],
      ],
      { ageConfirmed: true },
    );
    now = new Date('2026-11-24T10:30:00Z');
    await steps.deliver(failed, { idCheck: 'failed', cash: 3 });
    now = new Date('2026-11-24T10:40:00Z');
    await steps.deliver(refusedBeer, { refused: [beer], cash: 3 });
    now = new Date('2026-11-24T10:50:00Z');
    await steps.deliver(refusedBread, { refused: [bread], idCheck: 'passed', cash: 8 });

    const log = await request(t.server)
      .get('/api/seller/refusals?from=2026-11-24&to=2026-11-24')
      .set('Cookie', owner)
      .expect(200);
    expect(log.body).toEqual({
      success: true,
      refusals: [
        {
          at: '2026-11-24T10:30:00.000Z',
          order: { _id: failed, reference: orderReference(failed) },
          driver: { _id: driver.id, name: 'Dee Driver' },
          products: ['Red Wine 75cl'],
          reason: REFUSAL_REASONS.idCheckFailed,
        },
        {
          at: '2026-11-24T10:40:00.000Z',
          order: { _id: refusedBeer, reference: orderReference(refusedBeer) },
          driver: { _id: driver.id, name: 'Dee Driver' },
          products: ['Pale Ale 4 x 440ml'],
          reason: REFUSAL_REASONS.refusedAtDoor,
        },
      ],
    });
    const csv = await request(t.server)
      .get('/api/seller/refusals?from=2026-11-24&to=2026-11-24&format=csv')
      .set('Cookie', owner)
      .expect(200);
    expect(csv.headers['content-type']).toMatch(/^text\/csv/);
    expect(csv.text.split('\r\n')[1]).toBe(
      `2026-11-24 10:30,#${orderReference(failed)},Dee Driver,Red Wine 75cl,${REFUSAL_REASONS.idCheckFailed}`,
    );
    expect(
      (await request(t.server).get('/api/seller/refusals?from=2026-11-25&to=2026-11-30').set('Cookie', owner))
        .body.refusals,
    ).toEqual([]);
    const bad = await request(t.server)
      .get('/api/seller/refusals?from=2026-11-30&to=2026-11-24')
      .set('Cookie', owner)
      .expect(400);
    expect(bad.body.message).toBe(REFUSALS_TEXTS.rangeInvalid);
    await request(t.server)
      .get('/api/seller/refusals?from=2026-11-24&to=2026-11-24')
      .set('Cookie', driver.cookie)
      .expect(403);
  });
});
