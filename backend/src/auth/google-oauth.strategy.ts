import crypto from 'node:crypto';
import { ExecutionContext, Inject, Injectable, createParamDecorator, type Provider } from '@nestjs/common';
import { AuthGuard, PassportStrategy } from '@nestjs/passport';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { Profile, Strategy } from 'passport-google-oauth20';
import { NotFoundError } from '../common/errors';
import { APP_CONFIG, AppConfig } from '../config/app-config';
import { GOOGLE_CALLBACK_PATH, OAUTH_STATE_COOKIE, OAUTH_STATE_SECONDS } from './auth.constants';
import type { VerifiedIdentity } from './id-token.verifier';

/** How a pass through the Google redirect flow ended. */
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
  /** Where AuthGuard puts what handleRequest answered. */
  user?: OAuthOutcome;
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

/** Google sign-in by redirect is on when both GOOGLE_CLIENT_ID and GOOGLE_CLIENT_SECRET are set. */
export function googleRedirectEnabled(config: AppConfig): boolean {
  return Boolean(config.googleClientId && config.googleClientSecret);
}

/**
 * Google's OAuth 2.0 redirect flow (passport-google-oauth20) as the passport strategy 'google'. Its endpoints can
 * be pointed elsewhere (GOOGLE_AUTHORIZATION_URL, GOOGLE_TOKEN_URL, GOOGLE_USERINFO_URL). Passport keeps one
 * 'google' strategy per process: the last app configured with Google sign-in is the one it uses.
 */
export class GoogleOAuthStrategy extends PassportStrategy(Strategy, 'google') {
  constructor(config: AppConfig) {
    super({
      clientID: config.googleClientId!,
      clientSecret: config.googleClientSecret!,
      authorizationURL: config.googleAuthorizationUrl,
      tokenURL: config.googleTokenUrl,
      userProfileURL: config.googleUserInfoUrl,
      scope: ['openid', 'email', 'profile'],
      store: new CookieStateStore(config.isProduction) as never,
    });
  }

  validate(
    _accessToken: string,
    _refreshToken: string,
    profile: Profile,
  ): VerifiedIdentity | [false, { message: string }] {
    return identityOf(profile) ?? [false, { message: 'The Google account has no verified e-mail address' }];
  }
}

/** The strategy, registered only when Google sign-in is configured. */
export const GOOGLE_OAUTH_STRATEGY: Provider = {
  provide: GoogleOAuthStrategy,
  inject: [APP_CONFIG],
  useFactory: (config: AppConfig) => (googleRedirectEnabled(config) ? new GoogleOAuthStrategy(config) : null),
};

/** What the guard found for each request it let through. */
const outcomes = new WeakMap<FastifyRequest, OAuthOutcome>();

/** The passport-shaped request and response standing in for each Fastify request while passport runs. */
const passportShapes = new WeakMap<FastifyRequest, { request: PassportRequest; response: object }>();

/**
 * Runs the 'google' strategy on GET /api/auth/google (302 to Google's consent screen) and on its callback (code
 * exchanged, profile read). It always lets the request through, leaving the outcome for @GoogleOutcome(): a
 * redirect already sent, a verified identity, or why sign-in failed. 404 when Google sign-in is off. Passport
 * writes to an Express-style response; Fastify's reply gets a small shim (setHeader/end).
 */
@Injectable()
export class GoogleOAuthGuard extends AuthGuard('google') {
  constructor(@Inject(APP_CONFIG) private readonly config: AppConfig) {
    super();
  }

  override async canActivate(context: ExecutionContext): Promise<boolean> {
    if (!googleRedirectEnabled(this.config)) throw new NotFoundError('Not found');
    const http = context.switchToHttp();
    const request = http.getRequest<FastifyRequest>();
    const reply = http.getResponse<FastifyReply>();
    const passportRequest: PassportRequest = {
      method: request.method,
      url: request.url,
      headers: request.headers,
      query: request.query,
      body: undefined,
      cookies: request.cookies ?? {},
      reply,
    };
    let redirected!: () => void;
    const redirect = new Promise<OAuthOutcome>((resolve) => {
      redirected = () => resolve({ kind: 'redirected' });
    });
    const response = {
      statusCode: 302,
      setHeader(name: string, value: string): void {
        reply.header(name, value);
      },
      end(): void {
        void reply.code(response.statusCode).send();
        redirected();
      },
    };
    passportShapes.set(request, { request: passportRequest, response });
    // A redirect ends passport's part without calling back: whichever comes first decides.
    const outcome = await Promise.race([
      (super.canActivate(context) as Promise<boolean>)
        .then(
          (): OAuthOutcome =>
            passportRequest.user ?? { kind: 'failed', reason: 'Google sign-in was not completed' },
        )
        .catch((err: unknown): OAuthOutcome => ({
          kind: 'failed',
          reason: err instanceof Error ? err.message : 'Google sign-in was not completed',
        })),
      redirect,
    ]);
    outcomes.set(request, outcome);
    return true;
  }

  override getAuthenticateOptions(): { session: false; callbackURL: string } {
    return { session: false, callbackURL: this.callbackUrl() };
  }

  override handleRequest<TUser = OAuthOutcome>(
    err: unknown,
    user: VerifiedIdentity | false,
    info?: { message?: string },
  ): TUser {
    if (err) return { kind: 'failed', reason: err instanceof Error ? err.message : String(err) } as TUser;
    if (!user)
      return { kind: 'failed', reason: info?.message ?? 'Google sign-in was not completed' } as TUser;
    return { kind: 'signedIn', identity: user } as TUser;
  }

  /** Passport reads the passport-shaped request, not Fastify's. */
  override getRequest(context: ExecutionContext): PassportRequest | undefined {
    return passportShapes.get(context.switchToHttp().getRequest<FastifyRequest>())?.request;
  }

  getResponse(context: ExecutionContext): object | undefined {
    return passportShapes.get(context.switchToHttp().getRequest<FastifyRequest>())?.response;
  }

  /** From configuration only (GOOGLE_CALLBACK_URL or PUBLIC_URL), never from the request's Host. */
  private callbackUrl(): string {
    return this.config.googleCallbackUrl ?? `${this.config.publicUrl}${GOOGLE_CALLBACK_PATH}`;
  }
}

/** The outcome GoogleOAuthGuard left for this request. */
export const GoogleOutcome = createParamDecorator(
  (_data: unknown, ctx: ExecutionContext): OAuthOutcome =>
    outcomes.get(ctx.switchToHttp().getRequest<FastifyRequest>()) ?? {
      kind: 'failed',
      reason: 'Google sign-in was not completed',
    },
);
