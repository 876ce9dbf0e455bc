/**
 * Sign-in for API tests, over HTTP like a browser would:
 *
 *   const cookie = await signInCustomer(t, { email: 'jane@example.com' });
 *   await request(t.server).get('/api/user/profile').set('Cookie', cookie).expect(200);
 *
 * Customers go through the development identity provider (POST /api/auth/dev/id-token) and
 * POST /api/user/google-login (signing up on first use); the seller through POST /api/seller/login.
 */
import request from 'supertest';
import type { AddressInput } from '@larder/shared-domain';
import { CUSTOMER_COOKIE, SELLER_COOKIE } from '../src/session/session-cookies';
import type { TestApp } from './harness';

export interface TestCustomer {
  email: string;
  firstName?: string;
  lastName?: string;
  /** A UK number; a default one is used on sign-up when omitted. */
  phone?: string;
}

/** The `name=value` pair of a cookie set by a response, e.g. for `.set('Cookie', ...)`. */
export function cookieFrom(res: { headers: Record<string, unknown> }, name: string): string | undefined {
  const header = res.headers['set-cookie'];
  const cookies = Array.isArray(header) ? (header as string[]) : typeof header === 'string' ? [header] : [];
  for (const cookie of cookies) {
    const pair = cookie.split(';')[0];
    if (pair.startsWith(`${name}=`) && pair.length > name.length + 1) return pair;
  }
  return undefined;
}

/** Signs the customer in (signing them up first when the e-mail is new); returns the customer cookie. */
export async function signInCustomer(t: Pick<TestApp, 'server'>, customer: TestCustomer): Promise<string> {
  const firstName = customer.firstName ?? 'Test';
  const lastName = customer.lastName ?? 'Customer';
  const token = await request(t.server)
    .post('/api/auth/dev/id-token')
    .send({ email: customer.email, firstName, lastName })
    .expect(200);
  const res = await request(t.server)
    .post('/api/user/google-login')
    .send({ tokenId: token.body.tokenId, firstName, lastName, phone: customer.phone ?? '07700 900123' });
  if (res.status !== 200) throw new Error(`google-login answered ${res.status}: ${JSON.stringify(res.body)}`);
  const cookie = cookieFrom(res, CUSTOMER_COOKIE) ?? cookieFrom(res, `__Host-${CUSTOMER_COOKIE}`);
  if (!cookie) throw new Error('google-login did not set the customer cookie');
  return cookie;
}

/** Signs the customer in and saves one delivery address for them; returns the cookie and the address id. */
export async function signInCustomerWithAddress(
  t: Pick<TestApp, 'server'>,
  customer: TestCustomer,
  address: AddressInput,
): Promise<{ cookie: string; addressId: string }> {
  const cookie = await signInCustomer(t, customer);
  const res = await request(t.server).put('/api/user/add-address').set('Cookie', cookie).send({ address });
  expect(res.status).toBeLessThan(300);
  return { cookie, addressId: res.body.newAddress._id };
}

/** Signs the seller in with the configured credentials; returns the seller cookie. */
export async function signInSeller(t: Pick<TestApp, 'server' | 'config'>): Promise<string> {
  const res = await request(t.server)
    .post('/api/seller/login')
    .send({ email: t.config.sellerEmail, password: t.config.sellerPassword });
  if (res.status !== 200) throw new Error(`seller login answered ${res.status}: ${JSON.stringify(res.body)}`);
  const cookie = cookieFrom(res, SELLER_COOKIE) ?? cookieFrom(res, `__Host-${SELLER_COOKIE}`);
  if (!cookie) throw new Error('seller login did not set the seller cookie');
  return cookie;
}

let staffCounter = 0;

/** Signs a member of staff in with their e-mail and password; returns the seller cookie and the login answer. */
export async function signInStaffWith(
  t: Pick<TestApp, 'server'>,
  email: string,
  password: string,
): Promise<{ cookie: string; body: Record<string, unknown> }> {
  const res = await request(t.server).post('/api/seller/login').send({ email, password });
  if (res.status !== 200) throw new Error(`staff login answered ${res.status}: ${JSON.stringify(res.body)}`);
  const cookie = cookieFrom(res, SELLER_COOKIE) ?? cookieFrom(res, `__Host-${SELLER_COOKIE}`);
  if (!cookie) throw new Error('staff login did not set the seller cookie');
  return { cookie, body: res.body as Record<string, unknown> };
}

/**
 * The owner (signed in with `ownerCookie`, or signed in here) adds a member with this role; the member signs in
 * and replaces their first password. Returns their id, e-mail, password (the new one) and seller cookie.
 */
export async function signInStaff(
  t: Pick<TestApp, 'server' | 'config'>,
  role: 'manager' | 'picker' | 'driver',
  options: { ownerCookie?: string; name?: string } = {},
): Promise<{ id: string; email: string; password: string; cookie: string }> {
  staffCounter += 1;
  const owner = options.ownerCookie ?? (await signInSeller(t));
  const email = `${role}${staffCounter}.${Date.now()}@larder.test`;
  const first = `first-password-${staffCounter}-of-${role}`;
  const added = await request(t.server)
    .post('/api/seller/staff')
    .set('Cookie', owner)
    .send({ email, name: options.name ?? `Test ${role} ${staffCounter}`, role, password: first });
  if (added.status !== 201)
    throw new Error(`adding staff answered ${added.status}: ${JSON.stringify(added.body)}`);
  const { cookie } = await signInStaffWith(t, email, first);
  const password = `chosen-password-${staffCounter}-by-${role}`;
  const changed = await request(t.server)
    .post('/api/seller/password')
    .set('Cookie', cookie)
    .send({ currentPassword: first, newPassword: password });
  if (changed.status !== 200)
    throw new Error(`changing the password answered ${changed.status}: ${JSON.stringify(changed.body)}`);
  return { id: (added.body as { staff: { _id: string } }).staff._id, email, password, cookie };
}

/**
 * New customers with an address, one a call: `label1@example.com` (last name `Label1`), then `label2@…`. `app` is
 * asked at each call, so the factory can be made before the test app starts.
 */
export function newCustomers(
  app: () => Pick<TestApp, 'server'>,
  label: string,
  address: AddressInput,
): () => Promise<{ cookie: string; addressId: string }> {
  let count = 0;
  const lastName = label.charAt(0).toUpperCase() + label.slice(1);
  return () => {
    count += 1;
    return signInCustomerWithAddress(
      app(),
      { email: `${label}${count}@example.com`, lastName: `${lastName}${count}` },
      address,
    );
  };
}
