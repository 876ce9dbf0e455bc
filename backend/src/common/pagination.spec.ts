import request from 'supertest';
import { DEFAULT_PAGE_LIMIT, ERROR_CODES, MAX_PAGE_LIMIT, MESSAGES } from '@larder/shared-domain';
import { createProduct, createTestApp, TestApp } from '../../test/harness';
import { signInCustomer, signInSeller } from '../../test/auth-helpers';
import { contactMessages, newsletterSubscribers, orderItems, orders } from '../db/schema';

/** `count` instants one minute apart, oldest first, from 1 Nov 2026 09:00 UTC. */
function minutes(count: number): Date[] {
  const start = Date.UTC(2026, 10, 1, 9, 0, 0);
  return Array.from({ length: count }, (_, i) => new Date(start + i * 60_000));
}

interface ListCase {
  name: string;
  path: string;
  key: 'orders' | 'messages' | 'subscribers';
  /** Stores `count` entries created one minute apart (oldest first); answers a tag for each, in that order. */
  store(t: TestApp, count: number): Promise<string[]>;
  /** The tag of an entry as the list shows it. */
  tagOf(entry: Record<string, unknown>): string;
}

const CASES: ListCase[] = [
  {
    name: 'contact messages',
    path: '/api/contact',
    key: 'messages',
    async store(t, count) {
      const rows = minutes(count).map((createdAt, i) => ({
        name: `Sender ${i}`,
        email: `sender${i}@example.com`,
        phone: '',
        message: `Message ${i}`,
        createdAt,
      }));
      await t.db.insert(contactMessages).values(rows);
      return rows.map((r) => r.message);
    },
    tagOf: (entry) => entry.message as string,
  },
  {
    name: 'newsletter subscribers',
    path: '/api/newsletter',
    key: 'subscribers',
    async store(t, count) {
      const rows = minutes(count).map((createdAt, i) => ({ email: `reader${i}@example.com`, createdAt }));
      await t.db.insert(newsletterSubscribers).values(rows);
      return rows.map((r) => r.email);
    },
    tagOf: (entry) => entry.email as string,
  },
  {
    name: 'orders',
    path: '/api/order/seller',
    key: 'orders',
    async store(t, count) {
      const productId = await createProduct(t, { name: 'Oat Cookies' });
      const rows = minutes(count).map((createdAt, i) => ({
        customerName: `Customer ${i}`,
        paymentType: 'COD',
        goods: 100 + i,
        totalVat: 0,
        shippingCharge: 0,
        amount: 100 + i,
        deliveryDate: '2026-11-02',
        deliveryTime: '10:00 - 11:00',
        createdAt,
        updatedAt: createdAt,
      }));
      const stored = await t.db.insert(orders).values(rows).returning({ id: orders.id });
      // Each order holds one line whose quantity is its position, so the lines can be matched to their order.
      await t.db.insert(orderItems).values(
        stored.map((o, i) => ({
          orderId: o.id,
          productId,
          name: 'Oat Cookies',
          price: 100,
          vatBasisPoints: 0,
          quantity: i + 1,
        })),
      );
      return stored.map((o) => o.id);
    },
    tagOf: (entry) => entry._id as string,
  },
];

