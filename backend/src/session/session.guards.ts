import { CanActivate, ExecutionContext, Injectable } from '@nestjs/common';
import type { FastifyRequest } from 'fastify';
import { MESSAGES } from '@larder/shared-domain';
import { UnauthorizedError } from '../common/errors';
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

/** Lets the request through only with a valid seller cookie; 401 otherwise (a customer cookie does not count). */
@Injectable()
export class SellerAuthGuard implements CanActivate {
  constructor(private readonly sessions: SessionService) {}

  async canActivate(context: ExecutionContext): Promise<boolean> {
    const request = context.switchToHttp().getRequest<FastifyRequest>();
    if (!(await this.sessions.isSeller(request))) throw new UnauthorizedError(MESSAGES.sellerOnly);
    return true;
  }
}
