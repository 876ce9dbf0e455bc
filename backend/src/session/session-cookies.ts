/**
 * The session cookies' names, and how to tell that a request is made with a session (the answer is then
 * personal: no shared cache may keep it).
 */
import type { FastifyRequest } from 'fastify';

export const CUSTOMER_COOKIE = 'larder_customer';
export const SELLER_COOKIE = 'larder_seller';
export const SELLER_CODE_COOKIE = 'larder_seller_code';

/**
 * The name a session cookie carries: in production with the `__Host-` prefix, which browsers accept only from a
 * secure origin, for the whole host (Path=/, no Domain), so no sibling subdomain or plain-http page can set or
 * shadow it. Development and tests (plain http) keep the bare names.
 */
export function sessionCookieName(name: string, production: boolean): string {
  return production ? `__Host-${name}` : name;
}

/** Either session cookie, under its production (`__Host-`) or development name. */
const SESSION_COOKIE = new RegExp(`(^|;\\s*)(__Host-)?(${CUSTOMER_COOKIE}|${SELLER_COOKIE})=`);

/** True when the request is made with a session of a customer or of the seller. */
export function carriesSession(request: FastifyRequest): boolean {
  const cookie = request.headers.cookie;
  return (
    (typeof cookie === 'string' && SESSION_COOKIE.test(cookie)) || Boolean(request.headers.authorization)
  );
}

/** The seller session cookie, under its production (`__Host-`) or development name. */
const SELLER_SESSION_COOKIE = new RegExp(`(^|;\\s*)(__Host-)?${SELLER_COOKIE}=`);

/** True when the request is made with a seller session (its cookie, or an Authorization header). */
export function carriesSellerSession(request: FastifyRequest): boolean {
  const cookie = request.headers.cookie;
  return (
    (typeof cookie === 'string' && SELLER_SESSION_COOKIE.test(cookie)) ||
    Boolean(request.headers.authorization)
  );
}
