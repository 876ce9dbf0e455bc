import { eq, sql } from 'drizzle-orm';
import { MESSAGES, signInLockedMessage } from '@larder/shared-domain';
import { createTestApp, TestApp } from '../../test/harness';
import { signInFailures } from '../db/schema';

const EMAIL = 'boss@larder.test';
const CORRECT = 'correct horse battery staple';

/**
 * Seller sign-in failures are counted for SELLER_LOCKOUT_MINUTES only: failures older than that are forgotten, and
 * a lock ends when its time is up. The counts live in the database and age by its clock, so the tests age them
 * there.
 */
describe('seller sign-in failures and locks expire', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({
      sellerEmail: EMAIL,
      sellerPassword: CORRECT,
      sellerLockoutAttempts: 3,
      sellerLockoutMinutes: 15,
    });
  });
  afterAll(() => t.close());
  // These are the address's locks: the account-wide count (sessions.spec.ts) is started afresh for each.
  afterEach(() => t.db.delete(signInFailures).where(eq(signInFailures.account, `seller-account:${EMAIL}`)));

  /** A sign-in from the connection's own address (no proxy header). */
  const login = async (remoteAddress: string, password: string) => {
    const res = await t.app
      .getHttpAdapter()
      .getInstance()
      .inject({
        method: 'POST',
        url: '/api/seller/login',
        remoteAddress,
        payload: { email: EMAIL, password },
      });
    return { status: res.statusCode, message: (res.json() as { message?: string }).message };
  };
  const wrong = { status: 401, message: MESSAGES.invalidCredentials };
  const locked = { status: 429, message: signInLockedMessage(15) };

  /** Moves an address's failures (and any lock) back in time. */
  const age = (address: string, minutes: number) =>
    t.db
      .update(signInFailures)
      .set({
        lastFailureAt: sql`${signInFailures.lastFailureAt} - make_interval(mins => ${minutes})`,
        lockedUntil: sql`${signInFailures.lockedUntil} - make_interval(mins => ${minutes})`,
      })
      .where(sql`${signInFailures.account} in (${`seller@${address}`}, ${`address:${address}`})`);

  const failuresOf = async (address: string) =>
    (
      await t.db
        .select()
        .from(signInFailures)
        .where(eq(signInFailures.account, `address:${address}`))
    )[0]?.failures;

  it('forgets failures older than the lock period: the count starts again', async () => {
    expect(await login('127.0.5.1', 'wrong-1')).toEqual(wrong);
    expect(await login('127.0.5.1', 'wrong-2')).toEqual(wrong);
    await age('127.0.5.1', 16);
    // Two more failures would lock the address if the old ones still counted.
    expect(await login('127.0.5.1', 'wrong-3')).toEqual(wrong);
    expect(await failuresOf('127.0.5.1')).toBe(1);
    expect(await login('127.0.5.1', 'wrong-4')).toEqual(wrong);
    expect(await login('127.0.5.1', 'wrong-5')).toEqual(locked);
  });

  it('keeps failures within the lock period', async () => {
    expect(await login('127.0.5.2', 'wrong-1')).toEqual(wrong);
    expect(await login('127.0.5.2', 'wrong-2')).toEqual(wrong);
    await age('127.0.5.2', 14);
    expect(await login('127.0.5.2', 'wrong-3')).toEqual(locked);
  });

  it('holds a lock until its end, then lets the right password in', async () => {
    for (const password of ['wrong-1', 'wrong-2']) await login('127.0.5.3', password);
    expect(await login('127.0.5.3', 'wrong-3')).toEqual(locked);
    await age('127.0.5.3', 14);
    expect((await login('127.0.5.3', CORRECT)).status).toBe(429);
    await age('127.0.5.3', 1);
    expect((await login('127.0.5.3', CORRECT)).status).toBe(200);
    expect(await failuresOf('127.0.5.3')).toBeUndefined();
  });

  it('after a lock has ended, one failure does not lock again', async () => {
    for (const password of ['wrong-1', 'wrong-2', 'wrong-3']) await login('127.0.5.4', password);
    expect(await login('127.0.5.4', CORRECT)).toEqual(locked);
    await age('127.0.5.4', 16);
    expect(await login('127.0.5.4', 'wrong-4')).toEqual(wrong);
    expect(await login('127.0.5.4', 'wrong-5')).toEqual(wrong);
  });
});
