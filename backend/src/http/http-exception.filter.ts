import { ArgumentsHost, Catch, ExceptionFilter, HttpException, HttpStatus, Logger } from '@nestjs/common';
import { ThrottlerException } from '@nestjs/throttler';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { ERROR_CODES, genericErrorCode, MESSAGES, type ErrorCode } from '@larder/shared-domain';
import { databaseUnreachable, DomainError, pgErrorCode, PG_UNIQUE_VIOLATION } from '../common/errors';

export interface ErrorBody {
  success: false;
  message: string;
  /** Stable and machine-readable (ERROR_CODES): what pages and API clients compare. */
  code: ErrorCode;
  [extra: string]: unknown;
}

const HTTP_FALLBACK_MESSAGES: Record<number, string> = {
  400: 'Bad request',
  401: MESSAGES.notAuthorized,
  403: 'Forbidden',
  404: 'Not found',
  405: 'Method not allowed',
  406: 'Not acceptable',
  408: 'Request timed out',
  411: 'Length required',
  413: 'Request too large',
  414: 'The address is too long',
  415: 'Unsupported media type',
  429: MESSAGES.tooManyRequests,
  431: 'Request headers too large',
};

/** Fastify's own request errors whose message is safe and useful to show. */
const FASTIFY_MESSAGES: Record<string, string> = {
  FST_ERR_CTP_INVALID_JSON_BODY: 'The request body is not valid JSON',
  FST_ERR_CTP_EMPTY_JSON_BODY: 'The request body is not valid JSON',
  FST_ERR_CTP_INVALID_MEDIA_TYPE: 'Unsupported media type',
  FST_ERR_CTP_INVALID_CONTENT_LENGTH: 'The request body does not match its Content-Length',
  FST_ERR_CTP_BODY_TOO_LARGE: 'Request too large',
  FST_ERR_BAD_URL: 'The address is not valid',
  FST_ERR_MAX_PARAM_LENGTH: 'The address is too long',
  FST_ERR_ASYNC_CONSTRAINT: 'The address is not valid',
};

/** Codes of Fastify's own request errors that are more specific than their status's. */
const FASTIFY_CODES: Record<string, ErrorCode> = {
  FST_ERR_CTP_INVALID_JSON_BODY: ERROR_CODES.INVALID_JSON,
  FST_ERR_CTP_EMPTY_JSON_BODY: ERROR_CODES.INVALID_JSON,
};

/** Status for Fastify errors raised before a route runs (router, content-type parsers). */
const FASTIFY_STATUS: Record<string, number> = {
  FST_ERR_BAD_URL: 400,
  FST_ERR_MAX_PARAM_LENGTH: 414,
  FST_ERR_ASYNC_CONSTRAINT: 400,
};

/** Seconds a client waits before retrying while the database cannot be reached (it restarts in a few). */
export const DATABASE_RETRY_AFTER_SECONDS = 2;

/** Nest's route-not-found message ("Cannot GET /path") echoes the request; never send it back. */
const NEST_NOT_FOUND = /^Cannot [A-Z]+ /;

/** An error answer: its status, body and any headers it needs (Retry-After). */
export interface ErrorAnswer {
  status: number;
  body: ErrorBody;
  headers?: Record<string, string>;
}

