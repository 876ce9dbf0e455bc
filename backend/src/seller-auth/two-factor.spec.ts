import { desc, sql } from 'drizzle-orm';
import { generate } from 'otplib';
import request from 'supertest';
import { ERROR_CODES, MESSAGES, signInLockedMessage } from '@larder/shared-domain';
import { cookieFrom, signInSeller } from '../../test/auth-helpers';
import { createTestApp, TestApp } from '../../test/harness';
import { SELLER_CODE_COOKIE, SELLER_COOKIE } from '../session/session-cookies';
import { activityLog, sellerRecoveryCodes, sellerTwoFactor, signInFailures } from '../db/schema';
import { Clock } from '../common/clock';
import { TwoFactorRepository } from './two-factor.repository';
import { TwoFactorService } from './two-factor.service';
import { CODES_PER_ACCOUNT } from './seller-auth.service';

const EMAIL = 'boss@larder.test';
const PASSWORD = 'correct horse battery staple';
const START = Date.parse('2026-03-02T10:00:00Z');

describe("the seller's two-factor sign-in", () => {
  let t: TestApp;
  let now = START;
  let seller: string;
  let secret: string;
  let recoveryCodes: string[];

  beforeAll(async () => {
    t = await createTestApp({
      sellerEmail: EMAIL,
      sellerPassword: PASSWORD,
      sellerLockoutAttempts: 3,
      sellerLockoutMinutes: 15,
      throttleLimit: 1000,
    });
    t.app.get(Clock).now = () => new Date(now);
    seller = await signInSeller(t);
  });
  afterAll(() => t.close());

  /** The authenticator app's code at the pinned time; `tick` moves the clock on to the next code. */
  const nextCode = () => generate({ secret, epoch: Math.floor(now / 1000) });
  const tick = () => {
    now += 30_000;
  };
  const post = (path: string, body: object, cookie = seller) =>
    request(t.server).post(path).set('Cookie', cookie).send(body);
  const passwordStep = async () => {
    const res = await request(t.server).post('/api/seller/login').send({ email: EMAIL, password: PASSWORD });
    expect(res.status).toBe(200);
    return res;
  };
  const codeStep = (code: string, cookie?: string) => {
    const req = request(t.server).post('/api/seller/login/code');
    return (cookie ? req.set('Cookie', cookie) : req).send({ code });
  };

  it('is off at first, and only the seller may see or change it', async () => {
    const res = await request(t.server).get('/api/seller/two-factor').set('Cookie', seller).expect(200);
    expect(res.body).toEqual({ success: true, enabled: false, recoveryCodesLeft: 0 });
    await request(t.server).get('/api/seller/two-factor').expect(401);
    await request(t.server).post('/api/seller/two-factor/setup').expect(401);
    expect((await passwordStep()).body).toEqual({
      success: true,
      message: MESSAGES.sellerLoggedIn,
      twoFactorRequired: false,
    });
  });

  it('enrols an authenticator: a QR code of the otpauth address, the secret stored encrypted', async () => {
    const res = await post('/api/seller/two-factor/setup', {}).expect(200);
    secret = res.body.secret;
    expect(secret).toMatch(/^[A-Z2-7]{16,}$/);
    expect(res.body.otpauthUrl).toMatch(/^otpauth:\/\/totp\/Larder:boss%40larder\.test\?/);
    expect(res.body.otpauthUrl).toContain(`secret=${secret}`);
    const svg = Buffer.from(
      res.body.qrCode.replace(/^data:image\/svg\+xml;base64,/, ''),
      'base64',
    ).toString();
    expect(svg).toMatch(/^<svg[^>]*>/);
    const [row] = await t.db.select().from(sellerTwoFactor);
    expect(row.enabledAt).toBeNull();
    expect(row.secret).not.toContain(secret);
    // Not on until confirmed: the password alone still signs in.
    expect((await passwordStep()).body.twoFactorRequired).toBe(false);
  });

  it('turns on with the first code and answers ten recovery codes, kept only as hashes', async () => {
    const wrong = await post('/api/seller/two-factor/confirm', { code: '000000' }).expect(400);
    expect(wrong.body).toEqual({
      success: false,
      message: MESSAGES.twoFactorCodeWrong,
      code: ERROR_CODES.TWO_FACTOR_CODE_WRONG,
    });
    const res = await post('/api/seller/two-factor/confirm', { code: await nextCode() }).expect(200);
    expect(res.body.message).toBe(MESSAGES.twoFactorEnabled);
    recoveryCodes = res.body.recoveryCodes;
    expect(recoveryCodes).toHaveLength(10);
    expect(new Set(recoveryCodes).size).toBe(10);
    const stored = await t.db.select().from(sellerRecoveryCodes);
    expect(stored).toHaveLength(10);
    for (const code of recoveryCodes)
      expect(stored.some((r) => r.codeHash.includes(code.replace('-', '')))).toBe(false);
    const status = await request(t.server).get('/api/seller/two-factor').set('Cookie', seller).expect(200);
    expect(status.body).toEqual({ success: true, enabled: true, recoveryCodesLeft: 10 });
    // The secret is never given out again.
    const again = await post('/api/seller/two-factor/setup', {}).expect(409);
    expect(again.body).toEqual({
      success: false,
      message: MESSAGES.twoFactorAlreadyOn,
      code: ERROR_CODES.TWO_FACTOR_ALREADY_ON,
    });
  });

  it('asks for the code after the right password, and signs in only with a fresh one', async () => {
    const first = await passwordStep();
    expect(first.body).toEqual({
      success: true,
      message: MESSAGES.twoFactorCodeNeeded,
      twoFactorRequired: true,
    });
    expect(cookieFrom(first, SELLER_COOKIE)).toBeUndefined();
    const pending = cookieFrom(first, SELLER_CODE_COOKIE)!;
    expect(pending).toBeDefined();
    // The half-way cookie is no session: who am I answers as to a visitor.
    expect(
      (await request(t.server).get('/api/seller/is-auth').set('Cookie', pending).expect(200)).body,
    ).toEqual({ success: false });

    // Without the password step first, no code is asked.
    const expired = await codeStep(await nextCode()).expect(401);
    expect(expired.body).toEqual({
      success: false,
      message: MESSAGES.twoFactorSignInExpired,
      code: ERROR_CODES.TWO_FACTOR_SIGN_IN_EXPIRED,
    });
    // The code that turned it on was used already (a replay).
    const replay = await codeStep(await nextCode(), pending).expect(401);
    expect(replay.body).toEqual({
      success: false,
      message: MESSAGES.twoFactorCodeWrong,
      code: ERROR_CODES.TWO_FACTOR_CODE_WRONG,
    });

    tick();
    const res = await codeStep(await nextCode(), pending).expect(200);
    expect(res.body).toEqual({ success: true, message: MESSAGES.sellerLoggedIn, twoFactorRequired: false });
    const cookie = cookieFrom(res, SELLER_COOKIE)!;
    await request(t.server).get('/api/seller/is-auth').set('Cookie', cookie).expect(200);
    expect(res.headers['set-cookie']).toEqual(
      expect.arrayContaining([expect.stringMatching(new RegExp(`^${SELLER_CODE_COOKIE}=;`))]),
    );
  });

  it('takes each recovery code once', async () => {
    tick();
    const pending = cookieFrom(await passwordStep(), SELLER_CODE_COOKIE)!;
    await codeStep(recoveryCodes[0].toUpperCase(), pending).expect(200);
    const again = await codeStep(recoveryCodes[0], pending).expect(401);
    expect(again.body).toEqual({
      success: false,
      message: MESSAGES.twoFactorCodeWrong,
      code: ERROR_CODES.TWO_FACTOR_CODE_WRONG,
    });
    const status = await request(t.server).get('/api/seller/two-factor').set('Cookie', seller).expect(200);
    expect(status.body.recoveryCodesLeft).toBe(9);
  });

  it('counts wrong codes towards the lock-out of the address', async () => {
    tick();
    // The spent recovery code above counted once already (against the address, its sign-in and the account).
    expect(await t.db.select().from(signInFailures)).toHaveLength(4);
    await t.db.delete(signInFailures);
    const pending = cookieFrom(await passwordStep(), SELLER_CODE_COOKIE)!;
    await codeStep('111111', pending).expect(401);
    // Each wrong code is written to the activity log, under the owner.
    const [failed] = await t.db
      .select({ action: activityLog.action, role: activityLog.actorRole, summary: activityLog.summary })
      .from(activityLog)
      .orderBy(desc(activityLog.id))
      .limit(1);
    expect(failed).toEqual({
      action: 'sign-in.failed',
      role: 'owner',
      summary: 'Sign-in failed: wrong authenticator code',
    });
    await codeStep('222222', pending).expect(401);
    const locked = await codeStep('333333', pending).expect(429);
    expect(locked.body).toEqual({
      success: false,
      message: signInLockedMessage(15),
      code: ERROR_CODES.SIGN_IN_LOCKED,
    });
    await codeStep(await nextCode(), pending).expect(429);
    await t.db.delete(signInFailures);
  });

  it('asks for the password again after a few wrong codes on one sign-in, whatever the address', async () => {
    tick();
    const codeFrom = async (remoteAddress: string, code: string, cookie: string) => {
      const res = await t.app.getHttpAdapter().getInstance().inject({
        method: 'POST',
        url: '/api/seller/login/code',
        remoteAddress,
        headers: { cookie },
        payload: { code },
      });
      return { status: res.statusCode, body: res.json() as unknown, cookies: res.headers['set-cookie'] };
    };
    const tooMany = { status: 429, body: { success: false, message: MESSAGES.twoFactorTooManyCodes } };
    const pending = cookieFrom(await passwordStep(), SELLER_CODE_COOKIE)!;
    const answers = [];
    for (let i = 0; i < 30; i++) answers.push(await codeFrom(`127.0.1.${i + 1}`, '000000', pending));
    expect(answers.slice(0, 4).map((a) => a.status)).toEqual([401, 401, 401, 401]);
    expect(answers[4]).toMatchObject(tooMany);
    expect(String(answers[4].cookies)).toMatch(new RegExp(`${SELLER_CODE_COOKIE}=;`));
    for (const answer of answers.slice(5)) expect(answer).toMatchObject(tooMany);
    // Not even the right code gets through on that sign-in.
    expect(await codeFrom('127.0.2.1', await nextCode(), pending)).toMatchObject(tooMany);

    // The account counts every sign-in's wrong codes: five more on a new one lock its code step for an hour.
    const second = cookieFrom(await passwordStep(), SELLER_CODE_COOKIE)!;
    for (let i = 0; i < 4; i++)
      expect((await codeFrom(`127.0.3.${i + 1}`, '000000', second)).status).toBe(401);
    const accountLocked = { status: 429, body: { success: false, message: signInLockedMessage(60) } };
    expect(await codeFrom('127.0.3.9', '000000', second)).toMatchObject(accountLocked);
    const third = cookieFrom(await passwordStep(), SELLER_CODE_COOKIE)!;
    expect(await codeFrom('127.0.4.1', await nextCode(), third)).toMatchObject(accountLocked);

    await t.db.execute(sql`update sign_in_failures set locked_until = now() - interval '1 second'`);
    expect((await codeFrom('127.0.4.1', await nextCode(), third)).status).toBe(200);
    // A complete sign-in forgets the account's wrong codes.
    const left = (await t.db.select().from(signInFailures)).map((r) => r.account);
    expect(left.filter((key) => key.startsWith('seller-codes:'))).toEqual([]);
    expect(left).toContain('address:127.0.1.1');
    await t.db.delete(signInFailures);
  });

  it('counts wrong codes to turn it off and locks them as at sign-in: the address, then the account', async () => {
    tick();
    const disableFrom = async (remoteAddress: string, code: string) => {
      const res = await t.app
        .getHttpAdapter()
        .getInstance()
        .inject({
          method: 'POST',
          url: '/api/seller/two-factor/disable',
          remoteAddress,
          headers: { cookie: seller },
          payload: { code },
        });
      return { status: res.statusCode, body: res.json() as unknown };
    };
    const wrongCode = { status: 400, body: { code: ERROR_CODES.TWO_FACTOR_CODE_WRONG } };
    // From one address the third wrong code locks it, even for the right code, as at sign-in.
    expect(await disableFrom('127.0.9.1', '111111')).toMatchObject(wrongCode);
    expect(await disableFrom('127.0.9.1', '222222')).toMatchObject(wrongCode);
    expect(await disableFrom('127.0.9.1', '333333')).toMatchObject({
      status: 429,
      body: { message: signInLockedMessage(15), code: ERROR_CODES.SIGN_IN_LOCKED },
    });
    expect((await disableFrom('127.0.9.1', await nextCode())).status).toBe(429);
    // Spread over addresses, the account's wrong codes lock the code step for an hour at the tenth.
    for (let i = 4; i < CODES_PER_ACCOUNT; i++)
      expect(await disableFrom(`127.0.9.${i + 10}`, '444444')).toMatchObject(wrongCode);
    expect(await disableFrom('127.0.9.30', '555555')).toMatchObject({
      status: 429,
      body: { message: signInLockedMessage(60) },
    });
    expect((await disableFrom('127.0.9.31', await nextCode())).status).toBe(429);
    // Still on.
    const status = await request(t.server).get('/api/seller/two-factor').set('Cookie', seller).expect(200);
    expect(status.body.enabled).toBe(true);
    await t.db.delete(signInFailures);
  });

  it('turns off only with a code', async () => {
    tick();
    const wrong = await post('/api/seller/two-factor/disable', { code: '123456' }).expect(400);
    expect(wrong.body).toEqual({
      success: false,
      message: MESSAGES.twoFactorCodeWrong,
      code: ERROR_CODES.TWO_FACTOR_CODE_WRONG,
    });
    await post('/api/seller/two-factor/disable', { code: await nextCode() }).expect(200);
    expect(await t.db.select().from(sellerTwoFactor)).toEqual([]);
    expect(await t.db.select().from(sellerRecoveryCodes)).toEqual([]);
    expect((await passwordStep()).body.twoFactorRequired).toBe(false);
    const off = await post('/api/seller/two-factor/disable', { code: '123456' }).expect(409);
    expect(off.body).toEqual({
      success: false,
      message: MESSAGES.twoFactorNotOn,
      code: ERROR_CODES.TWO_FACTOR_NOT_ON,
    });
  });

  it('turns itself off when JWT_SECRET changed (the secret can no longer be read)', async () => {
    await post('/api/seller/two-factor/setup', {}).expect(200);
    await t.db.update(sellerTwoFactor).set({ enabledAt: new Date() });
    const other = new TwoFactorService(
      { ...t.config, jwtSecret: 'another-secret-of-at-least-32-characters' },
      t.app.get(TwoFactorRepository),
      t.app.get(Clock),
    );
    await other.onModuleInit();
    expect(await t.db.select().from(sellerTwoFactor)).toEqual([]);
  });
});
