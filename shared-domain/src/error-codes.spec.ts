import { ERROR_CODES, errorCodeOf, genericErrorCode } from './error-codes';

describe('error codes', () => {
  it('are their own names, so a code read from an answer is the key that names it', () => {
    for (const [key, code] of Object.entries(ERROR_CODES)) expect(code).toBe(key);
  });

  it('give each status its generic code, and other statuses their class', () => {
    expect(genericErrorCode(400)).toBe('VALIDATION_FAILED');
    expect(genericErrorCode(401)).toBe('NOT_SIGNED_IN');
    expect(genericErrorCode(429)).toBe('TOO_MANY_REQUESTS');
    expect(genericErrorCode(418)).toBe('BAD_REQUEST');
    expect(genericErrorCode(502)).toBe('INTERNAL_ERROR');
  });

  it("read a failed call's code, and nothing from a failure that never reached the server", () => {
    expect(errorCodeOf({ status: 409, data: { success: false, message: 'Full', code: 'SLOT_FULL' } })).toBe(
      'SLOT_FULL',
    );
    expect(
      errorCodeOf({ status: 409, data: { success: false, message: 'Full', code: 'NO_SUCH_CODE' } }),
    ).toBe(undefined);
    expect(errorCodeOf({ status: 'FETCH_ERROR', error: 'TypeError: Failed to fetch' })).toBeUndefined();
    expect(errorCodeOf(undefined)).toBeUndefined();
  });
});