/** Maps any error to a status and the `{ success: false, message, code }` body; 5xx never leak internals. */
export function errorResponse(exception: unknown): ErrorAnswer {
  if (exception instanceof DomainError) {
    return {
      status: exception.status,
      body: { ...exception.extra, success: false, message: exception.message, code: exception.code },
    };
  }
  if (exception instanceof ThrottlerException) {
    return {
      status: 429,
      body: { success: false, message: MESSAGES.tooManyRequests, code: ERROR_CODES.TOO_MANY_REQUESTS },
    };
  }
  if (exception instanceof HttpException) {
    const status = exception.getStatus();
    if (status === 503) {
      return {
        status,
        body: { success: false, message: 'Service unavailable', code: genericErrorCode(status) },
      };
    }
    if (status >= 500) {
      return {
        status,
        body: { success: false, message: MESSAGES.somethingWentWrong, code: genericErrorCode(status) },
      };
    }
    const response = exception.getResponse();
    let message: unknown =
      typeof response === 'string' ? response : (response as { message?: unknown }).message;
    if (Array.isArray(message)) message = message[0];
    if (typeof message !== 'string' || !message || (status === 404 && NEST_NOT_FOUND.test(message))) {
      message = HTTP_FALLBACK_MESSAGES[status] ?? 'Request failed';
    }
    return { status, body: { success: false, message: message as string, code: genericErrorCode(status) } };
  }
  if (databaseUnreachable(exception)) {
    // Nothing was stored by the failed statement (its transaction is gone with the connection): safe to retry.
    return {
      status: HttpStatus.SERVICE_UNAVAILABLE,
      body: { success: false, message: MESSAGES.shopBusy, code: ERROR_CODES.SERVICE_UNAVAILABLE },
      headers: { 'retry-after': String(DATABASE_RETRY_AFTER_SECONDS) },
    };
  }
  if (pgErrorCode(exception) === PG_UNIQUE_VIOLATION) {
    return {
      status: 409,
      body: { success: false, message: 'This already exists', code: ERROR_CODES.CONFLICT },
    };
  }
  // Fastify's own errors (bad URL, bad JSON, body too large, unsupported content type) carry a 4xx status.
  const code = (exception as { code?: unknown } | undefined)?.code;
  const statusCode =
    (typeof code === 'string' ? FASTIFY_STATUS[code] : undefined) ??
    (exception as { statusCode?: unknown } | undefined)?.statusCode;
  if (typeof statusCode === 'number' && statusCode >= 400 && statusCode < 500) {
    const message =
      (typeof code === 'string' ? FASTIFY_MESSAGES[code] : undefined) ??
      HTTP_FALLBACK_MESSAGES[statusCode] ??
      'Bad request';
    const errorCode =
      (typeof code === 'string' ? FASTIFY_CODES[code] : undefined) ?? genericErrorCode(statusCode);
    return { status: statusCode, body: { success: false, message, code: errorCode } };
  }
  return {
    status: HttpStatus.INTERNAL_SERVER_ERROR,
    body: { success: false, message: MESSAGES.somethingWentWrong, code: ERROR_CODES.INTERNAL_ERROR },
  };
}

/**
 * An error for the log without the values a failed SQL statement was bound to: Drizzle puts them in its
 * message ("params: ..."), and PostgreSQL's `detail` and some messages quote the offending value.
 */
export function errorForLog(exception: unknown): string {
  if (!(exception instanceof Error)) return String(exception);
  const query = (exception as { query?: unknown }).query;
  if (typeof query === 'string' && 'params' in exception) {
    const cause = exception.cause as { code?: unknown; message?: unknown } | undefined;
    const causeMessage =
      typeof cause?.message === 'string' ? cause.message.replace(/:\s*"[^]*$/, ': [redacted]') : '';
    const frames = (exception.stack ?? '')
      .split('\n')
      .filter((line) => /^\s+at /.test(line))
      .join('\n');
    return `Failed query: ${query}\ncause: ${String(cause?.code ?? '')} ${causeMessage}\n${frames}`;
  }
  return exception.stack ?? exception.message;
}

/**
 * Fastify's `frameworkErrors`: router errors raised before any route or hook (broken percent-encoding,
 * an over-long path parameter) answer the shop's error shape too.
 */
export function frameworkErrorHandler(error: unknown, _request: FastifyRequest, reply: FastifyReply): void {
  const { status, body, headers } = errorResponse(error);
  void reply
    .status(status)
    .headers({ ...headers, 'cache-control': 'no-store' })
    .send(body);
}

/**
 * Answers a request that failed with the shop's error shape, `no-store`; a 5xx is logged with the route's pattern
 * (never the URL: its ids and query string stay out of the log). Used by the exception filter and by the routes
 * answered outside Nest's pipeline (../checkout/checkout-fast-path.ts).
 */
export function sendError(
  exception: unknown,
  request: FastifyRequest,
  reply: FastifyReply,
  logger: Logger,
): void {
  const { status, body, headers } = errorResponse(exception);
  if (status >= 500) {
    const route = `${request?.method ?? ''} ${request?.routeOptions?.url ?? ''}`;
    // A deliberate answer (a feature that is not configured): one line, no stack trace.
    if (exception instanceof DomainError) logger.warn(`${route} answered ${status}: ${exception.message}`);
    else if (headers?.['retry-after'])
      logger.warn(`${route} answered ${status}: the database cannot be reached`);
    else logger.error(`${route} failed: ${errorForLog(exception)}`);
  }
  if (reply.sent) return;
  void reply
    .status(status)
    .headers({ ...headers, 'cache-control': 'no-store' })
    .send(body);
}

@Catch()
export class AppExceptionFilter implements ExceptionFilter {
  private readonly logger = new Logger('Exceptions');

  catch(exception: unknown, host: ArgumentsHost): void {
    const ctx = host.switchToHttp();
    sendError(exception, ctx.getRequest<FastifyRequest>(), ctx.getResponse<FastifyReply>(), this.logger);
  }
}
