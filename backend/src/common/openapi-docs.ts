import { applyDecorators } from '@nestjs/common';
import {
  ApiBadRequestResponse,
  ApiConflictResponse,
  ApiNotFoundResponse,
  ApiTooManyRequestsResponse,
} from '@nestjs/swagger';
import { ErrorResponse } from './responses';

/** Names of the cookie security schemes in the OpenAPI document: use `ApiCookieAuth(CUSTOMER_AUTH)`. */
export const CUSTOMER_AUTH = 'customer';
export const SELLER_AUTH = 'seller';
export const CUSTOMER_COOKIE = 'larder_customer';
export const SELLER_COOKIE = 'larder_seller';

export const ApiInvalid = (description = 'Invalid request') =>
  ApiBadRequestResponse({ description, type: ErrorResponse });
export const ApiNotFound = (description = 'Not found') =>
  ApiNotFoundResponse({ description, type: ErrorResponse });
export const ApiConflict = (description = 'Conflict') =>
  ApiConflictResponse({ description, type: ErrorResponse });
export const ApiTooMany = () =>
  applyDecorators(ApiTooManyRequestsResponse({ description: 'Rate limited', type: ErrorResponse }));
