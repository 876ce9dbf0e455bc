import crypto from 'node:crypto';
import { Inject, Injectable, Logger, OnApplicationBootstrap } from '@nestjs/common';
import { JwtService } from '@nestjs/jwt';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { APP_CONFIG, AppConfig } from '../config/app-config';
import { CUSTOMER_COOKIE, SELLER_CODE_COOKIE, SELLER_COOKIE, sessionCookieName } from './session-cookies';
import { isUuid } from '../common/uuid-param';
import {
  CUSTOMER_AUDIENCE,
  CUSTOMER_SESSION_SECONDS,
  SELLER_AUDIENCE,
  SELLER_CODE_AUDIENCE,
  SELLER_CODE_SECONDS,
  SELLER_SESSION_SECONDS,
  SESSION_ISSUER,
} from './session.constants';
import { SessionMember, SessionRepository, SessionKind } from './session.repository';
import { staffRefusal, type StaffAdmission, type StaffGateOptions } from './staff-gate';

interface SessionClaims {
  sub?: unknown;
  sid?: unknown;
  exp?: unknown;
}

/** A token whose signature and claims were checked: what it says, and its expiry (`exp`, seconds). */
interface VerifiedToken {
  sub: string;
  sid: string;
  exp: number;
}

/** How many verified tokens are remembered at most (a few hundred bytes each); the memory is then emptied. */
const VERIFIED_TOKENS_KEPT = 10_000;

/**
 * Sessions kept on the server (the `sessions` table) and referred to by signed cookies: the cookie is an HS256
 * JWT (JWT_SECRET) carrying the session id, in an httpOnly, SameSite=Lax cookie (Secure in production). One
 * cookie for the customer (audience larder:customer), one for the seller (larder:seller), so neither can stand
 * in for the other. Every check reads the session row by its primary key: logout, account deletion and a change
 * of the seller's credentials end a session on every replica, and a session idle for longer than the configured
 * timeout ends too.
 */
@Injectable()
export class SessionService implements OnApplicationBootstrap {
  private readonly logger = new Logger(SessionService.name);
  private readonly customerCookie: string;
  private readonly sellerCookie: string;
  private readonly sellerCodeCookie: string;
  /**
   * Tokens verified before, by audience and token: a signed-in customer's requests carry the same cookie, and
   * checking its signature again would find the same claims until it expires. Only the signature check is
   * remembered: every request still reads its session row, so a session ended on any replica ends at once.
   */
  private readonly verified = new Map<string, VerifiedToken>();

