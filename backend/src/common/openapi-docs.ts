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
/** Methods the origin check (../http/origin-check.ts) may refuse. */
const UNSAFE_METHODS = new Set<string>(['put', 'post', 'delete', 'patch']);

const ERROR_CONTENT = { 'application/json': { schema: { $ref: '#/components/schemas/ErrorResponse' } } };

type Responses = OpenAPIObject['paths'][string]['get'] extends infer O
  ? O extends { responses: infer R }
    ? R
    : never
  : never;

/** Declares `status` with the error shape, or adds `why` to the description of the one already declared. */
function declareError(responses: Responses, status: string, why: string): void {
  const existing = responses[status] as { description?: string; content?: unknown } | undefined;
  if (!existing) {
    responses[status] = { description: why, content: ERROR_CONTENT };
    return;
  }
  if (!existing.description?.includes(why)) {
    existing.description = existing.description ? `${existing.description}; or: ${why}` : why;
  }
}

/**
 * Finishes the generated contract so it tells the truth about every route, including routes added later, from
 * what the HTTP pipeline (../http/http-pipeline.ts) does to every request:
 * - an operation that declares no cookie auth is public, and says so with `security: []`;
 * - every operation may answer 400 (hostile text in the query, path or body is refused before any route runs,
 *   and the validation pipe refuses a bad body), and `4XX` for a malformed request (a bad URL encoding, an
 *   over-long path parameter, a body too large or of an unsupported type) refused before any route runs;
 * - every write (POST, PUT, PATCH, DELETE) may answer 403 from the origin check, and every operation a 5xx (503 with
 *   Retry-After while the database cannot be reached);
 * - every error answer (4xx and 5xx) is the shop's error shape in JSON, whatever its success answers are (a CSV
 *   route's errors are JSON too);
 * - a nullable reference (`nullable` beside `allOf: [{ $ref }]`, how `nullable: true` on a DTO-typed field comes out)
 *   becomes `anyOf: [{ $ref }, only null]`: beside `allOf` the referenced schema must hold, so null broke it;
 * - a one-schema `allOf` (how enum references come out) is replaced by the schema itself.
 */
export function finishOpenApiDocument(document: OpenAPIObject): OpenAPIObject {
  for (const pathItem of Object.values(document.paths)) {
    for (const method of HTTP_METHODS) {
      const operation = pathItem[method];
      if (!operation) continue;
      operation.security ??= [];
      const responses = operation.responses;
      declareError(responses, '400', "Invalid request (VALIDATION_FAILED or the refusal's own code)");
      if (UNSAFE_METHODS.has(method)) {
        declareError(responses, '403', 'Request origin not allowed (ORIGIN_NOT_ALLOWED)');
      }
      responses['4XX'] ??= { description: 'Malformed request', content: ERROR_CONTENT };
      responses['5XX'] ??= {
        description:
          'The shop failed (INTERNAL_ERROR), or its database cannot be reached for a moment: 503 SERVICE_UNAVAILABLE with Retry-After (seconds); retry then, with the same Idempotency-Key',
        content: ERROR_CONTENT,
      };
      for (const [status, response] of Object.entries(responses)) {
        if (!/^[45]/.test(status) || !response || '$ref' in response) continue;
        // A route's own type for an error (TotalsChangedResponse) stays; its media type is JSON.
        const schema = Object.values(response.content ?? {})[0]?.schema;
        response.content = schema ? { 'application/json': { schema } } : ERROR_CONTENT;
      }
    }
  }
  return unwrapSingleAllOf(nullableReferences(document));
}

/** A schema only null matches (OpenAPI 3.0's way to say it). */
const ONLY_NULL = { type: 'object', nullable: true, enum: [null] };

function nullableReferences<T>(node: T): T {
  if (Array.isArray(node)) return node.map(nullableReferences) as T;
  if (!node || typeof node !== 'object') return node;
  const { allOf, ...rest } = node as Record<string, unknown>;
  if (rest.nullable === true && Array.isArray(allOf) && allOf.length === 1) {
    // OpenAPI 3.0 has no null type, and `nullable` only adds null to a `type` beside it, never to a reference:
    // "the referenced schema, or only null".
    const { type: _type, nullable: _nullable, ...others } = rest;
    return { ...nullableReferences(others), anyOf: [...nullableReferences(allOf), ONLY_NULL] } as T;
  }
  const entries = Object.entries(rest).map(([key, value]) => [key, nullableReferences(value)]);
  if (allOf !== undefined) entries.push(['allOf', nullableReferences(allOf)]);
  return Object.fromEntries(entries) as T;
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
