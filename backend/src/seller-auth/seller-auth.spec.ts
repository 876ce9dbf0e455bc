import { randomUUID } from 'node:crypto';
import { JwtService } from '@nestjs/jwt';
import request from 'supertest';
import { ERROR_CODES, MESSAGES } from '@larder/shared-domain';
import { cookieFrom, signInCustomer, signInSeller } from '../../test/auth-helpers';
import { createTestApp, TestApp } from '../../test/harness';
import { SELLER_COOKIE } from '../session/session-cookies';
import { SELLER_AUDIENCE, SESSION_ISSUER } from '../session/session.constants';

const INVALID = {
  success: false,
  message: MESSAGES.invalidCredentials,
  code: ERROR_CODES.INVALID_CREDENTIALS,
};

describe('seller sign-in', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({
      sellerEmail: 'boss@larder.test',
      sellerPassword: 'correct horse battery staple',
    });
  });
  afterAll(() => t.close());

  const login = (body: object) => request(t.server).post('/api/seller/login').send(body);
  const isAuth = (cookie?: string) => {
    const req = request(t.server).get('/api/seller/is-auth');
    return cookie ? req.set('Cookie', cookie) : req;
  };

  it('signs the seller in with the configured credentials and sets an httpOnly SameSite=Lax cookie', async () => {
    const res = await login({ email: 'boss@larder.test', password: 'correct horse battery staple' }).expect(
      200,
    );
    expect(res.body).toEqual({ success: true, message: MESSAGES.sellerLoggedIn, twoFactorRequired: false });
    const setCookie = (res.headers['set-cookie'] as unknown as string[]).find((c) =>
      c.startsWith(`${SELLER_COOKIE}=`),
    );
    expect(setCookie).toMatch(/HttpOnly/i);
    expect(setCookie).toMatch(/SameSite=Lax/i);
    expect(setCookie).not.toMatch(/Secure/i);
    const cookie = cookieFrom(res, SELLER_COOKIE)!;
    expect((await isAuth(cookie).expect(200)).body).toEqual({
      success: true,
      staff: {
        _id: expect.any(String),
        name: 'Owner',
        email: 'boss@larder.test',
        role: 'owner',
        mustChangePassword: false,
        mustEnrolTwoFactor: false,
      },
    });
  });

  it('takes the e-mail in any case', async () => {
    await login({ email: ' BOSS@Larder.Test ', password: 'correct horse battery staple' }).expect(200);
  });

  it.each([
    ['a wrong password', { email: 'boss@larder.test', password: 'correct horse battery' }],
    ['the password in another case', { email: 'boss@larder.test', password: 'CORRECT HORSE BATTERY STAPLE' }],
    ['a wrong e-mail', { email: 'someone@larder.test', password: 'correct horse battery staple' }],
    ['the development defaults', { email: 'seller@larder.local', password: 'larder-seller' }],
  ])('answers 401 "Invalid email or password" to %s, without a cookie', async (_label, body) => {
    const res = await login(body).expect(401);
    expect(res.body).toEqual(INVALID);
    expect(cookieFrom(res, SELLER_COOKIE)).toBeUndefined();
  });

  it.each([
    [{}],
    [{ email: 'boss@larder.test' }],
    [{ password: 'x' }],
    [{ email: 'boss', password: 'x' }],
    [{ email: 'boss@larder.test', password: '' }],
  ])('answers 400 to %j', async (body) => {
    const res = await login(body).expect(400);
    expect(res.body).toEqual({
      success: false,
      message: expect.any(String),
      code: ERROR_CODES.VALIDATION_FAILED,
      field: expect.any(String),
    });
  });

  it('GET /api/seller/is-auth answers a visitor 200 { success: false }, and 401 to a seller cookie not valid', async () => {
    // A visitor who sent no seller session, a customer included: not refused, so /seller logs no failed request.
    expect((await isAuth().expect(200)).body).toEqual({ success: false });
    const customer = await signInCustomer(t, { email: 'not.the.seller@example.com' });
    expect((await isAuth(customer).expect(200)).body).toEqual({ success: false });
    // A seller session that is sent and not valid is refused.
    const expected = { success: false, message: MESSAGES.sellerOnly, code: ERROR_CODES.NOT_SIGNED_IN };
    expect((await isAuth(`${SELLER_COOKIE}=nonsense`).expect(401)).body).toEqual(expected);
    expect((await isAuth(`${customer}; ${SELLER_COOKIE}=nonsense`).expect(401)).body).toEqual(expected);
    // Nothing else a visitor may reach by it: every other seller route still refuses them.
    await request(t.server).get('/api/seller/staff').expect(401);
  });

  it('refuses seller tokens that are expired, signed with another secret, or without a session', async () => {
    const jwt = t.app.get(JwtService, { strict: false });
    const signedIn = await signInSeller(t);
    // The token names the session and, as its subject, the member of staff signed in (here the owner).
    const { sid, sub } = jwt.decode<{ sid: string; sub: string }>(signedIn.slice(SELLER_COOKIE.length + 1));
    const options = { subject: sub, audience: SELLER_AUDIENCE, issuer: SESSION_ISSUER };
    const cookie = (token: string) => `${SELLER_COOKIE}=${token}`;
    await isAuth(cookie(await jwt.signAsync({ sid }, { ...options, expiresIn: 60 }))).expect(200);
    await isAuth(
      cookie(await jwt.signAsync({ sid }, { ...options, subject: randomUUID(), expiresIn: 60 })),
    ).expect(401);
    await isAuth(
      cookie(await jwt.signAsync({ sid, exp: Math.floor(Date.now() / 1000) - 5 }, options)),
    ).expect(401);
    await isAuth(
      cookie(await jwt.signAsync({ sid }, { ...options, expiresIn: 60, secret: 'another-secret' })),
    ).expect(401);
    await isAuth(cookie(await jwt.signAsync({ sid: randomUUID() }, { ...options, expiresIn: 60 }))).expect(
      401,
    );
  });

  it('GET /api/seller/logout clears the seller cookie', async () => {
    const res = await request(t.server).get('/api/seller/logout').expect(200);
    expect(res.body).toEqual({ success: true, message: MESSAGES.loggedOut });
    const cleared = (res.headers['set-cookie'] as unknown as string[]).find((c) =>
      c.startsWith(`${SELLER_COOKIE}=`),
    );
    expect(cleared).toMatch(new RegExp(`^${SELLER_COOKIE}=;`));
    expect(cleared).toMatch(/Expires=Thu, 01 Jan 1970|Max-Age=0/i);
  });
});

