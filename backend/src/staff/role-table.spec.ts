import fs from 'node:fs';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import request from 'supertest';
import { DELIVERY_SLOTS, MESSAGES, SHOP_MANAGERS, STAFF_ROLES, type StaffRole } from '@larder/shared-domain';
import { createProduct, createTestApp, TestApp } from '../../test/harness';
import { signInCustomerWithAddress, signInSeller, signInStaff } from '../../test/auth-helpers';
import { ADDRESS, FREE_SHIPPING, settings } from '../../test/fixtures';
import { Clock } from '../common/clock';

/** Monday 23 November 2026, 10:00 London: orders are for Tuesday the 24th. */
const NOW = new Date('2026-11-23T10:00:00Z');
const TUESDAY = '2026-11-24';

interface Operation {
  id: string;
  method: 'get' | 'post' | 'put' | 'delete' | 'patch';
  path: string;
  /** The roles the route declares (its 403 answer's description, "Only for: owner, manager"). */
  declared: StaffRole[] | undefined;
  streams: boolean;
}

/** Every seller operation of the contract (secured by the seller cookie). */
function sellerOperations(): Operation[] {
  const document = JSON.parse(fs.readFileSync(path.join(__dirname, '../../openapi.json'), 'utf8')) as {
    paths: Record<
      string,
      Record<
        string,
        {
          operationId: string;
          security?: Record<string, unknown>[];
          responses?: Record<string, { description?: string; content?: Record<string, unknown> }>;
        }
      >
    >;
  };
  const operations: Operation[] = [];
  for (const [route, methods] of Object.entries(document.paths))
    for (const [method, op] of Object.entries(methods)) {
      // Seller-area operations only: one a customer may call too (a live stream, a receipt) has its own guard.
      if (!op.security?.some((s) => 'seller' in s) || op.security.some((s) => 'customer' in s)) continue;
      const only = /Only for: ([a-z, ]+)/.exec(op.responses?.['403']?.description ?? '');
      operations.push({
        id: op.operationId,
        method: method as Operation['method'],
        path: route,
        declared: only ? (only[1].split(', ') as StaffRole[]) : undefined,
        streams: Object.keys(op.responses?.['200']?.content ?? {}).includes('text/event-stream'),
      });
    }
  return operations;
}

const EVERYONE = STAFF_ROLES;
const PICKING: readonly StaffRole[] = ['owner', 'manager', 'picker'];
const DRIVING: readonly StaffRole[] = ['owner', 'manager', 'driver'];

/**
 * The role table: staff, who may sign in and two-factor rules for the owner; running the shop (products, prices,
 * stock, settings, order status, refunds, figures, the activity log, the licence and its refusals log) for the owner
 * and managers, whether the food promotion rules apply for the owner; the orders and
 * the pick list for pickers too; run sheets and deliveries for drivers too. Each member's own sign-in (who am I,
 * their password, their two-factor sign-in) is everyone's; the fulfilment call is everyone's at the door and
 * checks the stage against the role inside (below). An operation not named here is for the owner and managers.
 */
const TABLE: Record<string, readonly StaffRole[]> = {
  listStaff: ['owner'],
  addStaff: ['owner'],
  updateStaff: ['owner'],
  removeStaff: ['owner'],
  sellerIsAuth: EVERYONE,
  changeStaffPassword: EVERYONE,
  getTwoFactorStatus: EVERYONE,
  startTwoFactorSetup: EVERYONE,
  confirmTwoFactorSetup: EVERYONE,
  disableTwoFactor: EVERYONE,
  updateFulfilment: EVERYONE,
  listSellerOrders: PICKING,
  getPicking: PICKING,
  getRunSheet: DRIVING,
  // Whether the food promotion rules apply is the business's own fact (its number of employees): the owner's.
  getFoodPromotionSettings: ['owner'],
  updateFoodPromotionSettings: ['owner'],
  // The premises licence and the refusals log it asks for: running the shop.
  getLicenceSettings: SHOP_MANAGERS,
  updateLicenceSettings: SHOP_MANAGERS,
  listRefusals: SHOP_MANAGERS,
};

/** Everything the database holds, as one fingerprint per table. */
async function snapshot(t: TestApp): Promise<Record<string, string>> {
  const tables = (await t.db.execute(
    sql`select table_name from information_schema.tables where table_schema = 'public' and table_type = 'BASE TABLE' order by 1`,
  )) as unknown as { rows: { table_name: string }[] };
  const prints: Record<string, string> = {};
  for (const { table_name: name } of tables.rows) {
    const result = (await t.db.execute(
      sql`select md5(coalesce(string_agg(x::text, '|' order by x::text), '')) as print from ${sql.identifier(name)} x`,
    )) as unknown as { rows: { print: string }[] };
    prints[name] = result.rows[0].print;
  }
  return prints;
}

