import { generateKeyPair, SignJWT } from 'jose';
import { eq } from 'drizzle-orm';
import request from 'supertest';
import type { OAuth2Server } from 'oauth2-mock-server';
import { ERROR_CODES, MESSAGES } from '@larder/shared-domain';
import { cookieFrom } from '../../test/auth-helpers';
import { createTestApp, TestApp } from '../../test/harness';
import { CUSTOMER_COOKIE } from '../session/session-cookies';
import { users } from '../db/schema';
import { OAUTH_STATE_COOKIE } from './auth.constants';

// oauth2-mock-server ships only as an ES module, which jest's CommonJS runtime cannot require(); Node loads it.
const loadMockServer = (): Promise<typeof import('oauth2-mock-server')> =>
  (0, eval)("import('oauth2-mock-server')") as Promise<typeof import('oauth2-mock-server')>;

const CLIENT_ID = 'larder-test-client.apps.googleusercontent.com';
const GOOGLE_FAILED = {
  success: false,
  message: MESSAGES.googleLoginFailed,
  code: ERROR_CODES.GOOGLE_SIGN_IN_FAILED,
};

interface Profile {
  sub: string;
  email?: string;
  email_verified?: boolean;
  given_name?: string;
  family_name?: string;
  name?: string;
}

/**
 * A local OAuth 2.0 / OpenID Connect server stands in for Google: its /authorize, /token and /userinfo endpoints
 * for the redirect flow, its JWKS and issuer for ID tokens.
 */
