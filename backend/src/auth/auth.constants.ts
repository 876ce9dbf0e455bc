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
