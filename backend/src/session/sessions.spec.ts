import { eq, sql } from 'drizzle-orm';
import request from 'supertest';
import { ERROR_CODES, MESSAGES, signInLockedMessage } from '@larder/shared-domain';
import { signInCustomer, signInSeller } from '../../test/auth-helpers';
import { createTestApp, TestApp } from '../../test/harness';
import { sessions, signInFailures, users } from '../db/schema';
import { ACCOUNT_FREE_FAILURES } from '../seller-auth/seller-auth.service';
import { Clock } from '../common/clock';
import { SessionService } from './session.service';

const NOT_SIGNED_IN = { success: false, message: MESSAGES.notAuthorized, code: ERROR_CODES.NOT_SIGNED_IN };

describe('sessions kept on the server', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({
      sellerEmail: 'boss@larder.test',
      sellerPassword: 'correct horse battery staple',
      customerIdleMinutes: 60,
      sellerIdleMinutes: 30,
    });
  });
  afterAll(() => t.close());

  const customerIsAuth = (cookie: string) => request(t.server).get('/api/user/is-auth').set('Cookie', cookie);
  const sellerIsAuth = (cookie: string) => request(t.server).get('/api/seller/is-auth').set('Cookie', cookie);

  it.each(['get', 'post'] as const)(
    'a customer logout by %s ends the session on the server, not only in the browser',
    async (method) => {
      const cookie = await signInCustomer(t, { email: `logout-${method}@example.com` });
      await customerIsAuth(cookie).expect(200);
      const res = await request(t.server)[method]('/api/user/logout').set('Cookie', cookie).expect(200);
      expect(res.body).toEqual({ success: true, message: MESSAGES.loggedOut });
      // The same cookie, kept by an attacker or another tab, no longer works.
      expect((await customerIsAuth(cookie).expect(401)).body).toEqual(NOT_SIGNED_IN);
    },
  );

  it('a logout ends only that session: the same customer stays signed in on another device', async () => {
    const phone = await signInCustomer(t, { email: 'two-devices@example.com' });
    const laptop = await signInCustomer(t, { email: 'two-devices@example.com' });
    await request(t.server).get('/api/user/logout').set('Cookie', phone).expect(200);
    await customerIsAuth(phone).expect(401);
    await customerIsAuth(laptop).expect(200);
  });

  it('deleting the account ends every session of it', async () => {
    const first = await signInCustomer(t, { email: 'leaving@example.com' });
    const second = await signInCustomer(t, { email: 'leaving@example.com' });
    const [{ id: userId }] = await t.db
      .select({ id: sessions.userId })
      .from(sessions)
      .where(sql`${sessions.userId} is not null`)
      .orderBy(sql`${sessions.createdAt} desc`)
      .limit(1);
    await request(t.server).delete('/api/user/delete-account').set('Cookie', first).expect(200);
    await customerIsAuth(second).expect(401);
    expect(await t.db.select().from(sessions).where(eq(sessions.userId, userId!))).toEqual([]);
  });

  it('a customer session idle for longer than the timeout ends; one in use stays', async () => {
    const idle = await signInCustomer(t, { email: 'idle@example.com' });
    const active = await signInCustomer(t, { email: 'active@example.com' });
    const backdate = (email: string, minutes: number) =>
      t.db.execute(
        sql`update sessions set last_seen_at = now() - make_interval(mins => ${minutes})
            where user_id = (select id from users where email = ${email})`,
      );
    await backdate('idle@example.com', 61);
    await backdate('active@example.com', 59);
    expect((await customerIsAuth(idle).expect(401)).body).toEqual(NOT_SIGNED_IN);
    await customerIsAuth(active).expect(200);
    // Using the session moved its last use forward.
    const [row] = await t.db
      .select({
        idleSeconds: sql<number>`extract(epoch from now() - ${sessions.lastSeenAt})`.mapWith(Number),
      })
      .from(sessions)
      .innerJoin(users, eq(users.id, sessions.userId))
      .where(eq(users.email, 'active@example.com'));
    expect(row.idleSeconds).toBeLessThan(60);
  });

  it.each(['get', 'post'] as const)('a seller logout by %s ends the seller session', async (method) => {
    const cookie = await signInSeller(t);
    await sellerIsAuth(cookie).expect(200);
    await request(t.server)[method]('/api/seller/logout').set('Cookie', cookie).expect(200);
    await sellerIsAuth(cookie).expect(401);
  });

  it.each(['cross-site', 'same-site'])(
    'GET sign-out sent from another site (Sec-Fetch-Site: %s) is refused and the session stays',
    async (site) => {
      const customer = await signInCustomer(t, { email: `linked-logout-${site}@example.com` });
      const seller = await signInSeller(t);
      for (const [url, cookie] of [
        ['/api/user/logout', customer],
        ['/api/seller/logout', seller],
      ]) {
        const res = await request(t.server)
          .get(url)
          .set('Cookie', cookie)
          .set('Sec-Fetch-Site', site)
          .expect(403);
        expect(res.body).toMatchObject({
          success: false,
          message: MESSAGES.forbiddenOrigin,
          code: ERROR_CODES.ORIGIN_NOT_ALLOWED,
        });
        expect(res.headers['set-cookie']).toBeUndefined();
      }
      await customerIsAuth(customer).expect(200);
      await sellerIsAuth(seller).expect(200);
      // From the shop's own pages (same-origin) or typed in (none), it signs out.
      await request(t.server)
        .get('/api/user/logout')
        .set('Cookie', customer)
        .set('Sec-Fetch-Site', 'same-origin')
        .expect(200);
      await request(t.server)
        .get('/api/seller/logout')
        .set('Cookie', seller)
        .set('Sec-Fetch-Site', 'none')
        .expect(200);
      await customerIsAuth(customer).expect(401);
      await sellerIsAuth(seller).expect(401);
    },
  );

  it('a seller session idle for longer than the timeout ends', async () => {
    const cookie = await signInSeller(t);
    await t.db.execute(
      sql`update sessions set last_seen_at = now() - interval '31 minutes' where kind = 'seller'`,
    );
    await sellerIsAuth(cookie).expect(401);
  });

  it("a change of the seller's password ends the seller sessions", async () => {
    const cookie = await signInSeller(t);
    await sellerIsAuth(cookie).expect(200);
    const password = t.config.sellerPassword;
    t.config.sellerPassword = 'a brand new seller password';
    try {
      // A replica started with the new password refuses the old session…
      await sellerIsAuth(cookie).expect(401);
      // …and removes it from the database when it starts.
      await t.app.get(SessionService).onApplicationBootstrap();
      expect(await t.db.select().from(sessions).where(eq(sessions.kind, 'seller'))).toEqual([]);
    } finally {
      t.config.sellerPassword = password;
    }
  });
});

