import { CanActivate, ExecutionContext, Injectable } from '@nestjs/common';
import { Reflector } from '@nestjs/core';
import type { FastifyRequest } from 'fastify';
import { MESSAGES, SHOP_MANAGERS, type StaffRole } from '@larder/shared-domain';
import { ForbiddenError, UnauthorizedError } from '../common/errors';
import { SessionMember, SessionService } from './session.service';
import { carriesSellerSession } from './session-cookies';
import { staffRefusal } from './staff-gate';

/** What the customer guard attaches to the request. */
export interface CustomerIdentity {
  userId: string;
}

export type RequestWithCustomer = FastifyRequest & { customer?: CustomerIdentity };

/** Lets the request through only with a valid customer cookie of an existing account; 401 otherwise. */
@Injectable()
export class CustomerAuthGuard implements CanActivate {
  constructor(private readonly sessions: SessionService) {}

  async canActivate(context: ExecutionContext): Promise<boolean> {
    const request = context.switchToHttp().getRequest<RequestWithCustomer>();
    const userId = await this.sessions.customerOf(request);
    if (!userId) throw new UnauthorizedError(MESSAGES.notAuthorized);
    request.customer = { userId };
    return true;
  }
}

/** Metadata key of the roles `@SellerAuth(...roles)` allows on a route. */
export const SELLER_ROLES_KEY = 'larder:seller-roles';
/** Metadata key of the routes a member may use before replacing a first password (`@BeforePasswordChange`). */
export const BEFORE_PASSWORD_CHANGE_KEY = 'larder:before-password-change';
/** Metadata key of the routes a manager required to use two-factor sign-in may use before turning it on. */
export const BEFORE_TWO_FACTOR_KEY = 'larder:before-two-factor';
/** Metadata: the route answers a visitor who sent no seller session itself (the guard lets them through). */
export const VISITOR_ANSWERED_KEY = 'larder:visitor-answered';

/** Who is signed in to the seller area, on a route guarded by `@SellerAuth(...)`: `@CurrentStaff()`. */
export interface StaffIdentity {
  id: string;
  name: string;
  role: StaffRole;
}

export type RequestWithStaff = FastifyRequest & { staff?: StaffIdentity; staffMember?: SessionMember };

/**
 * Lets the request through only with a valid seller cookie (401 otherwise; a customer cookie does not count) of an
 * active member whose role, as it is now, the route allows (403 otherwise). A member whose first password is still
 * to be replaced gets 403 "Please choose a new password." on every route but the few that allow it, and a manager
 * the owner requires to use two-factor sign-in gets 403 until they turn it on (the one gate, `staffRefusal`, that
 * routes reading the staff session themselves pass too).
 */
@Injectable()
export class SellerAuthGuard implements CanActivate {
  constructor(
    private readonly sessions: SessionService,
    private readonly reflector: Reflector,
  ) {}

  async canActivate(context: ExecutionContext): Promise<boolean> {
    const request = context.switchToHttp().getRequest<RequestWithStaff>();
    const targets = [context.getHandler(), context.getClass()];
    if (
      !carriesSellerSession(request) &&
      this.reflector.getAllAndOverride<boolean | undefined>(VISITOR_ANSWERED_KEY, targets)
    )
      return true;
    const member = await this.sessions.sellerOf(request);
    if (!member) throw new UnauthorizedError(MESSAGES.sellerOnly);
    const refusal = staffRefusal(member, {
      roles:
        this.reflector.getAllAndOverride<readonly StaffRole[] | undefined>(SELLER_ROLES_KEY, targets) ??
        SHOP_MANAGERS,
      beforePasswordChange: this.reflector.getAllAndOverride<boolean | undefined>(
        BEFORE_PASSWORD_CHANGE_KEY,
        targets,
      ),
      beforeTwoFactor: this.reflector.getAllAndOverride<boolean | undefined>(BEFORE_TWO_FACTOR_KEY, targets),
    });
    if (refusal) throw new ForbiddenError(refusal);
    request.staff = { id: member.id, name: member.name, role: member.role };
    request.staffMember = member;
    return true;
  }
}
