import fs from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import type { AddressInfo } from 'node:net';
import type { Server } from 'node:http';
import { and, eq, gt, sql } from 'drizzle-orm';
import { Client } from 'pg';
import request from 'supertest';
import { ERROR_CODES, MESSAGES } from '@larder/shared-domain';
import { createProduct, createTestApp, TestApp } from '../../test/harness';
import { ADDRESS } from '../../test/fixtures';
import { signInCustomer, signInCustomerWithAddress, signInSeller } from '../../test/auth-helpers';
import { createApp, LarderApp } from '../app/app.factory';
import { LISTENER_APPLICATION_NAME } from '../db/database';
import { orderEvents, orders } from '../db/schema';
import { Clock } from '../common/clock';
import { orderSteps } from '../../test/orders';
import { OrderEventsRepository } from './order-events.repository';
import { OrderEventsHub, ORDER_STREAMS_PER_ADDRESS, ORDER_STREAMS_PER_SESSION } from './order-events.hub';

/** Monday 23 November 2026, 10:00 in London (GMT): the selectable delivery date is Tuesday the 24th. */
const MONDAY_10AM = new Date('2026-11-23T10:00:00Z');
const TUESDAY = '2026-11-24';
/** Short, so that a heartbeat (and the session check it carries) is seen without waiting 25 s. */
const HEARTBEAT_MS = 100;

interface SseEvent {
  id?: string;
  event?: string;
  data?: string;
}

interface OrderEventData {
  id: string;
  status: string;
  fulfilment: string;
  amount: number;
  changeableUntil: string;
}

/** A text/event-stream read as a browser's EventSource would parse it. */
class StreamClient {
  readonly events: SseEvent[] = [];
  readonly comments: string[] = [];
  readonly ended: Promise<void>;
  private buffer = '';
  private waiters: Array<() => void> = [];

  constructor(
    private readonly req: http.ClientRequest,
    readonly res: http.IncomingMessage,
  ) {
    res.setEncoding('utf8');
    res.on('data', (chunk: string) => {
      this.buffer += chunk;
      let cut: number;
      while ((cut = this.buffer.indexOf('\n\n')) >= 0) {
        const block = this.buffer.slice(0, cut);
        this.buffer = this.buffer.slice(cut + 2);
        const event: SseEvent = {};
        for (const line of block.split('\n')) {
          if (line.startsWith(':')) this.comments.push(line.slice(1).trim());
          const m = /^(id|event|data): ?(.*)$/.exec(line);
          if (m) event[m[1] as keyof SseEvent] = m[2];
        }
        if (event.event) this.events.push(event);
      }
      for (const wake of this.waiters.splice(0)) wake();
    });
    this.ended = new Promise((resolve) => {
      res.on('close', resolve);
      res.on('end', resolve);
    });
  }

  /** What was received after the last complete event (all of an answer that is no stream). */
  get unparsed(): string {
    return this.buffer;
  }

  /** The data of the `order` events received so far. */
  get orders(): Array<OrderEventData & { eventId: number }> {
    return this.events
      .filter((e) => e.event === 'order')
      .map((e) => ({ ...(JSON.parse(e.data ?? '{}') as OrderEventData), eventId: Number(e.id) }));
  }

  /** Waits until `seen` holds for what was received (at most `withinMs`). */
  async until(seen: () => boolean, withinMs = 10_000): Promise<void> {
    const deadline = Date.now() + withinMs;
    while (!seen()) {
      const left = deadline - Date.now();
      if (left <= 0) throw new Error(`not received within ${withinMs} ms: ${JSON.stringify(this.events)}`);
      await new Promise<void>((resolve) => {
        const timer = setTimeout(resolve, left);
        this.waiters.push(() => {
          clearTimeout(timer);
          resolve();
        });
      });
    }
  }

  close(): void {
    this.req.destroy();
  }
}

async function listening(server: Server): Promise<number> {
  if (!server.listening) await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return (server.address() as AddressInfo).port;
}

