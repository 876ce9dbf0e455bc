import { Inject, Injectable } from '@nestjs/common';
import { JwtService } from '@nestjs/jwt';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { APP_CONFIG, AppConfig } from '../config/app-config';
import { CUSTOMER_COOKIE, SELLER_COOKIE } from '../common/openapi-docs';
import { UsersService } from '../users/users.service';
import {
  CUSTOMER_AUDIENCE,
  CUSTOMER_SESSION_SECONDS,
  SELLER_AUDIENCE,
  SELLER_SESSION_SECONDS,
  SESSION_ISSUER,
} from './auth.constants';

interface SellerClaims {
  email?: unknown;
}

/**
 * Session tokens (HS256 JWTs signed with JWT_SECRET) in httpOnly, SameSite=Lax cookies: one for the customer
 * (subject = user id, audience larder:customer), one for the seller (audience larder:seller), so neither
 * cookie can stand in for the other.
 */
@Injectable()
export class SessionService {
  constructor(
    private readonly jwt: JwtService,
    private readonly users: UsersService,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  async startCustomerSession(reply: FastifyReply, userId: string): Promise<void> {
    const token = await this.jwt.signAsync(
      {},
      {
        subject: userId,
        audience: CUSTOMER_AUDIENCE,
        issuer: SESSION_ISSUER,
        expiresIn: CUSTOMER_SESSION_SECONDS,
      },
    );
    this.setCookie(reply, CUSTOMER_COOKIE, token, CUSTOMER_SESSION_SECONDS);
  }

  endCustomerSession(reply: FastifyReply): void {
    this.clearCookie(reply, CUSTOMER_COOKIE);
  }

  async startSellerSession(reply: FastifyReply): Promise<void> {
    const token = await this.jwt.signAsync(
      { email: this.config.sellerEmail },
      {
        subject: 'seller',
        audience: SELLER_AUDIENCE,
        issuer: SESSION_ISSUER,
        expiresIn: SELLER_SESSION_SECONDS,
      },
    );
    this.setCookie(reply, SELLER_COOKIE, token, SELLER_SESSION_SECONDS);
  }

  endSellerSession(reply: FastifyReply): void {
    this.clearCookie(reply, SELLER_COOKIE);
  }

  /** The signed-in customer's user id, or undefined (no cookie, bad or expired token, account deleted). */
  async customerOf(request: FastifyRequest): Promise<string | undefined> {
    const token = request.cookies?.[CUSTOMER_COOKIE];
    if (!token) return undefined;
    let userId: string | undefined;
    try {
      const claims = await this.jwt.verifyAsync<{ sub?: unknown }>(token, {
        audience: CUSTOMER_AUDIENCE,
        issuer: SESSION_ISSUER,
        algorithms: ['HS256'],
      });
      userId = typeof claims.sub === 'string' ? claims.sub : undefined;
    } catch {
      return undefined;
    }
    if (!userId || !(await this.users.exists(userId))) return undefined;
    return userId;
  }

  /** Whether the request carries a valid seller session for the configured seller account. */
  async isSeller(request: FastifyRequest): Promise<boolean> {
    const token = request.cookies?.[SELLER_COOKIE];
    if (!token) return false;
    try {
      const claims = await this.jwt.verifyAsync<SellerClaims>(token, {
        audience: SELLER_AUDIENCE,
        issuer: SESSION_ISSUER,
        algorithms: ['HS256'],
      });
      return claims.email === this.config.sellerEmail;
    } catch {
      return false;
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
