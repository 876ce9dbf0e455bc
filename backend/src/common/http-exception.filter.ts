import { ArgumentsHost, Catch, ExceptionFilter, HttpException, HttpStatus, Logger } from '@nestjs/common';
import { ThrottlerException } from '@nestjs/throttler';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { MESSAGES } from '@larder/shared-domain';
import { DomainError, pgErrorCode, PG_UNIQUE_VIOLATION } from './errors';

export interface ErrorBody {
  success: false;
  message: string;
  [extra: string]: unknown;
}

/** What to send for a 404 GET that is a browser navigation (the single-page app's index.html), if anything. */
export type SpaFallback = (request: FastifyRequest) => string | undefined;

const HTTP_FALLBACK_MESSAGES: Record<number, string> = {
  400: 'Bad request',
  401: MESSAGES.notAuthorized,
  403: 'Forbidden',
  404: 'Not found',
  405: 'Method not allowed',
  406: 'Not acceptable',
  413: 'Request too large',
  415: 'Unsupported media type',
  429: MESSAGES.tooManyRequests,
};

/** Maps any error to a status and the `{ success: false, message }` body; 5xx never leak internals. */
export function errorResponse(exception: unknown): { status: number; body: ErrorBody } {
  if (exception instanceof DomainError) {
    return {
      status: exception.status,
      body: { ...exception.extra, success: false, message: exception.message },
    };
  }
  if (exception instanceof ThrottlerException) {
    return { status: 429, body: { success: false, message: MESSAGES.tooManyRequests } };
  }
  if (exception instanceof HttpException) {
    const status = exception.getStatus();
    if (status === 503) return { status, body: { success: false, message: 'Service unavailable' } };
    if (status >= 500) return { status, body: { success: false, message: MESSAGES.somethingWentWrong } };
    const response = exception.getResponse();
    let message: unknown =
      typeof response === 'string' ? response : (response as { message?: unknown }).message;
    if (Array.isArray(message)) message = message[0];
    if (typeof message !== 'string' || !message) message = HTTP_FALLBACK_MESSAGES[status] ?? 'Request failed';
    return { status, body: { success: false, message: message as string } };
  }
  if (pgErrorCode(exception) === PG_UNIQUE_VIOLATION) {
    return { status: 409, body: { success: false, message: 'This already exists' } };
  }
  // Fastify's own errors (bad JSON, body too large, unsupported content type) carry a 4xx statusCode.
  const statusCode = (exception as { statusCode?: unknown } | undefined)?.statusCode;
  if (typeof statusCode === 'number' && statusCode >= 400 && statusCode < 500) {
    const code = (exception as { code?: unknown }).code;
    const message =
      code === 'FST_ERR_CTP_INVALID_JSON_BODY' || code === 'FST_ERR_CTP_EMPTY_JSON_BODY'
        ? 'The request body is not valid JSON'
        : (HTTP_FALLBACK_MESSAGES[statusCode] ?? 'Bad request');
    return { status: statusCode, body: { success: false, message } };
  }
  return {
    status: HttpStatus.INTERNAL_SERVER_ERROR,
    body: { success: false, message: MESSAGES.somethingWentWrong },
  };
}

@Catch()
export class AppExceptionFilter implements ExceptionFilter {
  private readonly logger = new Logger('Exceptions');

  constructor(private readonly spaFallback?: SpaFallback) {}

  catch(exception: unknown, host: ArgumentsHost): void {
    const ctx = host.switchToHttp();
    const reply = ctx.getResponse<FastifyReply>();
    const request = ctx.getRequest<FastifyRequest>();
    const { status, body } = errorResponse(exception);
    if (status === 404 && this.spaFallback && request?.method === 'GET') {
      const html = this.spaFallback(request);
      if (html !== undefined) {
        void reply
          .status(200)
          .header('cache-control', 'no-cache')
          .type('text/html; charset=utf-8')
          .send(html);
        return;
      }
    }
    if (status >= 500) {
      this.logger.error(
        exception instanceof Error ? (exception.stack ?? exception.message) : String(exception),
      );
    }
    if (reply.sent) return;
    void reply.status(status).header('cache-control', 'no-store').send(body);
  }
}