/** Opens GET /api/order/events on the server with these request headers. */
async function openStream(
  server: Server,
  headers: Record<string, string>,
  query = '',
  localAddress?: string,
): Promise<StreamClient> {
  const port = await listening(server);
  return new Promise((resolve, reject) => {
    const req = http.get(
      // No keep-alive agent: a finished stream leaves no pooled socket behind.
      { host: '127.0.0.1', port, path: `/api/order/events${query}`, headers, agent: false, localAddress },
      (res) => resolve(new StreamClient(req, res)),
    );
    req.on('error', reject);
  });
}

let t: TestApp;
let seller: string;
let apples: string;
let customerCount = 0;
const streams: StreamClient[] = [];

async function stream(server: Server, headers: Record<string, string>, query = ''): Promise<StreamClient> {
  const s = await openStream(server, headers, query);
  streams.push(s);
  expect(s.res.statusCode).toBe(200);
  return s;
}

interface Customer {
  cookie: string;
  addressId: string;
}

async function newCustomer(): Promise<Customer> {
  customerCount += 1;
  return signInCustomerWithAddress(
    t,
    { email: `watcher${customerCount}@example.com`, firstName: 'Ann', lastName: `Lee${customerCount}` },
    ADDRESS,
  );
}

/** Places a COD order of `quantity` apples at the basket's totals through `server` (a replica); returns its id. */
const placeOrder = (c: Customer, quantity = 1, server: Server = t.server): Promise<string> =>
  orderSteps({ ...t, server }, { seller }).place(c, [[apples, quantity]], { date: TUESDAY });

beforeAll(async () => {
  t = await createTestApp({ orderEventsHeartbeatMs: HEARTBEAT_MS });
  t.app.get(Clock).now = () => MONDAY_10AM;
  seller = await signInSeller(t);
  await request(t.server)
    .post('/api/settings/shipping')
    .set('Cookie', seller)
    .send({ shippingCharge: 3.99, shippingThreshold: 40 })
    .expect(200);
  await request(t.server)
    .post('/api/settings/delivery')
    .set('Cookie', seller)
    .send({ slotCapacity: 1000 })
    .expect(200);
  apples = await createProduct(t, {
    name: 'Braeburn apples',
    offerPrice: 200,
    price: 250,
    vatBasisPoints: 0,
  });
});

afterEach(() => {
  for (const s of streams.splice(0)) s.close();
});

afterAll(async () => {
  await t?.close();
});

