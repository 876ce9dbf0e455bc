import { generateKeyPair, SignJWT } from 'jose';
import { JwtService } from '@nestjs/jwt';
import { eq } from 'drizzle-orm';
import request from 'supertest';
import { ERROR_CODES, MESSAGES } from '@larder/shared-domain';
import { cookieFrom, signInCustomer, signInSeller } from '../../test/auth-helpers';
import { createTestApp, TestApp } from '../../test/harness';
import { CUSTOMER_COOKIE, SELLER_COOKIE } from '../session/session-cookies';
import { users } from '../db/schema';
import { DEV_IDP_AUDIENCE, DEV_IDP_ISSUER } from './auth.constants';
import { CUSTOMER_AUDIENCE, SESSION_ISSUER } from '../session/session.constants';
import { DevIdentityProvider } from './dev-identity.provider';

const GOOGLE_FAILED = {
  success: false,
  message: MESSAGES.googleLoginFailed,
  code: ERROR_CODES.GOOGLE_SIGN_IN_FAILED,
};

describe('customer sign-in (development identity provider)', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  const devToken = async (body: object): Promise<string> =>
    (await request(t.server).post('/api/auth/dev/id-token').send(body).expect(200)).body.tokenId;
  const googleLogin = (body: object) => request(t.server).post('/api/user/google-login').send(body);
  const isAuth = (cookie?: string) => {
    const req = request(t.server).get('/api/user/is-auth');
    return cookie ? req.set('Cookie', cookie) : req;
  };
  const userRow = async (email: string) => (await t.db.select().from(users).where(eq(users.email, email)))[0];
  const signWithDevKey = (
    claims: Record<string, unknown>,
    options?: Parameters<DevIdentityProvider['sign']>[1],
  ) =>
    t.app
      .get(DevIdentityProvider)
      .sign({ sub: 'dev-subject-1', email: 'claims@example.com', email_verified: true, ...claims }, options);

  describe('GET /api/auth/config and the dev endpoints', () => {
    it('reports the development identity provider as on and Google as not configured', async () => {
      const res = await request(t.server).get('/api/auth/config').expect(200);
      expect(res.body).toEqual({
        success: true,
        googleClientId: null,
        devSignIn: true,
        googleRedirect: false,
      });
    });

    it('publishes only the public half of the signing key', async () => {
      const res = await request(t.server).get('/api/auth/dev/jwks.json').expect(200);
      expect(res.body.keys).toHaveLength(1);
      expect(res.body.keys[0]).toMatchObject({ kty: 'RSA', alg: 'RS256', use: 'sig' });
      expect(res.body.keys[0].kid).toEqual(expect.any(String));
      expect(res.body.keys[0]).not.toHaveProperty('d');
    });

    it('issues RS256 ID tokens shaped like Google ones', async () => {
      const res = await request(t.server)
        .post('/api/auth/dev/id-token')
        .send({ email: ' Token.Shape@Example.com ', firstName: 'Tess', lastName: 'Shape' })
        .expect(200);
      expect(res.body).toEqual({ success: true, tokenId: expect.any(String) });
      const [header, payload] = res.body.tokenId
        .split('.')
        .slice(0, 2)
        .map((part: string) => JSON.parse(Buffer.from(part, 'base64url').toString()));
      expect(header).toMatchObject({ alg: 'RS256', kid: expect.any(String) });
      expect(payload).toMatchObject({
        iss: DEV_IDP_ISSUER,
        aud: DEV_IDP_AUDIENCE,
        email: 'token.shape@example.com',
        email_verified: true,
        given_name: 'Tess',
        family_name: 'Shape',
        sub: expect.stringMatching(/^dev-/),
      });
      expect(payload.exp - payload.iat).toBe(600);
    });

    it.each([
      [{}],
      [{ email: 'not-an-email' }],
      [{ email: 'a@b.co', extra: 1 }],
      [{ email: 'a@b.co', firstName: 5 }],
    ])('refuses %j with 400', async (body) => {
      const res = await request(t.server).post('/api/auth/dev/id-token').send(body).expect(400);
      expect(res.body.success).toBe(false);
      expect(res.body.message).toEqual(expect.any(String));
    });

    it('has no Google redirect flow without GOOGLE_CLIENT_ID and GOOGLE_CLIENT_SECRET', async () => {
      await request(t.server).get('/api/auth/google').expect(404);
      await request(t.server).get('/api/auth/google/callback?code=abc&state=def').expect(404);
    });
  });

  describe('POST /api/user/check-email', () => {
    it('says whether the address is registered (case-insensitively)', async () => {
      const email = 'check.me@example.com';
      let res = await request(t.server).post('/api/user/check-email').send({ email }).expect(200);
      expect(res.body).toEqual({ success: true, exists: false });
      await signInCustomer(t, { email });
      res = await request(t.server)
        .post('/api/user/check-email')
        .send({ email: ' CHECK.me@Example.COM ' })
        .expect(200);
      expect(res.body).toEqual({ success: true, exists: true });
    });

    it.each([
      [{}, MESSAGES.enterEmail],
      [{ email: '' }, MESSAGES.enterEmail],
      [{ email: '   ' }, MESSAGES.enterEmail],
      [{ email: 'nope' }, 'Please enter a valid email address'],
      [{ email: 42 }, 'Please enter a valid email address'],
      [{ email: 'a@b.co', more: true }, 'property more should not exist'],
    ])('refuses %j with 400 and says why', async (body, message) => {
      const res = await request(t.server).post('/api/user/check-email').send(body).expect(400);
      expect(res.body).toEqual({
        success: false,
        message,
        code: ERROR_CODES.VALIDATION_FAILED,
        field: expect.any(String),
      });
    });
  });

  describe('POST /api/user/google-login', () => {
    it('signs a new customer up from the posted details, sets the cookie and answers the user', async () => {
      const tokenId = await devToken({ email: 'New.Shopper@Example.com' });
      const res = await googleLogin({
        tokenId,
        firstName: ' Nina ',
        lastName: 'Shopper',
        phone: '07700 900456',
      }).expect(200);
      expect(res.body).toEqual({
        success: true,
        message: MESSAGES.loggedInWithGoogle,
        user: {
          _id: expect.any(String),
          firstName: 'Nina',
          lastName: 'Shopper',
          email: 'new.shopper@example.com',
          phone: '07700 900456',
          cartItems: {},
          addresses: [],
          defaultAddress: null,
        },
      });
      const setCookie = (res.headers['set-cookie'] as unknown as string[]).find((c) =>
        c.startsWith(`${CUSTOMER_COOKIE}=`),
      );
      expect(setCookie).toMatch(/HttpOnly/i);
      expect(setCookie).toMatch(/SameSite=Lax/i);
      expect(setCookie).toMatch(/Path=\//);
      expect(setCookie).not.toMatch(/Secure/i);
      const row = await userRow('new.shopper@example.com');
      expect(row).toMatchObject({ id: res.body.user._id, firstName: 'Nina', phone: '07700 900456' });
      expect(row.googleSub).toMatch(/^dev-/);

      const me = await isAuth(cookieFrom(res, CUSTOMER_COOKIE)).expect(200);
      expect(me.body).toEqual({ success: true, user: res.body.user });
    });

    it('signs a known customer in later with the same e-mail, ignoring any sign-up details', async () => {
      const first = await googleLogin({
        tokenId: await devToken({ email: 'returning@example.com' }),
        firstName: 'Rita',
        lastName: 'Return',
        phone: '+44 7700 900111',
      }).expect(200);
      const again = await googleLogin({ tokenId: await devToken({ email: 'RETURNING@example.com' }) }).expect(
        200,
      );
      expect(again.body.message).toBe(MESSAGES.loggedInWithGoogle);
      expect(again.body.user).toEqual(first.body.user);
      const withDetails = await googleLogin({
        tokenId: await devToken({ email: 'returning@example.com' }),
        firstName: 'Other',
        lastName: 'Name',
        phone: 'junk',
      }).expect(200);
      expect(withDetails.body.user).toEqual(first.body.user);
      expect(await t.db.select().from(users).where(eq(users.email, 'returning@example.com'))).toHaveLength(1);
    });

    it('falls back to the names in the token when the body has none', async () => {
      const tokenId = await devToken({
        email: 'claims.names@example.com',
        firstName: 'Clara',
        lastName: 'Claims',
      });
      const res = await googleLogin({ tokenId, phone: '01179 496000' }).expect(200);
      expect(res.body.user).toMatchObject({ firstName: 'Clara', lastName: 'Claims', phone: '01179 496000' });
    });

    it('answers "Email not registered" to a login (no sign-up details) with an unknown e-mail', async () => {
      const tokenId = await devToken({ email: 'stranger@example.com', firstName: 'Stan', lastName: 'Ger' });
      for (const body of [{ tokenId }, { tokenId, firstName: '', lastName: ' ', phone: null }]) {
        const res = await googleLogin(body).expect(400);
        expect(res.body).toEqual({
          success: false,
          message: MESSAGES.emailNotRegistered,
          code: ERROR_CODES.EMAIL_NOT_REGISTERED,
        });
        expect(cookieFrom(res, CUSTOMER_COOKIE)).toBeUndefined();
      }
      expect(await userRow('stranger@example.com')).toBeUndefined();
    });

    it('answers "Please fill all fields" to a sign-up with details missing', async () => {
      const bare = await devToken({ email: 'half.filled@example.com' });
      for (const body of [
        { tokenId: bare, firstName: 'Hal', lastName: 'Filled' },
        { tokenId: bare, firstName: 'Hal', phone: '07700 900222' },
        { tokenId: bare, lastName: 'Filled', phone: '07700 900222' },
        { tokenId: bare, phone: '07700 900222' },
      ]) {
        const res = await googleLogin(body).expect(400);
        expect(res.body).toEqual({
          success: false,
          message: MESSAGES.fillAllFields,
          code: ERROR_CODES.VALIDATION_FAILED,
        });
      }
      expect(await userRow('half.filled@example.com')).toBeUndefined();
    });

    it('refuses a sign-up phone number that is not a UK one', async () => {
      const tokenId = await devToken({ email: 'bad.phone@example.com' });
      for (const phone of ['12345', 'call me', '+1 415 555 0100', '07700 9001234567']) {
        const res = await googleLogin({ tokenId, firstName: 'Bad', lastName: 'Phone', phone }).expect(400);
        expect(res.body).toEqual({
          success: false,
          message: MESSAGES.invalidPhone,
          code: ERROR_CODES.VALIDATION_FAILED,
        });
      }
      expect(await userRow('bad.phone@example.com')).toBeUndefined();
    });

    it.each([
      ['no tokenId', {}],
      ['an empty tokenId', { tokenId: '' }],
      ['a non-string tokenId', { tokenId: 12 }],
      ['an unknown field', { tokenId: 'x', admin: true }],
      ['a non-string name', { tokenId: 'x', firstName: ['A'] }],
    ])('answers 400 to %s', async (_label, body) => {
      const res = await googleLogin(body).expect(400);
      expect(res.body).toEqual({
        success: false,
        message: expect.any(String),
        code: ERROR_CODES.VALIDATION_FAILED,
        field: expect.any(String),
      });
    });

    describe('refuses tokens that do not verify with 401 "Google login failed"', () => {
      const signUp = { firstName: 'Eve', lastName: 'Forger', phone: '07700 900333' };
      const refuse = async (tokenId: string) => {
        const res = await googleLogin({ tokenId, ...signUp }).expect(401);
        expect(res.body).toEqual(GOOGLE_FAILED);
        expect(cookieFrom(res, CUSTOMER_COOKIE)).toBeUndefined();
        expect(await userRow('claims@example.com')).toBeUndefined();
      };

      it('accepts a well-formed token signed with the provider key (the control case)', async () => {
        const control = await signWithDevKey({ email: 'control@example.com', sub: 'dev-control' });
        await googleLogin({ tokenId: control, ...signUp }).expect(200);
      });

      it('garbage', () => refuse('not.a.jwt'));

      it('signed by a foreign key under the same key id', async () => {
        const jwks = (await request(t.server).get('/api/auth/dev/jwks.json')).body;
        const { privateKey } = await generateKeyPair('RS256');
        const now = Math.floor(Date.now() / 1000);
        const forged = await new SignJWT({
          sub: 'dev-subject-1',
          email: 'claims@example.com',
          email_verified: true,
        })
          .setProtectedHeader({ alg: 'RS256', kid: jwks.keys[0].kid })
          .setIssuer(DEV_IDP_ISSUER)
          .setAudience(DEV_IDP_AUDIENCE)
          .setIssuedAt(now)
          .setExpirationTime(now + 600)
          .sign(privateKey);
        await refuse(forged);
      });

      it('signed by a foreign key with its own key id', async () => {
        const { privateKey } = await generateKeyPair('RS256');
        const now = Math.floor(Date.now() / 1000);
        const forged = await new SignJWT({
          sub: 'dev-subject-1',
          email: 'claims@example.com',
          email_verified: true,
        })
          .setProtectedHeader({ alg: 'RS256', kid: 'attacker' })
          .setIssuer(DEV_IDP_ISSUER)
          .setAudience(DEV_IDP_AUDIENCE)
          .setIssuedAt(now)
          .setExpirationTime(now + 600)
          .sign(privateKey);
        await refuse(forged);
      });

      it('HS256 with a shared secret instead of the provider key', async () => {
        const now = Math.floor(Date.now() / 1000);
        const forged = await new SignJWT({
          sub: 'dev-subject-1',
          email: 'claims@example.com',
          email_verified: true,
        })
          .setProtectedHeader({ alg: 'HS256' })
          .setIssuer(DEV_IDP_ISSUER)
          .setAudience(DEV_IDP_AUDIENCE)
          .setIssuedAt(now)
          .setExpirationTime(now + 600)
          .sign(new TextEncoder().encode('0123456789abcdef0123456789abcdef'));
        await refuse(forged);
      });

      it('unsigned (alg none)', async () => {
        const now = Math.floor(Date.now() / 1000);
        const part = (o: object) => Buffer.from(JSON.stringify(o)).toString('base64url');
        await refuse(
          `${part({ alg: 'none', typ: 'JWT' })}.${part({
            iss: DEV_IDP_ISSUER,
            aud: DEV_IDP_AUDIENCE,
            sub: 'x',
            email: 'claims@example.com',
            email_verified: true,
            iat: now,
            exp: now + 600,
          })}.`,
        );
      });

      it('a payload altered after signing', async () => {
        const [header, , signature] = (await signWithDevKey({})).split('.');
        const payload = Buffer.from(
          JSON.stringify({
            sub: 'x',
            email: 'claims@example.com',
            email_verified: true,
            iss: DEV_IDP_ISSUER,
            aud: DEV_IDP_AUDIENCE,
          }),
        ).toString('base64url');
        await refuse(`${header}.${payload}.${signature}`);
      });

      it('expired', async () => refuse(await signWithDevKey({}, { expiresInSeconds: -120 })));
      it('for another audience', async () => refuse(await signWithDevKey({}, { audience: 'someone-else' })));
      it('from another issuer', async () =>
        refuse(await signWithDevKey({}, { issuer: 'https://accounts.google.com' })));
      it('with email_verified false', async () => refuse(await signWithDevKey({ email_verified: false })));
      it('without email_verified', async () => refuse(await signWithDevKey({ email_verified: undefined })));
      it('without an e-mail', async () => refuse(await signWithDevKey({ email: undefined })));
      it('with a malformed e-mail', async () => refuse(await signWithDevKey({ email: 'claims-at-example' })));
    });

    it('refuses a token whose e-mail belongs to an account linked to another Google account', async () => {
      await signInCustomer(t, { email: 'linked@example.com' });
      const other = await signWithDevKey({ sub: 'another-google-account', email: 'linked@example.com' });
      const res = await googleLogin({ tokenId: other }).expect(401);
      expect(res.body).toEqual(GOOGLE_FAILED);
    });
  });

  describe('the customer session', () => {
    it('GET /api/user/is-auth answers a visitor without a session cookie with success false, not an error', async () => {
      expect((await isAuth().expect(200)).body).toEqual({ success: false });
      expect((await isAuth('theme=dark').expect(200)).body).toEqual({ success: false });
    });

    it('GET /api/user/is-auth answers 401 to a customer cookie that is not valid', async () => {
      const expected = { success: false, message: MESSAGES.notAuthorized, code: ERROR_CODES.NOT_SIGNED_IN };
      expect((await isAuth(`${CUSTOMER_COOKIE}=garbage`).expect(401)).body).toEqual(expected);
      const cookie = await signInCustomer(t, { email: 'tamper@example.com' });
      const [h, p, s] = cookie.slice(CUSTOMER_COOKIE.length + 1).split('.');
      const flipped = `${s.slice(0, -2)}${s.endsWith('AA') ? 'BB' : 'AA'}`;
      await isAuth(`${CUSTOMER_COOKIE}=${h}.${p}.${flipped}`).expect(401);
    });

    it('does not take a seller cookie for a customer one, in either cookie name', async () => {
      const seller = await signInSeller(t);
      await isAuth(seller).expect(401);
      await isAuth(`${CUSTOMER_COOKIE}=${seller.slice(SELLER_COOKIE.length + 1)}`).expect(401);
      const customer = await signInCustomer(t, { email: 'crossover@example.com' });
      // A customer's session is no seller session: a visitor's answer there.
      expect(
        (await request(t.server).get('/api/seller/is-auth').set('Cookie', customer).expect(200)).body,
      ).toEqual({ success: false });
      await request(t.server)
        .get('/api/seller/is-auth')
        .set('Cookie', `${SELLER_COOKIE}=${customer.slice(CUSTOMER_COOKIE.length + 1)}`)
        .expect(401);
    });

    it('refuses expired session tokens and tokens signed with another secret', async () => {
      const cookie = await signInCustomer(t, { email: 'expiring@example.com' });
      const userId = (await isAuth(cookie).expect(200)).body.user._id;
      const jwt = t.app.get(JwtService, { strict: false });
      const { sid } = jwt.decode<{ sid: string }>(cookie.slice(CUSTOMER_COOKIE.length + 1));
      const expired = await jwt.signAsync(
        { sid, exp: Math.floor(Date.now() / 1000) - 60 },
        { subject: userId, audience: CUSTOMER_AUDIENCE, issuer: SESSION_ISSUER },
      );
      await isAuth(`${CUSTOMER_COOKIE}=${expired}`).expect(401);
      const foreign = await jwt.signAsync(
        { sid },
        {
          subject: userId,
          audience: CUSTOMER_AUDIENCE,
          issuer: SESSION_ISSUER,
          secret: 'some-other-secret',
          expiresIn: 60,
        },
      );
      await isAuth(`${CUSTOMER_COOKIE}=${foreign}`).expect(401);
      const valid = await jwt.signAsync(
        { sid },
        { subject: userId, audience: CUSTOMER_AUDIENCE, issuer: SESSION_ISSUER, expiresIn: 60 },
      );
      await isAuth(`${CUSTOMER_COOKIE}=${valid}`).expect(200);
      // A well-signed token without a session on the server is refused.
      const sessionless = await jwt.signAsync(
        {},
        { subject: userId, audience: CUSTOMER_AUDIENCE, issuer: SESSION_ISSUER, expiresIn: 60 },
      );
      await isAuth(`${CUSTOMER_COOKIE}=${sessionless}`).expect(401);
    });

    it('refuses a token that was accepted before once it has expired (the clock pinned)', async () => {
      const cookie = await signInCustomer(t, { email: 'short-lived@example.com' });
      const userId = (await isAuth(cookie).expect(200)).body.user._id;
      const jwt = t.app.get(JwtService, { strict: false });
      const { sid } = jwt.decode<{ sid: string }>(cookie.slice(CUSTOMER_COOKIE.length + 1));
      const exp = Math.floor(Date.now() / 1000) + 60;
      const shortLived = await jwt.signAsync(
        { sid, exp },
        { subject: userId, audience: CUSTOMER_AUDIENCE, issuer: SESSION_ISSUER },
      );
      // Only the date is pinned (timers and I/O run as ever): a second before the token's end, then at it.
      jest.useFakeTimers({
        now: exp * 1000 - 1000,
        doNotFake: [
          'hrtime',
          'nextTick',
          'performance',
          'queueMicrotask',
          'setImmediate',
          'clearImmediate',
          'setInterval',
          'clearInterval',
          'setTimeout',
          'clearTimeout',
        ],
      });
      try {
        await isAuth(`${CUSTOMER_COOKIE}=${shortLived}`).expect(200);
        jest.setSystemTime(exp * 1000);
        await isAuth(`${CUSTOMER_COOKIE}=${shortLived}`).expect(401);
        // The session itself is still open: its long-lived cookie still works.
        await isAuth(cookie).expect(200);
      } finally {
        jest.useRealTimers();
      }
    });

    it('GET /api/user/logout clears the cookie', async () => {
      const res = await request(t.server).get('/api/user/logout').expect(200);
      expect(res.body).toEqual({ success: true, message: MESSAGES.loggedOut });
      const cleared = (res.headers['set-cookie'] as unknown as string[]).find((c) =>
        c.startsWith(`${CUSTOMER_COOKIE}=`),
      );
      expect(cleared).toMatch(new RegExp(`^${CUSTOMER_COOKIE}=;`));
      expect(cleared).toMatch(/Expires=Thu, 01 Jan 1970|Max-Age=0/i);
    });
  });
});

describe('rate limits on sign-in calls', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ throttleLimit: 3, throttleTtlMs: 60_000 });
  });
  afterAll(() => t.close());

  it('answers 429 to the fourth e-mail check in a minute', async () => {
    for (let i = 0; i < 3; i++) {
      await request(t.server)
        .post('/api/user/check-email')
        .send({ email: `probe${i}@example.com` })
        .expect(200);
    }
    const res = await request(t.server)
      .post('/api/user/check-email')
      .send({ email: 'probe9@example.com' })
      .expect(429);
    expect(res.body).toEqual({
      success: false,
      message: MESSAGES.tooManyRequests,
      code: ERROR_CODES.TOO_MANY_REQUESTS,
    });
  });

  it('limits google-login too', async () => {
    for (let i = 0; i < 3; i++) {
      await request(t.server).post('/api/user/google-login').send({ tokenId: 'x' }).expect(401);
    }
    const res = await request(t.server).post('/api/user/google-login').send({ tokenId: 'x' }).expect(429);
    expect(res.body).toEqual({
      success: false,
      message: MESSAGES.tooManyRequests,
      code: ERROR_CODES.TOO_MANY_REQUESTS,
    });
  });
});
