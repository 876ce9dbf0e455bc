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

/** Short-lived cookie holding the `state` of an OAuth redirect, checked when Google sends the user back. */
export const OAUTH_STATE_COOKIE = 'larder_oauth_state';
export const OAUTH_STATE_SECONDS = 10 * 60;
export const GOOGLE_CALLBACK_PATH = '/api/auth/google/callback';

/** Google's published signing keys and issuers of its ID tokens. */
export const GOOGLE_JWKS_URL = 'https://www.googleapis.com/oauth2/v3/certs';
export const GOOGLE_ISSUERS = ['accounts.google.com', 'https://accounts.google.com'];

/** The development identity provider (on when GOOGLE_CLIENT_ID is unset outside production). */
export const DEV_IDP_ISSUER = 'https://dev-identity.larder.local';
export const DEV_IDP_AUDIENCE = 'larder-dev-sign-in';
export const DEV_ID_TOKEN_SECONDS = 10 * 60;