describe('GET /api/order/events', () => {
  it('answers 401 in the shop error shape without a session, and with a session of the other kind', async () => {
    const res = await request(t.server).get('/api/order/events');
    expect(res.status).toBe(401);
    expect(res.body).toEqual({
      success: false,
      message: MESSAGES.notAuthorized,
      code: ERROR_CODES.NOT_SIGNED_IN,
    });
    const c = await newCustomer();
    const asSeller = await request(t.server).get('/api/order/events?as=seller').set('Cookie', c.cookie);
    expect(asSeller.status).toBe(401);
    const asCustomer = await request(t.server).get('/api/order/events?as=customer').set('Cookie', seller);
    expect(asCustomer.status).toBe(401);
  });

  it("streams uncompressed, uncached events with the shop's security headers", async () => {
    const c = await newCustomer();
    const s = await stream(t.server, { cookie: c.cookie, 'accept-encoding': 'br, gzip' });
    expect(s.res.headers['content-type']).toBe('text/event-stream; charset=utf-8');
    expect(s.res.headers['cache-control']).toBe('no-store');
    expect(s.res.headers['x-accel-buffering']).toBe('no');
    expect(s.res.headers['content-encoding']).toBeUndefined();
    expect(s.res.headers.etag).toBeUndefined();
    expect(s.res.headers['x-content-type-options']).toBe('nosniff');
    expect(s.res.headers['content-security-policy']).toContain("default-src 'self'");
  });

  it("tells a customer of their own order being placed and cancelled, never of another customer's", async () => {
    const ann = await newCustomer();
    const bob = await newCustomer();
    const s = await stream(t.server, { cookie: ann.cookie });
    const bobsOrder = await placeOrder(bob);
    const annsOrder = await placeOrder(ann, 2);
    await s.until(() => s.orders.length >= 1);
    expect(s.orders).toEqual([
      {
        eventId: expect.any(Number),
        id: annsOrder,
        status: 'Pending',
        fulfilment: 'placed',
        amount: 7.99,
        changeableUntil: '2026-11-23T15:00:00+00:00',
      },
    ]);
    await request(t.server).put(`/api/order/${bobsOrder}/cancel`).set('Cookie', bob.cookie).expect(200);
    await request(t.server).put(`/api/order/${annsOrder}/cancel`).set('Cookie', ann.cookie).expect(200);
    await s.until(() => s.orders.length >= 2);
    expect(s.orders[1]).toMatchObject({ id: annsOrder, status: 'Cancelled', amount: 7.99 });
    expect(s.orders[1].eventId).toBeGreaterThan(s.orders[0].eventId);
    expect(s.orders.map((o) => o.id)).not.toContain(bobsOrder);
  });

  it("tells the seller of every customer's orders, new ones and status changes", async () => {
    const ann = await newCustomer();
    const bob = await newCustomer();
    const s = await stream(t.server, { cookie: seller });
    const annsOrder = await placeOrder(ann);
    const bobsOrder = await placeOrder(bob, 3);
    await request(t.server)
      .put(`/api/order/${annsOrder}/status`)
      .set('Cookie', seller)
      .send({ status: 'Completed' })
      .expect(200);
    await s.until(() => s.orders.length >= 3);
    expect(s.orders.map(({ id, status, amount }) => ({ id, status, amount }))).toEqual([
      { id: annsOrder, status: 'Pending', amount: 5.99 },
      { id: bobsOrder, status: 'Pending', amount: 9.99 },
      { id: annsOrder, status: 'Completed', amount: 5.99 },
    ]);
  });

  it('writes an event only when what a watcher sees changes', async () => {
    const ann = await newCustomer();
    const order = await placeOrder(ann);
    const count = async () =>
      (await t.db.select().from(orderEvents).where(eq(orderEvents.orderId, order))).length;
    expect(await count()).toBe(1);
    await t.db.update(orders).set({ customerPhone: '07700 900999' }).where(eq(orders.id, order));
    expect(await count()).toBe(1);
    await t.db.update(orders).set({ amount: 123 }).where(eq(orders.id, order));
    expect(await count()).toBe(2);
  });

  it('replays the orders changed after Last-Event-ID, each once, as they are now', async () => {
    const ann = await newCustomer();
    const bob = await newCustomer();
    const first = await placeOrder(ann);
    const [{ lastId }] = await t.db
      .select({ lastId: sql<number>`max(${orderEvents.id})`.mapWith(Number) })
      .from(orderEvents);
    const second = await placeOrder(ann);
    await placeOrder(bob);
    await request(t.server).put(`/api/order/${second}/cancel`).set('Cookie', ann.cookie).expect(200);

    const s = await stream(t.server, { cookie: ann.cookie, 'last-event-id': String(lastId) });
    await s.until(() => s.orders.length >= 1);
    // Nothing else arrives: the heartbeat after the replay shows the stream is past it.
    const beats = s.comments.length;
    await s.until(() => s.comments.length > beats);
    expect(s.orders.map(({ id, status }) => ({ id, status }))).toEqual([{ id: second, status: 'Cancelled' }]);
    expect(s.orders.map((o) => o.id)).not.toContain(first);

    // Events older than five minutes are not replayed, and they are purged.
    await t.db
      .update(orderEvents)
      .set({ createdAt: sql`now() - interval '6 minutes'` })
      .where(eq(orderEvents.orderId, second));
    const late = await stream(t.server, { cookie: ann.cookie, 'last-event-id': String(lastId) });
    const lateBeats = late.comments.length;
    await late.until(() => late.comments.length > lateBeats);
    expect(late.orders).toEqual([]);
    expect(await t.app.get(OrderEventsRepository).purgeOlderThan(5 * 60)).toBeGreaterThanOrEqual(2);
    expect(await t.db.select().from(orderEvents).where(eq(orderEvents.orderId, second))).toEqual([]);
  });

  it("with replay=recent, a new stream first sends the customer's orders changed in the last minutes, as they are now", async () => {
    const ann = await newCustomer();
    const bob = await newCustomer();
    // Ann's page was read (say, rendered on the server) while the order was placed; then the seller moved it.
    const picked = await placeOrder(ann);
    await placeOrder(bob);
    await request(t.server)
      .put(`/api/order/${picked}/fulfilment`)
      .set('Cookie', seller)
      .send({ stage: 'picking' })
      .expect(200);
    const long = await placeOrder(ann);
    await t.db
      .update(orderEvents)
      .set({ createdAt: sql`now() - interval '6 minutes'` })
      .where(eq(orderEvents.orderId, long));

    const s = await stream(t.server, { cookie: ann.cookie }, '?as=customer&replay=recent');
    await s.until(() => s.orders.length >= 1);
    const beats = s.comments.length;
    await s.until(() => s.comments.length > beats);
    expect(s.orders.map(({ id, fulfilment }) => ({ id, fulfilment }))).toEqual([
      { id: picked, fulfilment: 'picking' },
    ]);

    // Without it, a new stream sends only what changes from now on.
    const plain = await stream(t.server, { cookie: ann.cookie }, '?as=customer');
    const plainBeats = plain.comments.length;
    await plain.until(() => plain.comments.length > plainBeats);
    expect(plain.orders).toEqual([]);
    await request(t.server).get('/api/order/events?replay=everything').set('Cookie', ann.cookie).expect(400);
  });

  it('replays an order whose change took a lower event id but committed after the last event the client had', async () => {
    const ann = await newCustomer();
    const early = await placeOrder(ann);
    // A slow transaction takes the next event id for its change of `early`, then a newer order is written and sent.
    const taken = (await t.db.execute(
      sql`select nextval(pg_get_serial_sequence('order_events', 'id'))::int as id`,
    )) as unknown as { rows: Array<{ id: number }> };
    const slowId = Number(taken.rows[0].id);
    const s = await stream(t.server, { cookie: ann.cookie });
    const late = await placeOrder(ann);
    await s.until(() => s.orders.some((o) => o.id === late));
    const lastId = Number(s.events.at(-1)?.id);
    expect(lastId).toBeGreaterThan(slowId);
    s.close();
    // While the client is away the slow transaction commits: the order's new state under the lower id.
    await t.db.update(orders).set({ status: 'Cancelled' }).where(eq(orders.id, early));
    await t.db.delete(orderEvents).where(and(eq(orderEvents.orderId, early), gt(orderEvents.id, lastId)));
    await t.db.insert(orderEvents).values({ id: slowId, orderId: early });

    const back = await stream(t.server, { cookie: ann.cookie, 'last-event-id': String(lastId) });
    await back.until(() => back.orders.length >= 1);
    const beats = back.comments.length;
    await back.until(() => back.comments.length > beats);
    expect(back.orders.map(({ id, status }) => ({ id, status }))).toEqual([
      { id: early, status: 'Cancelled' },
    ]);
    // Its id is not below the one the client had, so the client's Last-Event-ID does not move back.
    expect(back.events.map((e) => Number(e.id))).toEqual([lastId]);
  });

  it('sends a heartbeat comment at the configured interval', async () => {
    const c = await newCustomer();
    const s = await stream(t.server, { cookie: c.cookie });
    await s.until(() => s.comments.filter((line) => line === 'heartbeat').length >= 2);
  });

  it("ends a customer's stream when they sign out, and the seller's when the seller signs out", async () => {
    const c = await newCustomer();
    const customerStream = await stream(t.server, { cookie: c.cookie });
    const ownSeller = await signInSeller(t);
    const sellerStream = await stream(t.server, { cookie: ownSeller });
    const stillOpen = await stream(t.server, { cookie: seller });

    await request(t.server).get('/api/user/logout').set('Cookie', c.cookie).expect(200);
    await request(t.server).get('/api/seller/logout').set('Cookie', ownSeller).expect(200);
    await Promise.all([customerStream.ended, sellerStream.ended]);
    // Another seller session is untouched.
    const beats = stillOpen.comments.length;
    await stillOpen.until(() => stillOpen.comments.length > beats + 1);
  });

  it('ends the stream when the customer deletes their account', async () => {
    const c = await newCustomer();
    const s = await stream(t.server, { cookie: c.cookie });
    await request(t.server).delete('/api/user/delete-account').set('Cookie', c.cookie).expect(200);
    await s.ended;
  });
});

