import request from 'supertest';
import { eq } from 'drizzle-orm';
import { ERROR_CODES, DEFAULT_PAGE_LIMIT, MESSAGES } from '@larder/shared-domain';
import { createTestApp, TestApp } from '../../test/harness';
import { signInCustomer, signInSeller } from '../../test/auth-helpers';
import { newsletterSubscribers } from '../db/schema';

/** A well-formed address of exactly `length` characters (three 63-letter domain labels and a local part). */
function longEmail(length: number): string {
  const domain = `${'d'.repeat(63)}.${'e'.repeat(63)}.${'f'.repeat(63)}.com`;
  return `${'a'.repeat(length - domain.length - 1)}@${domain}`;
}

describe('newsletter', () => {
  let t: TestApp;
  let seller: string;

  beforeAll(async () => {
    t = await createTestApp();
    seller = await signInSeller(t);
  });
  afterAll(async () => {
    await t?.close();
  });

  const stored = async () => (await t.db.select().from(newsletterSubscribers)).map((row) => row.email);

  it('stores the address once and answers the confirmation', async () => {
    const res = await request(t.server).post('/api/newsletter').send({ email: 'ada@example.co.uk' });
    expect(res.status).toBe(201);
    expect(res.body).toEqual({ success: true, message: MESSAGES.newsletterJoined });
    expect(await stored()).toEqual(['ada@example.co.uk']);

    const list = await request(t.server).get('/api/newsletter').set('Cookie', seller).expect(200);
    expect(list.body).toEqual({
      success: true,
      subscribers: [{ email: 'ada@example.co.uk', createdAt: expect.any(String) }],
      page: 1,
      limit: DEFAULT_PAGE_LIMIT,
      total: 1,
      totalPages: 1,
    });
    expect(new Date(list.body.subscribers[0].createdAt).toISOString()).toBe(
      list.body.subscribers[0].createdAt,
    );
  });

  it('answers the same success for an address already on the list, in any case, and keeps one row', async () => {
    const res = await request(t.server).post('/api/newsletter').send({ email: '  ADA@Example.CO.UK ' });
    expect(res.status).toBe(201);
    expect(res.body).toEqual({ success: true, message: MESSAGES.newsletterJoined });
    expect(await stored()).toEqual(['ada@example.co.uk']);
  });

  const invalid: Array<[string, Record<string, unknown>, RegExp | string]> = [
    ['no email', {}, MESSAGES.enterEmail],
    ['a blank email', { email: '   ' }, MESSAGES.enterEmail],
    ['an invalid email', { email: 'ada@' }, 'Please enter a valid email address'],
    ['a number as the email', { email: 42 }, 'Please enter a valid email address'],
    ['an email over 254 characters', { email: longEmail(255) }, 'Please enter a valid email address'],
    ['an unknown field', { email: 'grace@example.com', name: 'Grace' }, /name/],
  ];

  it.each(invalid)('refuses %s and stores nothing', async (_label, body, message) => {
    const before = await stored();
    const res = await request(t.server).post('/api/newsletter').send(body);
    expect(res.status).toBe(400);
    expect(res.body.success).toBe(false);
    expect(res.body.message).toEqual(typeof message === 'string' ? message : expect.stringMatching(message));
    expect(await stored()).toEqual(before);
  });

  it('accepts an address of 254 characters', async () => {
    await request(t.server)
      .post('/api/newsletter')
      .send({ email: longEmail(254) })
      .expect(201);
    expect(await stored()).toContain(longEmail(254));
    await t.db.delete(newsletterSubscribers).where(eq(newsletterSubscribers.email, longEmail(254)));
  });

  it('lists subscribers newest first, for the seller only', async () => {
    await request(t.server).post('/api/newsletter').send({ email: 'grace@example.com' }).expect(201);

    expect((await request(t.server).get('/api/newsletter')).status).toBe(401);
    const customer = await signInCustomer(t, { email: 'nosy@example.com' });
    const asCustomer = await request(t.server).get('/api/newsletter').set('Cookie', customer);
    expect(asCustomer.status).toBe(401);
    expect(asCustomer.body.success).toBe(false);

    const res = await request(t.server).get('/api/newsletter').set('Cookie', seller).expect(200);
    expect(res.body.success).toBe(true);
    expect(res.body.subscribers.map((s: { email: string }) => s.email)).toEqual([
      'grace@example.com',
      'ada@example.co.uk',
    ]);
    const times = res.body.subscribers.map((s: { createdAt: string }) => s.createdAt);
    expect([...times].sort().reverse()).toEqual(times);
  });
});

describe('newsletter rate limit', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ throttleLimit: 2 });
  });
  afterAll(async () => {
    await t?.close();
  });

  it('answers 429 once the limit is reached, and stores nothing more', async () => {
    await request(t.server).post('/api/newsletter').send({ email: 'one@example.com' }).expect(201);
    await request(t.server).post('/api/newsletter').send({ email: 'two@example.com' }).expect(201);
    const res = await request(t.server).post('/api/newsletter').send({ email: 'three@example.com' });
    expect(res.status).toBe(429);
    expect(res.body).toEqual({
      success: false,
      message: MESSAGES.tooManyRequests,
      code: ERROR_CODES.TOO_MANY_REQUESTS,
    });
    expect(await t.db.select().from(newsletterSubscribers)).toHaveLength(2);
  });
});