describe.each(CASES)('the seller list of $name, a page at a time', (c) => {
  let t: TestApp;
  let seller: string;
  /** Tags of the stored entries, newest first. */
  let newestFirst: string[];
  const STORED = 7;

  beforeAll(async () => {
    t = await createTestApp();
    seller = await signInSeller(t);
    newestFirst = (await c.store(t, STORED)).reverse();
  });

  afterAll(() => t.close());

  const list = (query = '') => request(t.server).get(`${c.path}${query}`).set('Cookie', seller);

  it(`answers the first ${DEFAULT_PAGE_LIMIT} newest first without parameters, with the page information`, async () => {
    const res = await list().expect(200);
    expect(res.body).toMatchObject({
      success: true,
      page: 1,
      limit: DEFAULT_PAGE_LIMIT,
      total: STORED,
      totalPages: 1,
    });
    expect(res.body[c.key].map(c.tagOf)).toEqual(newestFirst);
  });

  it('splits the list into pages that together hold every entry once, newest first', async () => {
    const first = await list('?page=1&limit=3').expect(200);
    const second = await list('?page=2&limit=3').expect(200);
    const last = await list('?page=3&limit=3').expect(200);
    expect(first.body).toMatchObject({ page: 1, limit: 3, total: STORED, totalPages: 3 });
    expect(last.body).toMatchObject({ page: 3, limit: 3, total: STORED, totalPages: 3 });
    expect(first.body[c.key].map(c.tagOf)).toEqual(newestFirst.slice(0, 3));
    expect(second.body[c.key].map(c.tagOf)).toEqual(newestFirst.slice(3, 6));
    expect(last.body[c.key].map(c.tagOf)).toEqual(newestFirst.slice(6));
  });

  it('answers an empty page past the last one, still giving the total', async () => {
    const res = await list('?page=4&limit=3').expect(200);
    expect(res.body).toMatchObject({ success: true, page: 4, limit: 3, total: STORED, totalPages: 3 });
    expect(res.body[c.key]).toEqual([]);
  });

  it(`takes up to ${MAX_PAGE_LIMIT} a page`, async () => {
    const res = await list(`?limit=${MAX_PAGE_LIMIT}`).expect(200);
    expect(res.body).toMatchObject({ page: 1, limit: MAX_PAGE_LIMIT, total: STORED });
    expect(res.body[c.key]).toHaveLength(STORED);
  });

  it.each([
    ['page 0', '?page=0', MESSAGES.invalidPage],
    ['a negative page', '?page=-1', MESSAGES.invalidPage],
    ['a page that is not a number', '?page=two', MESSAGES.invalidPage],
    ['a fractional page', '?page=1.5', MESSAGES.invalidPage],
    ['a blank page', '?page=', MESSAGES.invalidPage],
    ['limit 0', '?limit=0', MESSAGES.invalidPageLimit],
    [`limit ${MAX_PAGE_LIMIT + 1}`, `?limit=${MAX_PAGE_LIMIT + 1}`, MESSAGES.invalidPageLimit],
    ['a limit that is not a number', '?limit=all', MESSAGES.invalidPageLimit],
    ['a page given twice', '?page=1&page=2', MESSAGES.invalidPage],
  ])('refuses %s with 400 and a clear message', async (_label, query, message) => {
    const res = await list(query).expect(400);
    expect(res.body).toEqual({
      success: false,
      message,
      code: ERROR_CODES.VALIDATION_FAILED,
      field: expect.any(String),
    });
  });

  it('is for the seller only', async () => {
    await request(t.server).get(`${c.path}?page=1`).expect(401);
    const customer = await signInCustomer(t, { email: `shopper-${c.key}@example.com` });
    const res = await request(t.server).get(`${c.path}?page=1`).set('Cookie', customer);
    expect(res.status).toBe(401);
    expect(res.body.success).toBe(false);
  });
});

describe('the seller order list', () => {
  it('gives each order on a page its own lines', async () => {
    const t = await createTestApp();
    try {
      const seller = await signInSeller(t);
      const ids = (await CASES[2].store(t, 5)).reverse();
      const res = await request(t.server)
        .get('/api/order/seller?page=2&limit=2')
        .set('Cookie', seller)
        .expect(200);
      const page = res.body.orders as { _id: string; items: { quantity: number }[] }[];
      expect(page.map((o) => o._id)).toEqual(ids.slice(2, 4));
      // Stored oldest first with quantities 1..5: the 3rd and 4th newest hold 3 and 2.
      expect(page.map((o) => o.items.map((i) => i.quantity))).toEqual([[3], [2]]);
    } finally {
      await t.close();
    }
  });
});
