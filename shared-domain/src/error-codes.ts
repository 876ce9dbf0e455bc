/**
 * The machine-readable `code` of every error answer `{ success: false, message, code }`. The message is for
 * people and may be reworded; the code is stable, so pages and API clients compare it, never the message.
 * The API's contract lists these as the `code` enum of its ErrorResponse.
 *
 * A refusal with a rule of its own has its own code; any other error has its status's generic code
 * (GENERIC_ERROR_CODES).
 */
export const ERROR_CODES = {
  // Generic, one for each status (GENERIC_ERROR_CODES)
  VALIDATION_FAILED: 'VALIDATION_FAILED',
  NOT_SIGNED_IN: 'NOT_SIGNED_IN',
  FORBIDDEN: 'FORBIDDEN',
  NOT_FOUND: 'NOT_FOUND',
  METHOD_NOT_ALLOWED: 'METHOD_NOT_ALLOWED',
  CONFLICT: 'CONFLICT',
  REQUEST_TOO_LARGE: 'REQUEST_TOO_LARGE',
  URL_TOO_LONG: 'URL_TOO_LONG',
  UNSUPPORTED_MEDIA_TYPE: 'UNSUPPORTED_MEDIA_TYPE',
  TOO_MANY_REQUESTS: 'TOO_MANY_REQUESTS',
  BAD_REQUEST: 'BAD_REQUEST',
  INTERNAL_ERROR: 'INTERNAL_ERROR',
  NOT_IMPLEMENTED: 'NOT_IMPLEMENTED',
  SERVICE_UNAVAILABLE: 'SERVICE_UNAVAILABLE',

  // Requests refused before any route runs
  ORIGIN_NOT_ALLOWED: 'ORIGIN_NOT_ALLOWED',
  INVALID_JSON: 'INVALID_JSON',

  // Signing in
  INVALID_CREDENTIALS: 'INVALID_CREDENTIALS',
  SIGN_IN_LOCKED: 'SIGN_IN_LOCKED',
  TWO_FACTOR_CODE_WRONG: 'TWO_FACTOR_CODE_WRONG',
  TWO_FACTOR_SIGN_IN_EXPIRED: 'TWO_FACTOR_SIGN_IN_EXPIRED',
  TWO_FACTOR_TOO_MANY_CODES: 'TWO_FACTOR_TOO_MANY_CODES',
  TWO_FACTOR_ALREADY_ON: 'TWO_FACTOR_ALREADY_ON',
  TWO_FACTOR_NOT_STARTED: 'TWO_FACTOR_NOT_STARTED',
  TWO_FACTOR_NOT_ON: 'TWO_FACTOR_NOT_ON',
  GOOGLE_SIGN_IN_FAILED: 'GOOGLE_SIGN_IN_FAILED',
  EMAIL_NOT_REGISTERED: 'EMAIL_NOT_REGISTERED',

  // Checkout, changing an order and the cart
  OUT_OF_STOCK: 'OUT_OF_STOCK',
  PER_ORDER_LIMIT: 'PER_ORDER_LIMIT',
  ITEM_UNAVAILABLE: 'ITEM_UNAVAILABLE',
  SLOT_FULL: 'SLOT_FULL',
  DELIVERY_DATE_UNAVAILABLE: 'DELIVERY_DATE_UNAVAILABLE',
  TOTALS_CHANGED: 'TOTALS_CHANGED',
  AGE_CONFIRMATION_REQUIRED: 'AGE_CONFIRMATION_REQUIRED',
  TOO_MANY_OPEN_ORDERS: 'TOO_MANY_OPEN_ORDERS',
  ORDER_IN_PROGRESS: 'ORDER_IN_PROGRESS',
  IDEMPOTENCY_KEY_INVALID: 'IDEMPOTENCY_KEY_INVALID',
  ADDRESS_NOT_FOUND: 'ADDRESS_NOT_FOUND',
  NOT_DELIVERED_HERE: 'NOT_DELIVERED_HERE',
  ORDER_NOT_CHANGEABLE: 'ORDER_NOT_CHANGEABLE',
  CARD_PAYMENTS_UNAVAILABLE: 'CARD_PAYMENTS_UNAVAILABLE',
  STRIPE_SIGNATURE_INVALID: 'STRIPE_SIGNATURE_INVALID',

  // What the order's life allows (order-lifecycle.ts)
  CANCEL_NOT_ALLOWED: 'CANCEL_NOT_ALLOWED',
  STATUS_CHANGE_NOT_ALLOWED: 'STATUS_CHANGE_NOT_ALLOWED',
  FULFILMENT_STEP_NOT_ALLOWED: 'FULFILMENT_STEP_NOT_ALLOWED',
  SUBSTITUTE_NOT_ALLOWED: 'SUBSTITUTE_NOT_ALLOWED',

  // Food and drink law
  ALCOHOL_OUTSIDE_LICENSED_HOURS: 'ALCOHOL_OUTSIDE_LICENSED_HOURS',
  ALCOHOL_SLOT_NOT_LICENSED: 'ALCOHOL_SLOT_NOT_LICENSED',
  LESS_HEALTHY_IN_VOLUME_PROMOTION: 'LESS_HEALTHY_IN_VOLUME_PROMOTION',

  // Accounts
  TOO_MANY_ADDRESSES: 'TOO_MANY_ADDRESSES',
} as const;

export type ErrorCode = (typeof ERROR_CODES)[keyof typeof ERROR_CODES];

/** The code of an error that has no rule of its own, by its HTTP status. */
export const GENERIC_ERROR_CODES: Readonly<Record<number, ErrorCode>> = {
  400: ERROR_CODES.VALIDATION_FAILED,
  401: ERROR_CODES.NOT_SIGNED_IN,
  403: ERROR_CODES.FORBIDDEN,
  404: ERROR_CODES.NOT_FOUND,
  405: ERROR_CODES.METHOD_NOT_ALLOWED,
  409: ERROR_CODES.CONFLICT,
  413: ERROR_CODES.REQUEST_TOO_LARGE,
  414: ERROR_CODES.URL_TOO_LONG,
  415: ERROR_CODES.UNSUPPORTED_MEDIA_TYPE,
  429: ERROR_CODES.TOO_MANY_REQUESTS,
  500: ERROR_CODES.INTERNAL_ERROR,
  501: ERROR_CODES.NOT_IMPLEMENTED,
  503: ERROR_CODES.SERVICE_UNAVAILABLE,
};

/** The generic code of a status: its own, else BAD_REQUEST for another 4xx and INTERNAL_ERROR for a 5xx. */
export function genericErrorCode(status: number): ErrorCode {
  return GENERIC_ERROR_CODES[status] ?? (status < 500 ? ERROR_CODES.BAD_REQUEST : ERROR_CODES.INTERNAL_ERROR);
}

/**
 * The `code` of a failed call's answer (an RTK Query error or any `{ data: { code } }`), or undefined for a
 * failure that never reached the server's error shape (network down, timed out).
 */
export function errorCodeOf(error: unknown): ErrorCode | undefined {
  if (!error || typeof error !== 'object') return undefined;
  const data = (error as { data?: unknown }).data;
  if (!data || typeof data !== 'object') return undefined;
  const code = (data as { code?: unknown }).code;
  return typeof code === 'string' && code in ERROR_CODES ? (code as ErrorCode) : undefined;
}
