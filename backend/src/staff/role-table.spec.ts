import fs from 'node:fs';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import request from 'supertest';
import { DELIVERY_SLOTS, MESSAGES, STAFF_ROLES, type StaffRole } from '@larder/shared-domain';
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
const MANAGERS: readonly StaffRole[] = ['owner', 'manager'];
const OWNER: readonly StaffRole[] = ['owner'];
const PICKING: readonly StaffRole[] = ['owner', 'manager', 'picker'];
const DRIVING: readonly StaffRole[] = ['owner', 'manager', 'driver'];

/**
 * The role table, written out by hand, one row per seller route: the test owns these expectations (they are never
 * read from openapi.json or the server's own functions, so a route that lets the wrong role in fails here even
 * with the contract regenerated). Staff, who may sign in and two-factor rules: the owner. Running the shop
 * (products, prices, stock, settings, order status, refunds, money, figures, messages, the activity log): the owner
 * and managers, the premises licence and its refusals log too; whether the food promotion rules apply (the business's
 * own fact, its number of employees): the owner. The orders and the pick list: pickers too. The run and run sheets: drivers too. Each member's own
 * sign-in (who am I, their password, their two-factor sign-in): everyone. The fulfilment call is everyone's at the
 * door and checks the stage against the role inside (the last test).
 */
const TABLE: Record<string, readonly StaffRole[]> = {
  'GET /api/contact': MANAGERS,
  'GET /api/newsletter': MANAGERS,
  'GET /api/order/seller': PICKING,
  'PUT /api/order/{id}/fulfilment': EVERYONE,
  'POST /api/order/{id}/refunds': MANAGERS,
  'PUT /api/order/{id}/status': MANAGERS,
  'POST /api/product/add': MANAGERS,
  'POST /api/product/stock': MANAGERS,
  'DELETE /api/product/{id}': MANAGERS,
  'PUT /api/product/{id}': MANAGERS,
  'GET /api/seller/activity': MANAGERS,
  'GET /api/seller/cash-up': MANAGERS,
  'POST /api/seller/cash-up': MANAGERS,
  'GET /api/seller/is-auth': EVERYONE,
  'POST /api/seller/password': EVERYONE,
  'GET /api/seller/picking': PICKING,
  'GET /api/seller/promotions': MANAGERS,
  'POST /api/seller/promotions': MANAGERS,
  'DELETE /api/seller/promotions/{id}': MANAGERS,
  'PUT /api/seller/promotions/{id}': MANAGERS,
  'GET /api/seller/run': DRIVING,
  'GET /api/seller/run-sheet': DRIVING,
  'GET /api/seller/staff': OWNER,
  'POST /api/seller/staff': OWNER,
  'DELETE /api/seller/staff/{id}': OWNER,
  'PUT /api/seller/staff/{id}': OWNER,
  'GET /api/seller/summary': MANAGERS,
  'GET /api/seller/takings': MANAGERS,
  'GET /api/seller/two-factor': EVERYONE,
  'POST /api/seller/two-factor/setup': EVERYONE,
  'POST /api/seller/two-factor/confirm': EVERYONE,
  'POST /api/seller/two-factor/disable': EVERYONE,
  'POST /api/settings/business': MANAGERS,
  'GET /api/settings/delivery': MANAGERS,
  'POST /api/settings/delivery': MANAGERS,
  'POST /api/settings/delivery-area': MANAGERS,
  'GET /api/settings/orders': MANAGERS,
  'POST /api/settings/orders': MANAGERS,
  'POST /api/settings/shipping': MANAGERS,
  'GET /api/seller/refusals': MANAGERS,
  'GET /api/settings/food-promotion': OWNER,
  'POST /api/settings/food-promotion': OWNER,
  'GET /api/settings/licence': MANAGERS,
  'POST /api/settings/licence': MANAGERS,
};

/** An operation as the table names it: "GET /api/seller/takings". */
const routeOf = (operation: Operation) => `${operation.method.toUpperCase()} ${operation.path}`;

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

describe('the role table, written out here and walked over every seller route', () => {
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

  it('has a row for every seller route of the contract, and none for a route that is not there', () => {
    expect(operations.map(routeOf).sort()).toEqual(Object.keys(TABLE).sort());
  });

  it('agrees with the roles each route documents (the contract says what the table says)', () => {
    for (const operation of operations.filter((o) => !o.streams))
      expect({ route: routeOf(operation), roles: [...(operation.declared ?? [])].sort() }).toEqual({
        route: routeOf(operation),
        roles: [...(TABLE[routeOf(operation)] ?? [])].sort(),
      });
  });

  it.each(operations.filter((o) => !o.streams).map((o) => [routeOf(o), o] as const))(
    '%s: the roles of the table pass the guard, the others get 403 and change nothing',
    async (route, operation) => {
      const allowed = TABLE[route];
      expect({ route, inTable: allowed !== undefined }).toEqual({ route, inTable: true });
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
