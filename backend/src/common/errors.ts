/**
 * Framework-free domain errors. Services throw these; the global filter turns them into
 * `{ success: false, message, ...extra }` with the matching HTTP status.
 */
export abstract class DomainError extends Error {
  abstract readonly status: number;

  constructor(
    message: string,
    /** Extra fields merged into the error body (e.g. current totals). */
    readonly extra?: Record<string, unknown>,
  ) {
    super(message);
    this.name = new.target.name;
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
