import { applyDecorators } from '@nestjs/common';
import {
  ApiBadRequestResponse,
  ApiConflictResponse,
  ApiNotFoundResponse,
  ApiTooManyRequestsResponse,
  type OpenAPIObject,
} from '@nestjs/swagger';
import { ErrorResponse } from './responses';

/** Names of the cookie security schemes in the OpenAPI document: use `ApiCookieAuth(CUSTOMER_AUTH)`. */
export const CUSTOMER_AUTH = 'customer';
export const SELLER_AUTH = 'seller';
export const ApiInvalid = (description = 'Invalid request') =>
  ApiBadRequestResponse({ description, type: ErrorResponse });
export const ApiNotFound = (description = 'Not found') =>
  ApiNotFoundResponse({ description, type: ErrorResponse });
export const ApiConflict = (description = 'Conflict') =>
  ApiConflictResponse({ description, type: ErrorResponse });
export const ApiTooMany = () =>
  applyDecorators(ApiTooManyRequestsResponse({ description: 'Rate limited', type: ErrorResponse }));

const HTTP_METHODS = ['get', 'put', 'post', 'delete', 'patch', 'head', 'options', 'trace'] as const;

/**
 * Finishes the generated contract so clients can rely on it:
 * - an operation that declares no cookie auth is public, and says so with `security: []`;
 * - every operation documents the shop's error shape for a malformed request (a bad URL encoding or an
 *   over-long path parameter is refused before any route runs), unless it already documents a 4xx;
 * - a one-schema `allOf` (how enum references come out) is replaced by the schema itself.
 */
export function finishOpenApiDocument(document: OpenAPIObject): OpenAPIObject {
  for (const pathItem of Object.values(document.paths)) {
    for (const method of HTTP_METHODS) {
      const operation = pathItem[method];
      if (!operation) continue;
      operation.security ??= [];
      if (!Object.keys(operation.responses).some((code) => code.startsWith('4'))) {
        operation.responses['4XX'] = {
          description: 'Malformed request',
          content: { 'application/json': { schema: { $ref: '#/components/schemas/ErrorResponse' } } },
        };
      }
    }
  }
  return unwrapSingleAllOf(document);
}

function unwrapSingleAllOf<T>(node: T): T {
  if (Array.isArray(node)) return node.map(unwrapSingleAllOf) as T;
  if (!node || typeof node !== 'object') return node;
  const record = node as Record<string, unknown>;
  if (Array.isArray(record.allOf) && record.allOf.length === 1 && Object.keys(record).length === 1) {
    return unwrapSingleAllOf(record.allOf[0]) as T;
  }
  return Object.fromEntries(
    Object.entries(record).map(([key, value]) => [key, unwrapSingleAllOf(value)]),
  ) as T;
}
