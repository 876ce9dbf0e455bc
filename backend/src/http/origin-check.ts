import type { FastifyReply, FastifyRequest } from 'fastify';
import { ERROR_CODES, MESSAGES } from '@larder/shared-domain';

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

export interface RequestOrigin {
  method: string;
  /** The Origin header. */
  origin?: string;
  /** The Sec-Fetch-Site header browsers send with every request. */
  fetchSite?: string;
  /** Where the request was sent: its scheme (from a trusted proxy's X-Forwarded-Proto) and Host. */
  protocol: string;
  host?: string;
}

/**
 * Whether a request may change state. Safe methods pass. A browser that says the request comes from another
 * site (Sec-Fetch-Site: cross-site or same-site) is refused unless its Origin is one of the allowed origins. A
 * request with an Origin passes when that Origin is the request's own (same scheme, host and port), the public
 * address (PUBLIC_URL, where TLS ends before this server) or an allowed origin. Requests without either header
 * (non-browser clients) pass.
 */
export function isOriginAllowed(
  request: RequestOrigin,
  allowedOrigins: readonly string[],
  publicOrigin?: string,
): boolean {
  if (SAFE_METHODS.has(request.method.toUpperCase())) return true;
  const origin = request.origin === '' ? undefined : request.origin;
  let parsed: URL | undefined;
  if (origin !== undefined) {
    try {
      parsed = new URL(origin);
    } catch {
      return false;
    }
    if (parsed.protocol !== 'http:' && parsed.protocol !== 'https:') return false;
  }
  const allowed = parsed !== undefined && allowedOrigins.includes(parsed.origin);
  const fetchSite = request.fetchSite?.toLowerCase();
  if (fetchSite === 'cross-site' || fetchSite === 'same-site') return allowed;
  if (!parsed) return true;
  const own = request.host ? `${request.protocol}://${request.host.toLowerCase()}` : undefined;
  return allowed || parsed.origin === own || parsed.origin === publicOrigin;
}

/**
 * Whether a browser says the request comes from another site (Sec-Fetch-Site: cross-site or same-site): a link or
 * image elsewhere. The spec's GET sign-out refuses those (403), so no other site can sign anyone out; the shop's
 * own pages sign out with POST, which the origin check covers.
 */
export function isFromAnotherSite(request: Pick<FastifyRequest, 'headers'>): boolean {
  const fetchSite = request.headers['sec-fetch-site'];
  const site = typeof fetchSite === 'string' ? fetchSite.toLowerCase() : undefined;
  return site === 'cross-site' || site === 'same-site';
}

/** A Fastify onRequest hook answering 403 to cross-origin state-changing requests. */
export function originCheckHook(allowedOrigins: readonly string[], publicUrl?: string) {
  const publicOrigin = publicUrl ? new URL(publicUrl).origin : undefined;
  return async (request: FastifyRequest, reply: FastifyReply): Promise<void> => {
    const fetchSite = request.headers['sec-fetch-site'];
    const allowed = isOriginAllowed(
      {
        method: request.method,
        origin: request.headers.origin,
        fetchSite: typeof fetchSite === 'string' ? fetchSite : undefined,
        protocol: request.protocol,
        host: request.host,
      },
      allowedOrigins,
      publicOrigin,
    );
    if (!allowed) {
      await reply
        .status(403)
        .header('cache-control', 'no-store')
        .send({ success: false, message: MESSAGES.forbiddenOrigin, code: ERROR_CODES.ORIGIN_NOT_ALLOWED });
    }
  };
}