describe('Google sign-in against a local OpenID Connect server', () => {
  let oidc: OAuth2Server;
  let issuer: string;
  let t: TestApp;

  beforeAll(async () => {
    const { OAuth2Server: Server } = await loadMockServer();
    oidc = new Server();
    await oidc.issuer.keys.generate('RS256');
    await oidc.start(0);
    issuer = oidc.issuer.url as string;
    t = await createTestApp({
      googleClientId: CLIENT_ID,
      googleClientSecret: 'test-secret',
      googleAuthorizationUrl: `${issuer}/authorize`,
      googleTokenUrl: `${issuer}/token`,
      googleUserInfoUrl: `${issuer}/userinfo`,
      googleJwksUrl: `${issuer}/jwks`,
      googleIssuer: issuer,
    });
  });
  afterAll(async () => {
    await t?.close();
    await oidc?.stop();
  });

  const idToken = (claims: Record<string, unknown>, expiresIn = 3600) =>
    oidc.issuer.buildToken({
      expiresIn,
      scopesOrTransform: (_header, payload) => {
        Object.assign(payload, { aud: CLIENT_ID, email_verified: true, ...claims });
      },
    });
  const googleLogin = (body: object) => request(t.server).post('/api/user/google-login').send(body);

  /** Runs the browser's part of the redirect flow; answers the callback's response. */
  async function redirectFlow(profile: Profile, tamper?: (callback: URL) => void, stateCookie = true) {
    const start = await request(t.server).get('/api/auth/google').expect(302);
    const authorize = new URL(start.headers.location);
    expect(`${authorize.origin}${authorize.pathname}`).toBe(`${issuer}/authorize`);
    expect(authorize.searchParams.get('client_id')).toBe(CLIENT_ID);
    expect(authorize.searchParams.get('response_type')).toBe('code');
    expect(authorize.searchParams.get('scope')).toBe('openid email profile');
    expect(new URL(authorize.searchParams.get('redirect_uri')!).pathname).toBe('/api/auth/google/callback');
    const state = cookieFrom(start, OAUTH_STATE_COOKIE);
    expect(state).toBe(`${OAUTH_STATE_COOKIE}=${authorize.searchParams.get('state')}`);

    oidc.service.removeAllListeners('beforeUserinfo');
    oidc.service.once('beforeUserinfo', (userInfo) => {
      userInfo.body = { ...profile };
    });
    const consent = await fetch(authorize, { redirect: 'manual' });
    expect(consent.status).toBe(302);
    const callback = new URL(consent.headers.get('location')!);
    tamper?.(callback);
    const req = request(t.server).get(`${callback.pathname}${callback.search}`);
    return (stateCookie ? req.set('Cookie', state!) : req).expect(302);
  }

  describe('configuration', () => {
    it('GET /api/auth/config names the Google client and turns the development provider off', async () => {
      const res = await request(t.server).get('/api/auth/config').expect(200);
      expect(res.body).toEqual({
        success: true,
        googleClientId: CLIENT_ID,
        devSignIn: false,
        googleRedirect: true,
      });
    });

    it('answers 404 on the development endpoints', async () => {
      const res = await request(t.server)
        .post('/api/auth/dev/id-token')
        .send({ email: 'dev@example.com' })
        .expect(404);
      expect(res.body).toEqual({ success: false, message: 'Not found', code: ERROR_CODES.NOT_FOUND });
      await request(t.server).get('/api/auth/dev/jwks.json').expect(404);
    });
  });

  describe('POST /api/user/google-login with ID tokens from the Google JWKS', () => {
    it('signs up with a valid token, then signs in with the same e-mail', async () => {
      const signUp = await googleLogin({
        tokenId: await idToken({
          sub: 'google-sub-1',
          email: 'gina@example.com',
          given_name: 'Gina',
          family_name: 'Google',
        }),
        phone: '07700 900777',
      }).expect(200);
      expect(signUp.body.user).toMatchObject({
        email: 'gina@example.com',
        firstName: 'Gina',
        lastName: 'Google',
        phone: '07700 900777',
      });
      const [row] = await t.db.select().from(users).where(eq(users.email, 'gina@example.com'));
      expect(row.googleSub).toBe('google-sub-1');

      const signIn = await googleLogin({
        tokenId: await idToken({ sub: 'google-sub-1', email: 'Gina@Example.com' }),
      }).expect(200);
      expect(signIn.body.user._id).toBe(signUp.body.user._id);
      const me = await request(t.server)
        .get('/api/user/is-auth')
        .set('Cookie', cookieFrom(signIn, CUSTOMER_COOKIE)!)
        .expect(200);
      expect(me.body.user.email).toBe('gina@example.com');
    });

    it.each<[string, () => Promise<string>]>([
      [
        'for another audience',
        () => idToken({ sub: 's', email: 'x@example.com', aud: 'someone-else.apps.googleusercontent.com' }),
      ],
      [
        'with email_verified false',
        () => idToken({ sub: 's', email: 'x@example.com', email_verified: false }),
      ],
      ['expired', () => idToken({ sub: 's', email: 'x@example.com' }, -300)],
      [
        'from another issuer',
        () => idToken({ sub: 's', email: 'x@example.com', iss: 'https://accounts.google.com' }),
      ],
      [
        'signed by a key that is not in the JWKS',
        async () => {
          const { privateKey } = await generateKeyPair('RS256');
          const now = Math.floor(Date.now() / 1000);
          return new SignJWT({ sub: 's', email: 'x@example.com', email_verified: true })
            .setProtectedHeader({ alg: 'RS256', kid: 'not-published' })
            .setIssuer(issuer)
            .setAudience(CLIENT_ID)
            .setIssuedAt(now)
            .setExpirationTime(now + 600)
            .sign(privateKey);
        },
      ],
    ])('answers 401 to a token %s', async (_label, make) => {
      const res = await googleLogin({
        tokenId: await make(),
        firstName: 'X',
        lastName: 'Y',
        phone: '07700 900123',
      }).expect(401);
      expect(res.body).toEqual(GOOGLE_FAILED);
      expect(await t.db.select().from(users).where(eq(users.email, 'x@example.com'))).toEqual([]);
    });
  });

  describe('the redirect flow (GET /api/auth/google and its callback)', () => {
    it("takes redirect_uri from PUBLIC_URL, never from the request's Host or X-Forwarded-Host", async () => {
      const start = await request(t.server)
        .get('/api/auth/google')
        .set('Host', 'evil.example')
        .set('X-Forwarded-Host', 'evil.example')
        .expect(302);
      const authorize = new URL(start.headers.location);
      expect(authorize.searchParams.get('redirect_uri')).toBe(
        `${t.config.publicUrl}/api/auth/google/callback`,
      );
    });

    it('creates no account for a new e-mail and sends the shopper to the sign-up form', async () => {
      const res = await redirectFlow({
        sub: 'oauth-sub-1',
        email: 'Olive.Auth@Example.com',
        email_verified: true,
        given_name: 'Olive',
        family_name: 'Auth',
      });
      expect(res.headers.location).toBe('/?login=signup');
      expect(cookieFrom(res, CUSTOMER_COOKIE)).toBeUndefined();
      expect(await t.db.select().from(users).where(eq(users.email, 'olive.auth@example.com'))).toEqual([]);
    });

    it('signs an existing customer in to the same account', async () => {
      const signUp = await googleLogin({
        tokenId: await idToken({ sub: 'oauth-sub-2', email: 'both.ways@example.com' }),
        firstName: 'Bo',
        lastName: 'Th',
        phone: '07700 900888',
      }).expect(200);
      const res = await redirectFlow({
        sub: 'oauth-sub-2',
        email: 'both.ways@example.com',
        email_verified: true,
      });
      expect(res.headers.location).toBe('/');
      const me = await request(t.server)
        .get('/api/user/is-auth')
        .set('Cookie', cookieFrom(res, CUSTOMER_COOKIE)!)
        .expect(200);
      expect(me.body.user).toEqual(signUp.body.user);
    });

    it.each<[string, Profile, ((u: URL) => void) | undefined, boolean]>([
      [
        'an unverified e-mail',
        { sub: 'u-1', email: 'unverified@example.com', email_verified: false },
        undefined,
        true,
      ],
      ['no e-mail', { sub: 'u-2' }, undefined, true],
      [
        'a state that does not match',
        { sub: 'u-3', email: 'state@example.com', email_verified: true },
        (u) => u.searchParams.set('state', 'forged'),
        true,
      ],
      [
        'no state cookie',
        { sub: 'u-4', email: 'nocookie@example.com', email_verified: true },
        undefined,
        false,
      ],
      [
        'the user declining',
        { sub: 'u-5', email: 'declined@example.com', email_verified: true },
        (u) => {
          u.searchParams.delete('code');
          u.searchParams.set('error', 'access_denied');
        },
        true,
      ],
      [
        'the token endpoint refusing the code',
        { sub: 'u-6', email: 'badcode@example.com', email_verified: true },
        () =>
          oidc.service.once('beforeResponse', (tokenResponse) => {
            tokenResponse.statusCode = 400;
            tokenResponse.body = { error: 'invalid_grant' };
          }),
        true,
      ],
    ])(
      'redirects to /?login=failed without a session on %s',
      async (_label, profile, tamper, stateCookie) => {
        const res = await redirectFlow(profile, tamper, stateCookie);
        expect(res.headers.location).toBe('/?login=failed');
        expect(cookieFrom(res, CUSTOMER_COOKIE)).toBeUndefined();
        if (profile.email) {
          expect(await t.db.select().from(users).where(eq(users.email, profile.email))).toEqual([]);
        }
      },
    );

    it('refuses an e-mail that belongs to an account linked to another Google account', async () => {
      await googleLogin({
        tokenId: await idToken({ sub: 'owner-sub', email: 'taken@example.com' }),
        firstName: 'Ta',
        lastName: 'Ken',
        phone: '07700 900999',
      }).expect(200);
      const res = await redirectFlow({
        sub: 'intruder-sub',
        email: 'taken@example.com',
        email_verified: true,
      });
      expect(res.headers.location).toBe('/?login=failed');
      expect(cookieFrom(res, CUSTOMER_COOKIE)).toBeUndefined();
    });
  });
});
