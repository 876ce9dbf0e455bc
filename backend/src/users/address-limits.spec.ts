import { eq } from 'drizzle-orm';
import request from 'supertest';
import { ERROR_CODES, MAX_ADDRESSES_PER_CUSTOMER, MESSAGES } from '@larder/shared-domain';
import { signInCustomer } from '../../test/auth-helpers';
import { createTestApp, TestApp } from '../../test/harness';
import { addresses, users } from '../db/schema';

const address = (n: number) => ({
  street: `${n} Park Street`,
  city: 'Bristol',
  state: 'City of Bristol',
  postalCode: 'BS1 5TR',
  country: 'United Kingdom',
});

async function addressCount(t: TestApp, email: string): Promise<number> {
  const rows = await t.db
    .select({ id: addresses.id })
    .from(addresses)
    .innerJoin(users, eq(users.id, addresses.userId))
    .where(eq(users.email, email));
  return rows.length;
}

describe('how many addresses a customer keeps', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  it(`keeps at most ${MAX_ADDRESSES_PER_CUSTOMER}, even when the additions race, and says why`, async () => {
    const email = 'many-homes@example.com';
    const cookie = await signInCustomer(t, { email });
    const add = (n: number) =>
      request(t.server)
        .put('/api/user/add-address')
        .set('Cookie', cookie)
        .send({ address: address(n) });
    for (let n = 1; n < MAX_ADDRESSES_PER_CUSTOMER - 2; n++) await add(n).expect(200);
    // The last places are fought over by five concurrent requests: exactly three win.
    const raced = await Promise.all([0, 1, 2, 3, 4].map((i) => add(100 + i)));
    expect(raced.map((r) => r.status).sort()).toEqual([200, 200, 200, 409, 409]);
    expect(await addressCount(t, email)).toBe(MAX_ADDRESSES_PER_CUSTOMER);

    const refused = await add(999).expect(409);
    expect(refused.body).toEqual({
      success: false,
      message: MESSAGES.tooManyAddresses,
      code: ERROR_CODES.TOO_MANY_ADDRESSES,
    });
    expect(await addressCount(t, email)).toBe(MAX_ADDRESSES_PER_CUSTOMER);
  });
});

describe('adding addresses is rate limited per customer', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ addressThrottleLimit: 2, addressThrottleTtlMs: 60_000 });
  });
  afterAll(() => t.close());

  it('answers 429 to a customer over the limit, while another customer from the same address goes on', async () => {
    const busy = await signInCustomer(t, { email: 'busy@example.com' });
    const other = await signInCustomer(t, { email: 'other@example.com' });
    const add = (cookie: string, n: number) =>
      request(t.server)
        .put('/api/user/add-address')
        .set('Cookie', cookie)
        .send({ address: address(n) });
    await add(busy, 1).expect(200);
    await add(busy, 2).expect(200);
    const limited = await add(busy, 3).expect(429);
    expect(limited.body).toEqual({
      success: false,
      message: MESSAGES.tooManyRequests,
      code: ERROR_CODES.TOO_MANY_REQUESTS,
    });
    expect(await addressCount(t, 'busy@example.com')).toBe(2);
    await add(other, 1).expect(200);
  });
});
