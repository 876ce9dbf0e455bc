import { MESSAGES } from '@larder/shared-domain';
import { InvalidError } from '../common/errors';

/** An Idempotency-Key header: 1 to 200 visible ASCII characters. */
export const IDEMPOTENCY_KEY = /^[\x21-\x7e]{1,200}$/;

/** The Idempotency-Key of a request, checked (400 when malformed), or undefined when none was sent. */
export function checkIdempotencyKey(value: string | undefined): string | undefined {
  if (value === undefined) return undefined;
  if (!IDEMPOTENCY_KEY.test(value)) throw new InvalidError(MESSAGES.invalidIdempotencyKey);
  return value;
}
