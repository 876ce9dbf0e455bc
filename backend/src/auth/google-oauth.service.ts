import crypto from 'node:crypto';
import { Inject, Injectable } from '@nestjs/common';
import type { FastifyReply, FastifyRequest } from 'fastify';
import passport from 'passport';
import { Profile, Strategy as GoogleStrategy, VerifyCallback } from 'passport-google-oauth20';
import { APP_CONFIG, AppConfig } from '../config/app-config';
import { GOOGLE_CALLBACK_PATH, OAUTH_STATE_COOKIE, OAUTH_STATE_SECONDS } from './auth.constants';
import type { VerifiedIdentity } from './id-token.verifier';

/** How a pass through the OAuth strategy ended. */
export type OAuthOutcome =
  | { kind: 'redirected' }
  | { kind: 'signedIn'; identity: VerifiedIdentity }
  | { kind: 'failed'; reason: string };

/** The request as passport sees it: the parts it reads, plus the reply for the state cookie. */
interface PassportRequest {
  method: string;
  url: string;
  headers: FastifyRequest['headers'];
  query: unknown;
  body: undefined;
  cookies: Record<string, string | undefined>;
  reply: FastifyReply;
}

type StoreCallback = (err: Error | null, state?: string) => void;
type VerifyStateCallback = (err: Error | null, ok: boolean, info?: { message: string }) => void;

/**
 * Keeps the OAuth `state` in a short-lived httpOnly cookie instead of a server session, so the callback can
 * only complete a sign-in that this browser started.
 */
class CookieStateStore {
  constructor(private readonly secure: boolean) {}

  store(req: PassportRequest, _meta: unknown, callback: StoreCallback): void {
    const state = crypto.randomBytes(24).toString('base64url');
    req.reply.setCookie(OAUTH_STATE_COOKIE, state, {
      path: '/api/auth/google',
      httpOnly: true,
      sameSite: 'lax',
      secure: this.secure,
      maxAge: OAUTH_STATE_SECONDS,
    });
    callback(null, state);
  }

  verify(req: PassportRequest, providedState: unknown, _meta: unknown, callback: VerifyStateCallback): void {
    const expected = req.cookies[OAUTH_STATE_COOKIE];
    req.reply.clearCookie(OAUTH_STATE_COOKIE, { path: '/api/auth/google' });
    const ok =
      typeof expected === 'string' &&
      typeof providedState === 'string' &&
      expected.length === providedState.length &&
      crypto.timingSafeEqual(Buffer.from(expected), Buffer.from(providedState));
    if (!ok) return callback(null, false, { message: 'Invalid authorization request state' });
    callback(null, true);
  }
}

/** The verified identity in a Google OpenID profile, or undefined when the e-mail is missing or unverified. */
function identityOf(profile: Profile): VerifiedIdentity | undefined {
  const primary = profile.emails?.[0];
  const verified = (primary?.verified as unknown) === true || (primary?.verified as unknown) === 'true';
  const email = primary?.value?.trim().toLowerCase();
  if (!profile.id || !email || !verified) return undefined;
  return {
    subject: profile.id,
    email,
    givenName: profile.name?.givenName?.trim() || undefined,
    familyName: profile.name?.familyName?.trim() || undefined,
  };
}

/**
 * Google's OAuth 2.0 redirect flow (passport-google-oauth20), on when GOOGLE_CLIENT_ID and GOOGLE_CLIENT_SECRET
 * are set. Its endpoints can be pointed elsewhere (GOOGLE_AUTHORIZATION_URL, GOOGLE_TOKEN_URL, GOOGLE_USERINFO_URL).
 * Passport writes to an Express-style response; Fastify's reply gets a small shim (setHeader/end).
 */
@Injectable()
export class GoogleOAuthService {
  private readonly authenticator?: passport.Authenticator;

  constructor(@Inject(APP_CONFIG) private readonly config: AppConfig) {
    if (!config.googleClientId || !config.googleClientSecret) return;
    const strategy = new GoogleStrategy(
      {
        clientID: config.googleClientId,
        clientSecret: config.googleClientSecret,
        authorizationURL: config.googleAuthorizationUrl,
        tokenURL: config.googleTokenUrl,
        userProfileURL: config.googleUserInfoUrl,
        scope: ['openid', 'email', 'profile'],
        store: new CookieStateStore(config.isProduction) as never,
      },
      (_accessToken: string, _refreshToken: string, profile: Profile, done: VerifyCallback) => {
        const identity = identityOf(profile);
        if (identity) done(null, identity);
        else done(null, false, { message: 'The Google account has no verified e-mail address' });
      },
    );
    const authenticator = new passport.Passport();
    authenticator.use('google', strategy);
    this.authenticator = authenticator;
  }

  get enabled(): boolean {
    return this.authenticator !== undefined;
  }

  /** Sends the browser to Google's consent screen (302). */
  begin(request: FastifyRequest, reply: FastifyReply): Promise<OAuthOutcome> {
    return this.run(request, reply);
  }

  /** Handles Google's redirect back: exchanges the code and reads the profile. */
  complete(request: FastifyRequest, reply: FastifyReply): Promise<OAuthOutcome> {
    return this.run(request, reply);
  }

  /** From configuration only (GOOGLE_CALLBACK_URL or PUBLIC_URL), never from the request's Host. */
  private callbackUrl(): string {
    return this.config.googleCallbackUrl ?? `${this.config.publicUrl}${GOOGLE_CALLBACK_PATH}`;
  }

  private run(request: FastifyRequest, reply: FastifyReply): Promise<OAuthOutcome> {
    const authenticator = this.authenticator;
    if (!authenticator)
      return Promise.resolve({ kind: 'failed', reason: 'Google sign-in is not configured' });
    return new Promise<OAuthOutcome>((resolve) => {
      const req: PassportRequest = {
        method: request.method,
        url: request.url,
        headers: request.headers,
        query: request.query,
        body: undefined,
        cookies: request.cookies ?? {},
        reply,
      };
      const res = {
        statusCode: 302,
        setHeader(name: string, value: string): void {
          reply.header(name, value);
        },
        end(): void {
          void reply.code(res.statusCode).send();
          resolve({ kind: 'redirected' });
        },
      };
      const middleware = authenticator.authenticate(
        'google',
        { session: false, callbackURL: this.callbackUrl() } as passport.AuthenticateOptions,
        (err: unknown, user: VerifiedIdentity | false, info?: { message?: string }) => {
          if (err) resolve({ kind: 'failed', reason: err instanceof Error ? err.message : String(err) });
          else if (!user)
            resolve({ kind: 'failed', reason: info?.message ?? 'Google sign-in was not completed' });
          else resolve({ kind: 'signedIn', identity: user });
        },
      ) as (req: unknown, res: unknown, next: (err?: unknown) => void) => void;
      middleware(req, res, (err?: unknown) =>
        resolve({
          kind: 'failed',
          reason: err instanceof Error ? err.message : 'Google sign-in was not completed',
        }),
      );
    });
  }
}
