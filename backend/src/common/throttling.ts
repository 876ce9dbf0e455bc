/**
 * Rate limiting (@nestjs/throttler). Nothing is limited by default: put `@RateLimited()` on a controller
 * method (or class) to apply the configured limit per client IP (THROTTLE_LIMIT requests per THROTTLE_TTL_MS),
 * or `@CustomerRateLimited('address' | 'order')` on a customer route to limit it per signed-in customer
 * (ADDRESS_THROTTLE_LIMIT per ADDRESS_THROTTLE_TTL_MS; ORDER_THROTTLE_LIMIT per ORDER_THROTTLE_TTL_MS). With REDIS_URL set the counters live in Redis, shared by
 * every API replica. Over the limit: 429 `{ success: false, message: MESSAGES.tooManyRequests }`.
 * The limits themselves are set up from the configuration in ../http/rate-limit.module.ts.
 */
import { applyDecorators, SetMetadata, UseGuards } from '@nestjs/common';
import { ThrottlerGuard } from '@nestjs/throttler';
import { ApiTooMany } from './openapi-docs';

/** Which limit a route has: the per-IP default, or a per-customer one. */
export type LimitName = 'default' | 'address' | 'order';
/** The metadata key that marks a route with its limit (read by ../http/rate-limit.module.ts). */
export const RATE_LIMIT = 'larder:rate-limit';

/** Applies the configured per-client rate limit to a route (or every route of a controller) and documents the 429. */
export function RateLimited(): MethodDecorator & ClassDecorator {
  return applyDecorators(SetMetadata(RATE_LIMIT, 'default'), UseGuards(ThrottlerGuard), ApiTooMany());
}

/** Applies a per-customer limit to a customer route (after `@CustomerAuth()`), and documents the 429. */
export function CustomerRateLimited(name: Exclude<LimitName, 'default'>): MethodDecorator & ClassDecorator {
  return applyDecorators(SetMetadata(RATE_LIMIT, name), UseGuards(ThrottlerGuard), ApiTooMany());
}
