/**
 * The placing job of regular deliveries with two replicas on one database: each plan's order placed exactly once
 * when both race for the due plans, when a process stops with a plan claimed (its lease runs out), and when a
 * process stops after placing the order but before moving the plan on (a restart finds the order).
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import request from 'supertest';
import { asc, eq } from 'drizzle-orm';
import { DELIVERY_SLOTS } from '@larder/shared-domain';
import { createProduct, createReplica, createTestApp, TestApp } from '../../test/harness';
import { signInCustomerWithAddress, signInSeller } from '../../test/auth-helpers';
import { ADDRESS, FREE_SHIPPING, settings, stockOf } from '../../test/fixtures';
import { Clock } from '../common/clock';
import { orders, standingOrders } from '../db/schema';
import { StandingOrderPlacer } from './standing-order-placer';
import { RegularsRepository } from './regulars.repository';

let t: TestApp;
let now = new Date('2026-11-23T10:00:00Z');
let customerCount = 0;

beforeAll(async () => {
  t = await createTestApp();
  t.app.get(Clock).now = () => now;
  const seller = await signInSeller(t);
  await settings(t, seller, 'shipping', FREE_SHIPPING);
});
afterAll(() => t?.close());

async function newCustomer() {
  customerCount += 1;
  return signInCustomerWithAddress(t, { email: `replica${customerCount}@example.com` }, ADDRESS);
}
const pound = (partial: Parameters<typeof createProduct>[1] = {}) =>
  createProduct(t, { price: 100, offerPrice: 100, vatBasisPoints: 0, ...partial });
function createPlan(c: { cookie: string; addressId: string }, body: Record<string, unknown>) {
  return request(t.server)
    .post('/api/user/standing-orders')
    .set('Cookie', c.cookie)
    .send({ address: c.addressId, time: DELIVERY_SLOTS[0], every: 1, ...body });
}
const run = (app: Pick<TestApp, 'app'> = t) => app.app.get(StandingOrderPlacer).runDue();
const ordersOfPlan = (id: string) =>
  t.db.select().from(orders).where(eq(orders.standingOrderId, id)).orderBy(asc(orders.deliveryDate));

describe('the placing job on two replicas', () => {
  it('runs exactly once with two replicas racing, and after a restart', async () => {
    now = new Date('2026-11-23T10:00:00Z');
    const tea = await pound({ stock: 1000 });
    const ids: string[] = [];
    for (let i = 0; i < 6; i++) {
      const c = await newCustomer();
      ids.push(
        (await createPlan(c, { items: [{ product: tea, quantity: 1 }], weekday: 4 }).expect(201)).body
          .standingOrder._id,
      );
    }
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'larder-replica-'));
    const replica = await createReplica(t, dataDir);
    try {
      replica.app.get(Clock).now = () => now;
      now = new Date('2026-11-24T15:00:00Z');
      // A process claims one plan and stops before placing it (its lease holds the others off).
      const stalled = await replica.app
        .get(RegularsRepository)
        .claimDue(now, new Date(now.getTime() + 120_000), ids[0]);
      expect(stalled.map((p) => p.id)).toEqual([ids[0]]);
      const [a, b] = await Promise.all([run(), run(replica)]);
      expect(a.placed + b.placed).toBe(5);
      for (const id of ids.slice(1)) expect(await ordersOfPlan(id)).toHaveLength(1);
      expect(await ordersOfPlan(ids[0])).toEqual([]);

      // The stalled lease runs out: the plan is placed by the next round.
      now = new Date('2026-11-24T15:02:01Z');
      await Promise.all([run(), run(replica)]);
      expect(await ordersOfPlan(ids[0])).toHaveLength(1);

      // A process that placed the order and stopped before moving the plan on: the order is found, not repeated.
      await t.db
        .update(standingOrders)
        .set({ nextDelivery: '2026-11-26', lastDelivery: null, placeAt: new Date('2026-11-24T15:00:00Z') })
        .where(eq(standingOrders.id, ids[1]));
      const again = await run(replica);
      expect(again).toMatchObject({ placed: 0, alreadyPlaced: 1 });
      expect(await ordersOfPlan(ids[1])).toHaveLength(1);
      expect(await stockOf(t, tea)).toBe(1000 - 6);
    } finally {
      await replica.close();
      fs.rmSync(dataDir, { recursive: true, force: true });
    }
  });
});
