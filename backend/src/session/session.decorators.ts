import {
  applyDecorators,
  createParamDecorator,
  ExecutionContext,
  SetMetadata,
  UseGuards,
} from '@nestjs/common';
import { ApiCookieAuth, ApiForbiddenResponse, ApiUnauthorizedResponse } from '@nestjs/swagger';
import { SHOP_MANAGERS, type StaffRole } from '@larder/shared-domain';
import { CUSTOMER_AUTH, SELLER_AUTH } from '../common/openapi-docs';
import { ErrorResponse } from '../common/responses';
import {
  CustomerAuthGuard,
  CustomerIdentity,
  RequestWithCustomer,
  RequestWithStaff,
  BEFORE_PASSWORD_CHANGE_KEY,
  BEFORE_TWO_FACTOR_KEY,
  SELLER_ROLES_KEY,
  VISITOR_ANSWERED_KEY,
  SellerAuthGuard,
  StaffIdentity,
} from './session.guards';

export type { CustomerIdentity, StaffIdentity } from './session.guards';

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
 * Seller-area route (method or controller): needs the `larder_seller` cookie, otherwise 401
 * `{ success: false, message }` (a customer cookie is not accepted), and a signed-in member whose role is one of
 * `roles` (the owner and managers when none are named), otherwise 403 "You do not have permission to do that.".
 * A method's roles replace its controller's.
 */
export function SellerAuth(...roles: StaffRole[]): MethodDecorator & ClassDecorator {
  const allowed: readonly StaffRole[] = roles.length > 0 ? roles : SHOP_MANAGERS;
  return applyDecorators(
    SetMetadata(SELLER_ROLES_KEY, allowed),
    UseGuards(SellerAuthGuard),
    ApiCookieAuth(SELLER_AUTH),
    ApiUnauthorizedResponse({ description: 'Not signed in as the seller', type: ErrorResponse }),
    ApiForbiddenResponse({ description: `Only for: ${allowed.join(', ')}`, type: ErrorResponse }),
  );
}

/**
 * On a `@SellerAuth(...)` route, lets a member whose first password is still to be replaced use it (signing out,
 * who am I, choosing the new password); every other seller route answers them 403 "Please choose a new password.".
 */
export function BeforePasswordChange(): MethodDecorator & ClassDecorator {
  return SetMetadata(BEFORE_PASSWORD_CHANGE_KEY, true);
}

/**
 * On a `@SellerAuth(...)` route, lets a manager whom the owner requires to use two-factor sign-in use it before
 * turning it on (who am I, their password, enrolling); every other route answers them 403.
 */
export function BeforeTwoFactor(): MethodDecorator & ClassDecorator {
  return SetMetadata(BEFORE_TWO_FACTOR_KEY, true);
}

/**
 * On a `@SellerAuth(...)` route, lets a visitor who sent no seller session reach the handler (with no member), to
 * be answered there (who am I: 200 `{ success: false }`); a session that is sent and not valid is still 401.
 */
export function VisitorAnswered(): MethodDecorator & ClassDecorator {
  return SetMetadata(VISITOR_ANSWERED_KEY, true);
}

/** The member signed in to the seller area (`{ id, name, role }`, as now) on a route guarded by `@SellerAuth()`. */
export const CurrentStaff = createParamDecorator(
  (_data: unknown, context: ExecutionContext): StaffIdentity => {
    const staff = context.switchToHttp().getRequest<RequestWithStaff>().staff;
    if (!staff) throw new Error('@CurrentStaff() used on a route without @SellerAuth()');
    return staff;
  },
);

/** The signed-in customer (`{ userId }`) on a route guarded by `@CustomerAuth()`. */
export const CurrentCustomer = createParamDecorator(
  (_data: unknown, context: ExecutionContext): CustomerIdentity => {
    const customer = context.switchToHttp().getRequest<RequestWithCustomer>().customer;
    if (!customer) throw new Error('@CurrentCustomer() used on a route without @CustomerAuth()');
    return customer;
  },
);