describe('the role table, walked from the OpenAPI document', () => {
  let t: TestApp;
  const cookies = {} as Record<StaffRole, string>;
  const ids: Record<string, string> = {};

  beforeAll(async () => {
    t = await createTestApp();
    t.app.get(Clock).now = () => NOW;
    cookies.owner = await signInSeller(t);
    await settings(t, cookies.owner, 'shipping', FREE_SHIPPING);
    for (const role of ['manager', 'picker', 'driver'] as const) {
      const member = await signInStaff(t, role, { ownerCookie: cookies.owner });
      cookies[role] = member.cookie;
      ids[role] = member.id;
    }
    ids.product = await createProduct(t, { offerPrice: 100, price: 100, stock: 50 });
    const customer = await signInCustomerWithAddress(t, { email: 'walker@example.com' }, ADDRESS);
    const order = await request(t.server)
      .post('/api/order/cod')
      .set('Cookie', customer.cookie)
      .send({
        items: [{ product: ids.product, quantity: 2 }],
        address: customer.addressId,
        amount: 2,
        shippingCharge: 0,
        totalVat: 0,
        deliverySlot: { date: TUESDAY, time: DELIVERY_SLOTS[0] },
      })
      .expect(201);
    ids.order = order.body.orderId as string;
  });
  afterAll(() => t.close());

  /** A real id for the path: the order, the product, a member (the picker), a promotion that is not there. */
  const idFor = (operation: Operation) => {
    if (operation.path.startsWith('/api/order/')) return ids.order;
    if (operation.path.startsWith('/api/product/')) return ids.product;
    if (operation.path.startsWith('/api/seller/staff/')) return ids.picker;
    return NOBODY;
  };
  const NOBODY = '00000000-0000-4000-8000-000000000000';
  /** Calls the operation: on the real record, or (`real: false`) on an id nothing has. */
  const call = (operation: Operation, cookie: string, body: object = {}, real = true) => {
    const url = operation.path.replace('{id}', real ? idFor(operation) : NOBODY);
    return request(t.server)[operation.method](url).set('Cookie', cookie).send(body);
  };

  const operations = sellerOperations();

  it('finds the seller operations, each declaring its roles', () => {
    expect(operations.length).toBeGreaterThan(20);
    for (const operation of operations.filter((o) => !o.streams))
      expect({ id: operation.id, declared: operation.declared }).toEqual({
        id: operation.id,
        declared: expect.any(Array),
      });
  });

  it.each(operations.filter((o) => !o.streams).map((o) => [o.id, o] as const))(
    '%s: the roles of the table pass the guard, the others get 403 and change nothing',
    async (_id, operation) => {
      const allowed = TABLE[operation.id] ?? operation.declared ?? SHOP_MANAGERS;
      if (TABLE[operation.id]) expect([...(operation.declared ?? [])].sort()).toEqual([...allowed].sort());
      for (const role of STAFF_ROLES) {
        if (allowed.includes(role)) {
          // Past the guard: whatever the route answers to an empty body on a record nobody has, it is not a
          // refusal of the role.
          const res = await call(operation, cookies[role], {}, operation.method === 'get');
          expect({ role, status: res.status }).not.toEqual({ role, status: 403 });
          expect(res.status).not.toBe(401);
        } else {
          const before = await snapshot(t);
          const res = await call(operation, cookies[role]);
          expect({ role, status: res.status, message: res.body?.message }).toEqual({
            role,
            status: 403,
            message: MESSAGES.noPermission,
          });
          expect(await snapshot(t)).toEqual(before);
        }
      }
    },
  );

  it('the fulfilment call: pickers pick, drivers dispatch; each is refused the other stage and nothing changes', async () => {
    const fulfilment = {
      id: 'updateFulfilment',
      method: 'put',
      path: '/api/order/{id}/fulfilment',
    } as Operation;
    const before = await snapshot(t);
    for (const [role, stage] of [
      ['driver', 'picking'],
      ['picker', 'out_for_delivery'],
      ['picker', 'delivered'],
    ] as const) {
      const res = await call(fulfilment, cookies[role], { stage });
      expect({ role, stage, status: res.status }).toEqual({ role, stage, status: 403 });
    }
    expect(await snapshot(t)).toEqual(before);
    await call(fulfilment, cookies.picker, { stage: 'picking' }).expect(200);
  });
});
