import { CanActivate, ExecutionContext, Injectable } from '@nestjs/common';
import { Reflector } from '@nestjs/core';
import type { FastifyRequest } from 'fastify';
import { MESSAGES, SHOP_MANAGERS, type StaffRole } from '@larder/shared-domain';
import { ForbiddenError, UnauthorizedError } from '../common/errors';
import { SessionService } from './session.service';

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

/**
 * Lets the request through only with a valid seller cookie (401 otherwise; a customer cookie does not count) of a
 * member whose role the route allows (403 otherwise).
 */
@Injectable()
export class SellerAuthGuard implements CanActivate {
  constructor(
    private readonly sessions: SessionService,
    private readonly reflector: Reflector,
  ) {}

  async canActivate(context: ExecutionContext): Promise<boolean> {
    const request = context.switchToHttp().getRequest<FastifyRequest>();
    if (!(await this.sessions.isSeller(request))) throw new UnauthorizedError(MESSAGES.sellerOnly);
    const allowed =
      this.reflector.getAllAndOverride<readonly StaffRole[] | undefined>(SELLER_ROLES_KEY, [
        context.getHandler(),
        context.getClass(),
      ]) ?? SHOP_MANAGERS;
    // The configured seller is the shop's owner.
    const role: StaffRole = 'owner';
    if (!allowed.includes(role)) throw new ForbiddenError(MESSAGES.noPermission);
    return true;
  }
}