if (process.env.DATABASE_URL) {
  describe('between two replicas on one PostgreSQL database', () => {
    let other: LarderApp;
    let otherServer: Server;
    let otherDir: string;

    beforeAll(async () => {
      otherDir = fs.mkdtempSync(path.join(os.tmpdir(), 'larder-replica-'));
      other = await createApp({ ...t.config, dataDir: otherDir, seed: false });
      other.app.get(Clock).now = () => MONDAY_10AM;
      otherServer = other.app.getHttpServer() as Server;
    });
    afterAll(async () => {
      await other?.app.close();
      fs.rmSync(otherDir, { recursive: true, force: true });
    });

    it('a change made through one replica reaches the streams held by the other', async () => {
      const ann = await newCustomer();
      const customerStream = await stream(otherServer, { cookie: ann.cookie });
      const sellerStream = await stream(otherServer, { cookie: seller });
      const order = await placeOrder(ann, 1, t.server);
      // Each event carries the order as it is when it is read: the placing is read before the cancel commits.
      for (const s of [customerStream, sellerStream])
        await s.until(() => s.orders.some((o) => o.id === order));
      await request(t.server)
        .put(`/api/order/${order}/status`)
        .set('Cookie', seller)
        .send({ status: 'Cancelled' })
        .expect(200);
      for (const s of [customerStream, sellerStream]) {
        await s.until(() => s.orders.some((o) => o.id === order && o.status === 'Cancelled'));
        expect(s.orders.filter((o) => o.id === order).map((o) => o.status)).toEqual(['Pending', 'Cancelled']);
      }
    });

    it('sends the changes made while its listening connection was down once it listens again', async () => {
      const ann = await newCustomer();
      const s = await stream(otherServer, { cookie: ann.cookie });
      const order = await placeOrder(ann, 1, t.server);
      await s.until(() => s.orders.some((o) => o.id === order));
      await t.db.execute(
        sql`select pg_terminate_backend(pid) from pg_stat_activity
            where datname = current_database() and application_name = ${LISTENER_APPLICATION_NAME}`,
      );
      // Written at once, before either replica can be listening again: its notification reaches nobody.
      await t.db.update(orders).set({ status: 'Cancelled' }).where(eq(orders.id, order));
      await s.until(() => s.orders.some((o) => o.id === order && o.status === 'Cancelled'), 10_000);
    });

    it('sends a change committed while it was not listening even when a newer change was sent before', async () => {
      const ann = await newCustomer();
      const bob = await newCustomer();
      const s = await stream(otherServer, { cookie: seller });
      const early = await placeOrder(ann, 1, t.server);
      await s.until(() => s.orders.some((o) => o.id === early));
      // A transaction takes its event (a lower id) first and commits last, as busy checkouts do.
      const slow = new Client({ connectionString: t.config.databaseUrl });
      await slow.connect();
      try {
        await slow.query('begin');
        await slow.query(`update orders set status = 'Cancelled' where id = $1`, [early]);
        const late = await placeOrder(bob, 1, t.server);
        await s.until(() => s.orders.some((o) => o.id === late));
        await t.db.execute(
          sql`select pg_terminate_backend(pid) from pg_stat_activity
              where datname = current_database() and application_name = ${LISTENER_APPLICATION_NAME}`,
        );
        // Its notification reaches nobody; its event id is below the newest one the replica was told of.
        await slow.query('commit');
      } finally {
        await slow.end();
      }
      await s.until(() => s.orders.some((o) => o.id === early && o.status === 'Cancelled'), 10_000);
    });

    it("ends a replica's open streams when it shuts down", async () => {
      const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'larder-replica-'));
      const third = await createApp({ ...t.config, dataDir: dir, seed: false });
      try {
        const s = await openStream(third.app.getHttpServer() as Server, { cookie: seller });
        expect(s.res.statusCode).toBe(200);
        await third.app.close();
        await s.ended;
      } finally {
        fs.rmSync(dir, { recursive: true, force: true });
      }
    });
  });
} else {
  it('on PGlite, a change written straight to the database reaches the seller stream', async () => {
    const ann = await newCustomer();
    const order = await placeOrder(ann);
    const s = await stream(t.server, { cookie: seller });
    await t.db.update(orders).set({ status: 'Cancelled' }).where(eq(orders.id, order));
    await s.until(() => s.orders.some((o) => o.id === order && o.status === 'Cancelled'));
  });
}