describe('failed seller sign-ins lock out the client address, never the seller elsewhere', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({
      sellerEmail: 'boss@larder.test',
      sellerPassword: 'correct horse battery staple',
      sellerLockoutAttempts: 3,
      sellerLockoutMinutes: 15,
    });
  });
  afterAll(() => t.close());

  // The connection's own address (no proxy header), as nginx or a client would present it.
  const login = async (remoteAddress: string, password: string, email = 'boss@larder.test') => {
    const res = await t.app
      .getHttpAdapter()
      .getInstance()
      .inject({ method: 'POST', url: '/api/seller/login', remoteAddress, payload: { email, password } });
    return { status: res.statusCode, body: res.json() as unknown, cookie: res.headers['set-cookie'] };
  };
  const CORRECT = 'correct horse battery staple';
  const locked = { status: 429, body: { success: false, message: signInLockedMessage(15) } };

  it('locks the attacking address, even for the right password, and lets the seller in from another', async () => {
    expect(await login('127.0.0.2', 'wrong-1')).toMatchObject({
      status: 401,
      body: { success: false, message: MESSAGES.invalidCredentials },
    });
    await login('127.0.0.2', 'wrong-2', 'someone@else.example');
    expect(await login('127.0.0.2', 'wrong-3')).toMatchObject(locked);
    const refused = await login('127.0.0.2', CORRECT);
    expect(refused).toMatchObject(locked);
    expect(refused.cookie).toBeUndefined();
    // Attempts while locked are refused unread, and change nothing elsewhere.
    expect(await login('127.0.0.2', 'wrong-4')).toMatchObject(locked);
    const seller = await login('127.0.0.3', CORRECT);
    expect(seller.status).toBe(200);
    expect(seller.cookie).toBeDefined();
    const rows = await t.db.select().from(signInFailures);
    // The wrong password typed for another e-mail address is counted against that account only.
    expect(rows.map((r) => [r.account, r.failures]).sort()).toEqual([
      ['address:127.0.0.2', 3],
      ['seller-account:someone@else.example', 1],
      ['seller@127.0.0.2', 3],
    ]);
    const address = rows.find((r) => r.account === 'address:127.0.0.2');
    expect(address?.lockedUntil?.getTime()).toBeGreaterThan(Date.now() + 14 * 60_000);
  });

  it('counts failures per address: two addresses below the limit lock neither', async () => {
    await login('127.0.0.4', 'wrong');
    await login('127.0.0.4', 'wrong');
    await login('127.0.0.5', 'wrong');
    await login('127.0.0.5', 'wrong');
    expect((await login('127.0.0.4', CORRECT)).status).toBe(200);
    expect((await login('127.0.0.5', CORRECT)).status).toBe(200);
  });

  it('lets the address in once the lock has passed, and forgets its failures', async () => {
    await t.db.execute(
      sql`update sign_in_failures set locked_until = now() - interval '1 second',
          last_failure_at = now() - interval '16 minutes'`,
    );
    expect((await login('127.0.0.2', CORRECT)).status).toBe(200);
    // What is left is the other account's count, which the seller's sign-in does not clear.
    expect((await t.db.select().from(signInFailures)).map((r) => r.account)).toEqual([
      'seller-account:someone@else.example',
    ]);
    // The count starts again from zero.
    expect((await login('127.0.0.2', 'wrong-again')).status).toBe(401);
    expect((await login('127.0.0.2', CORRECT)).status).toBe(200);
  });

  it('counts an IPv6 client by its /64: another address of the same network is locked too', async () => {
    await login('2001:db8:7:1::10', 'wrong-1');
    await login('2001:db8:7:1:ffff::2', 'wrong-2');
    expect(await login('2001:0db8:0007:0001::99', 'wrong-3')).toMatchObject(locked);
    expect(await login('2001:db8:7:1::abcd', CORRECT)).toMatchObject(locked);
    // The next /64 is another client.
    expect((await login('2001:db8:7:2::10', CORRECT)).status).toBe(200);
    const keys = (await t.db.select().from(signInFailures)).map((r) => r.account);
    expect(keys).toEqual(expect.arrayContaining(['address:2001:db8:7:1::/64', 'seller@2001:db8:7:1::/64']));
    await t.db.delete(signInFailures);
  });

  it('slows guessing at one account from many addresses down, never keeping the seller out for long (clock pinned)', async () => {
    const clock = t.app.get(Clock);
    const realNow = clock.now;
    let now = new Date('2026-11-23T10:00:00Z');
    clock.now = () => now;
    const later = (seconds: number) => (now = new Date(now.getTime() + seconds * 1000));
    let n = 0;
    const guess = () => {
      n += 1;
      return login(`10.9.${Math.floor(n / 200)}.${n % 200}`, 'guess');
    };
    const lockSeconds = async () => {
      const [row] = await t.db
        .select()
        .from(signInFailures)
        .where(eq(signInFailures.account, 'seller-account:boss@larder.test'));
      return row.lockedUntil ? (row.lockedUntil.getTime() - now.getTime()) / 1000 : 0;
    };
    try {
      for (let i = 1; i < ACCOUNT_FREE_FAILURES; i++) expect((await guess()).status).toBe(401);
      expect(await lockSeconds()).toBe(0);
      // The tenth wrong password in a row locks the password step for 30 s, even for the right password…
      expect(await guess()).toMatchObject({ status: 429, body: { message: signInLockedMessage(1) } });
      expect(await lockSeconds()).toBe(30);
      expect(await login('10.9.9.10', CORRECT)).toMatchObject({ status: 429 });
      // …but only that account's: a sign-in with another e-mail address is still read (and answered 401).
      expect(await login('10.9.9.11', 'guess', 'someone@else.example')).toMatchObject({
        status: 401,
        body: { message: MESSAGES.invalidCredentials },
      });
      // Each further wrong password doubles the wait, up to 15 minutes: never an hour.
      for (const seconds of [60, 120, 240, 480, 900, 900]) {
        later(29);
        expect(await guess()).toMatchObject({ status: 429 });
        later(1);
        expect(await guess()).toMatchObject({ status: 429 });
        expect(await lockSeconds()).toBe(seconds);
        later(seconds - 30);
      }
      // Once the last lock has passed the seller is in, and the count starts again.
      later(30);
      expect((await login('10.9.9.12', CORRECT)).status).toBe(200);
      expect((await guess()).status).toBe(401);
      expect(await lockSeconds()).toBe(0);
    } finally {
      clock.now = realNow;
      await t.db.delete(signInFailures);
    }
  });
});
