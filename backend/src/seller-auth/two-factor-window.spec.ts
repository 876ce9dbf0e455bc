import { generate } from 'otplib';
import request from 'supertest';
import { MESSAGES } from '@larder/shared-domain';
import { cookieFrom, signInSeller } from '../../test/auth-helpers';
import { createTestApp, TestApp } from '../../test/harness';
import { SELLER_CODE_COOKIE, SELLER_COOKIE } from '../session/session-cookies';
import { Clock } from '../common/clock';

const EMAIL = 'boss@larder.test';
const PASSWORD = 'correct horse battery staple';
/** 10 seconds into a 30-second step. */
const START = Date.parse('2026-03-02T10:00:10Z');
const STEP_MS = 30_000;

/**
 * Which authenticator codes sign the seller in: the current step's and one step either side (clock drift), each
 * once; a code two steps away is refused, however it was got.
 */
describe('the two-factor code window', () => {
  let t: TestApp;
  let now = START;
  let secret: string;

  beforeAll(async () => {
    t = await createTestApp({
      sellerEmail: EMAIL,
      sellerPassword: PASSWORD,
      sellerLockoutAttempts: 100,
      throttleLimit: 1000,
    });
    t.app.get(Clock).now = () => new Date(now);
    const seller = await signInSeller(t);
    const setup = await request(t.server)
      .post('/api/seller/two-factor/setup')
      .set('Cookie', seller)
      .expect(200);
    secret = setup.body.secret;
    await request(t.server)
      .post('/api/seller/two-factor/confirm')
      .set('Cookie', seller)
      .send({ code: await codeAt(now) })
      .expect(200);
  });
  afterAll(() => t.close());

  /** The code an authenticator shows at the given time. */
  const codeAt = (ms: number) => generate({ secret, epoch: Math.floor(ms / 1000) });

  /** The password step, then the code: the answer's status and message, and whether a session cookie came. */
  async function signIn(code: string) {
    const password = await request(t.server)
      .post('/api/seller/login')
      .send({ email: EMAIL, password: PASSWORD })
      .expect(200);
    expect(password.body.twoFactorRequired).toBe(true);
    const pending = cookieFrom(password, SELLER_CODE_COOKIE)!;
    const res = await request(t.server).post('/api/seller/login/code').set('Cookie', pending).send({ code });
    return { status: res.status, message: res.body.message, session: !!cookieFrom(res, SELLER_COOKIE) };
  }

  const refused = { status: 401, message: MESSAGES.twoFactorCodeWrong, session: false };
  const accepted = { status: 200, message: MESSAGES.sellerLoggedIn, session: true };

  it('refuses a code two steps old, and takes the previous step once', async () => {
    now = START + 10 * 60_000;
    expect(await signIn(await codeAt(now - 2 * STEP_MS))).toEqual(refused);
    expect(await signIn(await codeAt(now - 10 * 60_000))).toEqual(refused);
    const previous = await codeAt(now - STEP_MS);
    expect(await signIn(previous)).toEqual(accepted);
    expect(await signIn(previous)).toEqual(refused);
  });

  it('refuses a code two steps ahead, and takes the next step once', async () => {
    now = START + 20 * 60_000;
    expect(await signIn(await codeAt(now + 2 * STEP_MS))).toEqual(refused);
    const next = await codeAt(now + STEP_MS);
    expect(await signIn(next)).toEqual(accepted);
    expect(await signIn(next)).toEqual(refused);
  });
});
