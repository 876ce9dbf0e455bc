import { ApiHeader } from '@nestjs/swagger';
import { ERROR_CODES, MESSAGES } from '@larder/shared-domain';
import { InvalidError } from '../common/errors';
import { ApiIdParam } from '../common/uuid-param';

/** An Idempotency-Key header: 1 to 200 visible ASCII characters. */
export const IDEMPOTENCY_KEY = /^[\x21-\x7e]{1,200}$/;

/** The Idempotency-Key of a request, checked (400 when malformed), or undefined when none was sent. */
export function checkIdempotencyKey(value: string | undefined): string | undefined {
  if (value === undefined) return undefined;
  if (!IDEMPOTENCY_KEY.test(value))
    throw new InvalidError(MESSAGES.invalidIdempotencyKey, { code: ERROR_CODES.IDEMPOTENCY_KEY_INVALID });
  return value;
}

/** The `{id}` of the order routes, documented. */
export const OrderIdParam = () => ApiIdParam('Order id');

/** The optional Idempotency-Key header of a route that changes an order, with what repeating it does there. */
export const IdempotencyKeyHeader = (description: string) =>
  ApiHeader({ name: 'idempotency-key', required: false, description });