  constructor(
    private readonly jwt: JwtService,
    private readonly repository: SessionRepository,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {
    this.customerCookie = sessionCookieName(CUSTOMER_COOKIE, config.isProduction);
    this.sellerCookie = sessionCookieName(SELLER_COOKIE, config.isProduction);
    this.sellerCodeCookie = sessionCookieName(SELLER_CODE_COOKIE, config.isProduction);
  }

  /**
   * The owner's staff row follows SELLER_EMAIL; the owner's sessions opened with other credentials (the password
   * was changed) end at start-up.
   */
  async onApplicationBootstrap(): Promise<void> {
    await this.repository.syncOwner(this.config.sellerEmail);
    const ended = await this.repository.deleteSellerSessionsExcept(this.sellerStamp());
    if (ended > 0) this.logger.log(`Ended ${ended} seller session(s) of previous credentials`);
  }

  async startCustomerSession(reply: FastifyReply, userId: string): Promise<void> {
    const id = await this.repository.create('customer', CUSTOMER_SESSION_SECONDS, { userId });
    const token = await this.sign(id, userId, CUSTOMER_AUDIENCE, CUSTOMER_SESSION_SECONDS);
    this.setCookie(reply, this.customerCookie, token, CUSTOMER_SESSION_SECONDS);
  }

  /** Ends the request's customer session on the server and clears the cookie. */
  async endCustomerSession(request: FastifyRequest, reply: FastifyReply): Promise<void> {
    const claims = await this.claims(request.cookies?.[this.customerCookie], CUSTOMER_AUDIENCE);
    if (claims) await this.end(claims.sid, 'customer');
    this.clearCookie(reply, this.customerCookie);
  }

  /** Every session of a deleted account has ended with it (the rows cascade): tells whatever they hold open. */
  async customerDeleted(userId: string): Promise<void> {
    await this.repository.announceEnded({ userId });
  }

  /** The id of the request's session of this kind, once `customerOf` or `isSeller` has accepted it. */
  async sessionIdOf(request: FastifyRequest, kind: SessionKind): Promise<string | undefined> {
    const claims =
      kind === 'customer'
        ? await this.claims(request.cookies?.[this.customerCookie], CUSTOMER_AUDIENCE)
        : await this.claims(request.cookies?.[this.sellerCookie], SELLER_AUDIENCE);
    return claims?.sid;
  }

  private async end(sessionId: string, kind: SessionKind): Promise<void> {
    await this.repository.delete(sessionId, kind);
    await this.repository.announceEnded({ sessionId });
  }

  /**
   * Opens a seller-area session for a member (`owner`: the configured seller, whose session is tied to the
   * configured credentials).
   */
  async startSellerSession(reply: FastifyReply, member: { id: string; role: string }): Promise<void> {
    const id = await this.repository.create('seller', SELLER_SESSION_SECONDS, {
      staffId: member.id,
      credentialStamp: member.role === 'owner' ? this.sellerStamp() : undefined,
    });
    const token = await this.sign(id, member.id, SELLER_AUDIENCE, SELLER_SESSION_SECONDS);
    this.setCookie(reply, this.sellerCookie, token, SELLER_SESSION_SECONDS);
  }

  /** The seller's password was right and an authenticator code is still needed: remembered for a few minutes. */
  async awaitSellerCode(reply: FastifyReply, staffId: string): Promise<void> {
    const token = await this.sign(crypto.randomUUID(), staffId, SELLER_CODE_AUDIENCE, SELLER_CODE_SECONDS);
    this.setCookie(reply, this.sellerCodeCookie, token, SELLER_CODE_SECONDS);
  }

  /**
   * The half-way sign-in of a member who gave the right password in the last few minutes (its id, under which
   * wrong codes are counted, and the member's), or undefined.
   */
  async pendingSellerSignIn(
    request: FastifyRequest,
  ): Promise<{ signInId: string; staffId: string } | undefined> {
    const claims = await this.claims(request.cookies?.[this.sellerCodeCookie], SELLER_CODE_AUDIENCE);
    return claims && isUuid(claims.sub) ? { signInId: claims.sid, staffId: claims.sub } : undefined;
  }

  clearSellerCode(reply: FastifyReply): void {
    this.clearCookie(reply, this.sellerCodeCookie);
  }

  async endSellerSession(request: FastifyRequest, reply: FastifyReply): Promise<void> {
    const claims = await this.claims(request.cookies?.[this.sellerCookie], SELLER_AUDIENCE);
    if (claims) await this.end(claims.sid, 'seller');
    this.clearCookie(reply, this.sellerCookie);
  }

  /**
   * The signed-in customer's user id, or undefined (no cookie, bad token, session ended, idle or account deleted).
   * `recordUse: false` checks without counting as activity (a long-lived stream re-checking its session).
   */
  async customerOf(request: FastifyRequest, recordUse = true): Promise<string | undefined> {
    const claims = await this.claims(request.cookies?.[this.customerCookie], CUSTOMER_AUDIENCE);
    if (!claims || !isUuid(claims.sub)) return undefined;
    const session = await this.repository.touch(
      claims.sid,
      'customer',
      this.config.customerIdleMinutes,
      recordUse,
    );
    return session && session.userId === claims.sub ? session.userId : undefined;
  }

  /**
   * For a route that reads the staff session itself (outside `@SellerAuth`): the member signed in to the seller
   * area, let through or refused by the same gate as the seller routes (`staffRefusal`: a first password still
   * to replace, two-factor sign-in still to turn on, the roles); undefined when no member is signed in.
   */
  async staffAdmission(
    request: FastifyRequest,
    options: StaffGateOptions = {},
    recordUse = true,
  ): Promise<StaffAdmission | undefined> {
    const member = await this.sellerOf(request, recordUse);
    if (!member) return undefined;
    const refusal = staffRefusal(member, options);
    return refusal ? { refusal } : { member };
  }

  /**
   * The member signed in to the seller area, as the staff table has them now (role, name), or undefined: no
   * cookie, bad token, session ended or idle, member deactivated or removed, or the owner's session opened with
   * other configured credentials.
   */
  async sellerOf(request: FastifyRequest, recordUse = true): Promise<SessionMember | undefined> {
    const claims = await this.claims(request.cookies?.[this.sellerCookie], SELLER_AUDIENCE);
    if (!claims) return undefined;
    const session = await this.repository.touch(
      claims.sid,
      'seller',
      this.config.sellerIdleMinutes,
      recordUse,
    );
    const member = session?.member;
    if (!member || !member.active || member.id !== claims.sub) return undefined;
    if (member.role === 'owner' && session.credentialStamp !== this.sellerStamp()) return undefined;
    return member;
  }

  /**
   * A keyed fingerprint of the seller's e-mail and password: a session opened under other credentials is not
   * accepted, so changing SELLER_PASSWORD ends every seller session.
   */
  private sellerStamp(): string {
    return crypto
      .createHmac('sha256', this.config.jwtSecret)
      .update(`seller-credentials\0${this.config.sellerEmail}\0${this.config.sellerPassword}`)
      .digest('base64url');
  }

  private sign(sessionId: string, subject: string, audience: string, seconds: number): Promise<string> {
    return this.jwt.signAsync(
      { sid: sessionId },
      { subject, audience, issuer: SESSION_ISSUER, expiresIn: seconds },
    );
  }

  private async claims(
    token: string | undefined,
    audience: string,
  ): Promise<{ sub: string; sid: string } | undefined> {
    if (!token) return undefined;
    const key = `${audience} ${token}`;
    const known = this.verified.get(key);
    // jsonwebtoken's own test of `exp`: the token is valid while now (in whole seconds) is before it.
    if (known && Math.floor(Date.now() / 1000) < known.exp) return known;
    if (known) this.verified.delete(key);
    try {
      const claims = await this.jwt.verifyAsync<SessionClaims>(token, {
        audience,
        issuer: SESSION_ISSUER,
        algorithms: ['HS256'],
      });
      if (typeof claims.sub !== 'string' || typeof claims.sid !== 'string' || !isUuid(claims.sid))
        return undefined;
      // Every token this service signs expires; one without `exp` is checked each time.
      if (typeof claims.exp === 'number') {
        if (this.verified.size >= VERIFIED_TOKENS_KEPT) this.verified.clear();
        this.verified.set(key, { sub: claims.sub, sid: claims.sid, exp: claims.exp });
      }
      return { sub: claims.sub, sid: claims.sid };
    } catch {
      return undefined;
    }
  }

  private setCookie(reply: FastifyReply, name: string, value: string, maxAgeSeconds: number): void {
    reply.setCookie(name, value, {
      path: '/',
      httpOnly: true,
      sameSite: 'lax',
      secure: this.config.isProduction,
      maxAge: maxAgeSeconds,
    });
  }

  private clearCookie(reply: FastifyReply, name: string): void {
    reply.clearCookie(name, { path: '/', httpOnly: true, sameSite: 'lax', secure: this.config.isProduction });
  }
}

export type { SessionKind, SessionMember };