describe('streams held by one session or one address', () => {
  // A heartbeat far beyond any test: whatever ends a stream here is not the session check of a heartbeat.
  let u: TestApp;
  const held: StreamClient[] = [];
  let n = 0;
  beforeAll(async () => {
    u = await createTestApp({ orderEventsHeartbeatMs: 600_000 });
  });
  afterAll(async () => {
    for (const s of held.splice(0)) s.close();
    await u?.close();
  });

  const customer = async () => {
    n += 1;
    return signInCustomerWithAddress(
      u,
      { email: `holder${n}@example.com`, firstName: 'Cy', lastName: `Holder${n}` },
      ADDRESS,
    );
  };
  const open = async (cookie: string, from: string) => {
    const s = await openStream(u.server, { cookie }, '', from);
    held.push(s);
    return s;
  };
  const openFrom = (address: string) => u.app.get(OrderEventsHub).openFrom(address);

  it('keeps at most three streams a session: one more ends its oldest', async () => {
    const c = await customer();
    const opened = [];
    for (let i = 0; i <= ORDER_STREAMS_PER_SESSION; i++) opened.push(await open(c.cookie, '127.0.0.21'));
    expect(opened.map((s) => s.res.statusCode)).toEqual([200, 200, 200, 200]);
    await opened[0].ended;
    expect(openFrom('127.0.0.21')).toBe(3);
    // Another session's streams are its own.
    const other = await customer();
    await open(other.cookie, '127.0.0.21');
    expect(openFrom('127.0.0.21')).toBe(4);
  });

  it('refuses an address more open streams than its limit, whatever the sessions', async () => {
    let opened = 0;
    while (opened < ORDER_STREAMS_PER_ADDRESS) {
      const c = await customer();
      for (let i = 0; i < ORDER_STREAMS_PER_SESSION && opened < ORDER_STREAMS_PER_ADDRESS; i++, opened++)
        expect((await open(c.cookie, '127.0.0.22')).res.statusCode).toBe(200);
    }
    const late = await customer();
    const refused = await open(late.cookie, '127.0.0.22');
    expect(refused.res.statusCode).toBe(429);
    await refused.ended;
    expect(JSON.parse(refused.unparsed)).toEqual({
      success: false,
      message: MESSAGES.tooManyRequests,
      code: ERROR_CODES.TOO_MANY_REQUESTS,
    });
    // Another address is not held back.
    expect((await open(late.cookie, '127.0.0.23')).res.statusCode).toBe(200);
  });

  it('ends the streams of a session at once when it signs out, and of every session when the account goes', async () => {
    const c = await customer();
    const first = await open(c.cookie, '127.0.0.24');
    const second = await open(c.cookie, '127.0.0.24');
    const otherDevice = await signInCustomer(u, {
      email: `holder${n}@example.com`,
      firstName: 'Cy',
      lastName: `Holder${n}`,
    });
    const onOtherDevice = await open(otherDevice, '127.0.0.25');
    await request(u.server).get('/api/user/logout').set('Cookie', c.cookie).expect(200);
    await Promise.all([first.ended, second.ended]);
    expect(openFrom('127.0.0.25')).toBe(1);

    await request(u.server).delete('/api/user/delete-account').set('Cookie', otherDevice).expect(200);
    await onOtherDevice.ended;
    expect(openFrom('127.0.0.25')).toBe(0);
  });

  it("ends the seller's streams at once when the seller signs out", async () => {
    const own = await signInSeller(u);
    const s = await open(own, '127.0.0.26');
    await request(u.server).get('/api/seller/logout').set('Cookie', own).expect(200);
    await s.ended;
  });
});
