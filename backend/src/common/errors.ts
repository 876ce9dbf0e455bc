import { genericErrorCode, type ErrorCode } from '@larder/shared-domain';

/** What an error answer carries besides its message: its own code, and extra fields (e.g. current totals). */
export interface ErrorDetails {
  /** The refusal's own code (ERROR_CODES); without one the answer has its status's generic code. */
  code?: ErrorCode;
  [extra: string]: unknown;
}

/**
 * Framework-free domain errors. Services throw these; the global filter turns them into
 * `{ success: false, message, code, ...extra }` with the matching HTTP status.
 */
export abstract class DomainError extends Error {
  abstract readonly status: number;

  constructor(
    message: string,
    /** The code and extra fields merged into the error body. */
    readonly extra?: ErrorDetails,
  ) {
    super(message);
    this.name = new.target.name;
  }

  /** The stable code the answer carries. */
  get code(): ErrorCode {
    return this.extra?.code ?? genericErrorCode(this.status);
  }
}

export class InvalidError extends DomainError {
  readonly status = 400;
}

export class UnauthorizedError extends DomainError {
  readonly status = 401;
}

export class ForbiddenError extends DomainError {
  readonly status = 403;
}

export class NotFoundError extends DomainError {
  readonly status = 404;
}

export class ConflictError extends DomainError {
  readonly status = 409;
}

export class TooManyRequestsError extends DomainError {
  readonly status = 429;
}

export class NotImplementedError extends DomainError {
  readonly status = 501;
}

/** PostgreSQL's unique_violation, for repositories that turn it into a ConflictError. */
export const PG_UNIQUE_VIOLATION = '23505';

/** The PostgreSQL error code of an error thrown by pg or PGlite (possibly wrapped by Drizzle). */
export function pgErrorCode(err: unknown): string | undefined {
  let current: unknown = err;
  for (let depth = 0; depth < 4 && current && typeof current === 'object'; depth++) {
    const code = (current as { code?: unknown }).code;
    if (typeof code === 'string' && /^[0-9A-Z]{5}$/.test(code)) return code;
    current = (current as { cause?: unknown }).cause;
  }
  return undefined;
}

/**
 * Codes that say the database cannot be reached right now: the connection was refused, cut or timed out (Node's
 * socket errors), the server is shutting down or starting up (PostgreSQL's class 57P), or the connection failed
 * (class 08).
 */
const UNREACHABLE_CODES = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'ETIMEDOUT',
  'EPIPE',
  'EHOSTUNREACH',
  'ENOTFOUND',
  'EAI_AGAIN',
  '57P01',
  '57P02',
  '57P03',
]);
/** What node-postgres says, without a code, when a connection ends under a query or cannot be opened in time. */
const UNREACHABLE_MESSAGES =
  /Connection terminated|timeout exceeded when trying to connect|Client has encountered a connection error|Connection closed/i;

/**
 * Whether an error (possibly wrapped by Drizzle) means the database is unreachable for a moment, e.g. while it
 * restarts: the request may be retried, and is answered 503 with Retry-After rather than as a failure of the shop.
 */
export function databaseUnreachable(err: unknown): boolean {
  let current: unknown = err;
  for (let depth = 0; depth < 5 && current && typeof current === 'object'; depth++) {
    const { code, message } = current as { code?: unknown; message?: unknown };
    if (typeof code === 'string' && (UNREACHABLE_CODES.has(code) || /^08[0-9A-Z]{3}$/.test(code)))
      return true;
    if (typeof message === 'string' && UNREACHABLE_MESSAGES.test(message)) return true;
    current = (current as { cause?: unknown }).cause;
  }
  return false;
}
