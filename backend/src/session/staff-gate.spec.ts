/**
 * One gate for every staff read: a member whose first password is still to be replaced, and a manager the owner
 * requires to turn on two-factor sign-in, get 403 on every route a member of staff uses (the seller guard's and
 * those reading the staff session themselves: receipts, the seller's order-event stream) but the few that let
 * them finish signing in, and reading a receipt that way uses up no invoice number.
 */
import * as fs from 'node:fs';
import * as path from 'node:path';
import { randomUUID } from 'node:crypto';
import request from 'supertest';
import { eq } from 'drizzle-orm';
import { STAFF_MESSAGES } from '@larder/shared-domain';
import { createProduct, createTestApp, TestApp } from '../../test/harness';
import {
  signInCustomerWithAddress,
  signInSeller,
  signInStaff,
  signInStaffWith,
} from '../../test/auth-helpers';
import { ADDRESS, FREE_SHIPPING, settings } from '../../test/fixtures';
import { orderSteps } from '../../test/orders';
import { orders } from '../db/schema';

/** The routes each member may still use, written out here (not taken from the server's own decorators). */
const BEFORE_PASSWORD_CHANGE = ['GET /api/seller/is-auth', 'POST /api/seller/password'];
const BEFORE_TWO_FACTOR = [
  'GET /api/seller/is-auth',
  'POST /api/seller/password',
  'GET /api/seller/two-factor',
  'POST /api/seller/two-factor/setup',
  'POST /api/seller/two-factor/confirm',
  'POST /api/seller/two-factor/disable',
];
/** Staff routes outside the seller guard, which read the staff session themselves. */
const OUTSIDE_THE_GUARD = ['GET /api/order/{id}/receipt', 'GET /api/order/events'];

/** Every route the contract says a member of staff signs in for, as "METHOD /path". */
function staffRoutes(): string[] {
  const document = JSON.parse(fs.readFileSync(path.join(__dirname, '../../openapi.json'), 'utf8')) as {
    paths: Record<string, Record<string, { security?: Record<string, unknown>[] }>>;
  };
  return Object.entries(document.paths).flatMap(([route, operations]) =>
    Object.entries(operations)
      .filter(([, operation]) => operation.security?.some((scheme) => 'seller' in scheme))
      .map(([method]) => `${method.toUpperCase()} ${route}`),
  );
}

let t: TestApp;
let owner: string;
let deliveredId: string;
/** A picker who has signed in with the first password the owner gave and not replaced it. */
let newPicker: string;
/** A manager the owner now requires to use two-factor sign-in, who has not turned it on. */
let managerWithoutTwoFactor: string;

function call(route: string, cookie: string, id: string) {
  const [method, pattern] = route.split(' ');
  const url = pattern.replace(/\{[^}]+\}/g, id);
  const agent = request(t.server);
  const verb = method.toLowerCase() as 'get' | 'post' | 'put' | 'delete';
  // A stream let through by mistake would stay open: fail instead of waiting for it.
  const req = agent[verb](url).set('Cookie', cookie).timeout(5000);
  return method === 'GET' || method === 'DELETE' ? req : req.send({});
}

beforeAll(async () => {
  t = await createTestApp();
  owner = await signInSeller(t);
  await settings(t, owner, 'shipping', FREE_SHIPPING);
  // With a VAT number, a receipt above £250 is a full VAT invoice numbered from an unbroken sequence.
  await request(t.server)
    .post('/api/settings/business')
    .set('Cookie', owner)
    .send({
      legalName: 'Larder Foods Ltd',
      address: '1 Wine Street, Bristol BS1 2AA',
      email: 'hello@larder.test',
      phone: '0117 496 0000',
      companyNumber: '01234567',
      vatNumber: 'GB123456789',
    })
    .expect(200);
  const customer = await signInCustomerWithAddress(
    t,
    { email: 'gate@example.com', lastName: 'Gate' },
    ADDRESS,
  );
  const hamper = await createProduct(t, { price: 25001, offerPrice: 25001, vatBasisPoints: 0, stock: null });
  const steps = orderSteps(t, { seller: owner });
  deliveredId = await steps.place(customer, [[hamper, 1]]);
  await steps.deliver(deliveredId, { cash: 250.01 });

  const email = `new.picker.${Date.now()}@larder.test`;
  await request(t.server)
    .post('/api/seller/staff')
    .set('Cookie', owner)
    .send({ email, name: 'New Picker', role: 'picker', password: 'first-password-of-the-picker' })
    .expect(201);
  newPicker = (await signInStaffWith(t, email, 'first-password-of-the-picker')).cookie;

  const manager = await signInStaff(t, 'manager', { ownerCookie: owner });
  await request(t.server)
    .put(`/api/seller/staff/${manager.id}`)
    .set('Cookie', owner)
    .send({ twoFactorRequired: true })
    .expect(200);
  managerWithoutTwoFactor = manager.cookie;
});

afterAll(async () => {
  await t?.close();
});

describe('one gate for every staff route', () => {
  it('knows the routes outside the seller guard among the staff routes', () => {
    const routes = staffRoutes();
    for (const route of OUTSIDE_THE_GUARD) expect(routes).toContain(route);
    expect(routes.length).toBeGreaterThan(30);
  });

  it.each([
    [
      'a member who has not replaced the first password',
      () => newPicker,
      BEFORE_PASSWORD_CHANGE,
      STAFF_MESSAGES.mustChangePassword,
    ],
    [
      'a manager who must turn on two-factor sign-in',
      () => managerWithoutTwoFactor,
      BEFORE_TWO_FACTOR,
      STAFF_MESSAGES.twoFactorRequiredForManagers,
    ],
  ])(
    'refuses %s on every staff route but those that finish signing in',
    async (_who, cookie, allowed, message) => {
      const refused: string[] = [];
      for (const route of staffRoutes().filter((r) => !allowed.includes(r))) {
        const id = route === 'GET /api/order/{id}/receipt' ? deliveredId : randomUUID();
        const res = await call(route, cookie(), id);
        if (res.status !== 403 || res.body.message !== message)
          refused.push(`${route} answered ${res.status}`);
      }
      expect(refused).toEqual([]);
      // The seller's order-event stream, asked for by name too.
      const events = await request(t.server)
        .get('/api/order/events?as=seller')
        .set('Cookie', cookie())
        .timeout(5000);
      expect(events.status).toBe(403);
      expect(events.body.message).toBe(message);
    },
  );

  it('uses up no invoice number for a refused member: the first one read after them is INV-000001', async () => {
    for (const cookie of [newPicker, managerWithoutTwoFactor])
      await request(t.server).get(`/api/order/${deliveredId}/receipt`).set('Cookie', cookie).expect(403);
    const [row] = await t.db.select().from(orders).where(eq(orders.id, deliveredId));
    expect(row.invoiceNumber).toBeNull();
    const res = await request(t.server)
      .get(`/api/order/${deliveredId}/receipt`)
      .set('Cookie', owner)
      .expect(200);
    expect(res.body.receipt).toMatchObject({ kind: 'full_vat_invoice', number: 'INV-000001' });
  });
});