describe('seller sign-in in production', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({
      nodeEnv: 'production',
      sellerEmail: 'boss@larder.test',
      sellerPassword: 'a-long-production-password',
      throttleLimit: 2,
    });
  });
  afterAll(() => t.close());

  it('names the seller cookie with the __Host- prefix, Secure, for the whole host, and reads it back', async () => {
    const res = await request(t.server)
      .post('/api/seller/login')
      .send({ email: 'boss@larder.test', password: 'a-long-production-password' })
      .expect(200);
    const cookies = res.headers['set-cookie'] as unknown as string[];
    expect(cookies.some((c) => c.startsWith(`${SELLER_COOKIE}=`))).toBe(false);
    const setCookie = cookies.find((c) => c.startsWith(`__Host-${SELLER_COOKIE}=`));
    expect(setCookie).toMatch(/; Secure/i);
    expect(setCookie).toMatch(/; Path=\/(;|$)/);
    expect(setCookie).not.toMatch(/; Domain=/i);
    const cookie = cookieFrom(res, `__Host-${SELLER_COOKIE}`)!;
    const isAuth = await request(t.server).get('/api/seller/is-auth').set('Cookie', cookie).expect(200);
    expect(isAuth.headers['cache-control']).toBe('no-store');
    // The development name is not read in production.
    await request(t.server)
      .get('/api/seller/is-auth')
      .set('Cookie', cookie.replace('__Host-', ''))
      .expect(401);
  });

  it('has no development identity provider', async () => {
    const config = await request(t.server).get('/api/auth/config').expect(200);
    expect(config.body).toEqual({
      success: true,
      googleClientId: null,
      devSignIn: false,
      googleRedirect: false,
    });
    await request(t.server).post('/api/auth/dev/id-token').send({ email: 'a@example.com' }).expect(404);
    await request(t.server).get('/api/auth/dev/jwks.json').expect(404);
    const res = await request(t.server).post('/api/user/google-login').send({ tokenId: 'x.y.z' }).expect(401);
    expect(res.body).toEqual({
      success: false,
      message: MESSAGES.googleLoginFailed,
      code: ERROR_CODES.GOOGLE_SIGN_IN_FAILED,
    });
  });

  it('rate-limits seller sign-in', async () => {
    // One attempt was used above; the limit is two.
    await request(t.server)
      .post('/api/seller/login')
      .send({ email: 'boss@larder.test', password: 'wrong' })
      .expect(401);
    const res = await request(t.server)
      .post('/api/seller/login')
      .send({ email: 'boss@larder.test', password: 'a-long-production-password' })
      .expect(429);
    expect(res.body).toEqual({
      success: false,
      message: MESSAGES.tooManyRequests,
      code: ERROR_CODES.TOO_MANY_REQUESTS,
    });
  });
});
