import { applyDecorators, createParamDecorator, ExecutionContext, UseGuards } from '@nestjs/common';
import { ApiCookieAuth, ApiUnauthorizedResponse } from '@nestjs/swagger';
import { CUSTOMER_AUTH, SELLER_AUTH } from '../common/openapi-docs';
import { ErrorResponse } from '../common/responses';
import { CustomerAuthGuard, CustomerIdentity, RequestWithCustomer, SellerAuthGuard } from './session.guards';

export type { CustomerIdentity } from './session.guards';

/**
 * Customer-only route (method or controller): needs the `larder_customer` cookie of an existing account,
 * otherwise 401 `{ success: false, message }`. Read the user with `@CurrentCustomer()`.
 */
export function CustomerAuth(): MethodDecorator & ClassDecorator {
  return applyDecorators(
    UseGuards(CustomerAuthGuard),
    ApiCookieAuth(CUSTOMER_AUTH),
    ApiUnauthorizedResponse({ description: 'Not signed in as a customer', type: ErrorResponse }),
  );
}

/**
 * Seller-only route (method or controller): needs the `larder_seller` cookie, otherwise 401
 * `{ success: false, message }` (a customer cookie is not accepted).
 */
export function SellerAuth(): MethodDecorator & ClassDecorator {
  return applyDecorators(
    UseGuards(SellerAuthGuard),
    ApiCookieAuth(SELLER_AUTH),
    ApiUnauthorizedResponse({ description: 'Not signed in as the seller', type: ErrorResponse }),
  );
}

/** The signed-in customer (`{ userId }`) on a route guarded by `@CustomerAuth()`. */
export const CurrentCustomer = createParamDecorator(
  (_data: unknown, context: ExecutionContext): CustomerIdentity => {
    const customer = context.switchToHttp().getRequest<RequestWithCustomer>().customer;
    if (!customer) throw new Error('@CurrentCustomer() used on a route without @CustomerAuth()');
    return customer;
  },
);
