/** Lifetimes and claims of the session tokens kept in the customer and seller cookies. */
export const CUSTOMER_SESSION_SECONDS = 30 * 24 * 60 * 60;
export const SELLER_SESSION_SECONDS = 24 * 60 * 60;

/** Issuer of the session tokens; the audience tells a customer token from a seller token. */
export const SESSION_ISSUER = 'larder';
export const CUSTOMER_AUDIENCE = 'larder:customer';
export const SELLER_AUDIENCE = 'larder:seller';

/** Between the seller's password and the authenticator code: a short-lived cookie that is not a session. */
export const SELLER_CODE_AUDIENCE = 'larder:seller-code';
export const SELLER_CODE_SECONDS = 5 * 60;

/** The notification channel on which an ended session (`session:<id>`) or deleted customer (`user:<id>`) is told. */
export const SESSIONS_ENDED_CHANNEL = 'larder_sessions_ended';
