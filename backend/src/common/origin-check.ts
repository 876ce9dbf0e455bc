import type { FastifyReply, FastifyRequest } from 'fastify';
import { MESSAGES } from '@larder/shared-domain';

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

/**
 * Whether a request may change state: safe methods and requests without an Origin (non-browser clients) pass;
 * otherwise the Origin must be the origin the request was sent to (its Host, over http or https)
 * or one of the allowed origins.
 */
export function isOriginAllowed(
  method: string,
  origin: string | undefined,
  host: string | undefined,
  allowedOrigins: readonly string[],
): boolean {
  if (SAFE_METHODS.has(method.toUpperCase())) return true;
  if (origin === undefined || origin === '') return true;
  let parsed: URL;
  try {
    parsed = new URL(origin);
  } catch {
    return false;
  }
  if (parsed.protocol !== 'http:' && parsed.protocol !== 'https:') return false;
  if (host && parsed.host.toLowerCase() === host.toLowerCase()) return true;
  return allowedOrigins.includes(parsed.origin);
}

/** A Fastify onRequest hook answering 403 to cross-origin state-changing requests. */
export function originCheckHook(allowedOrigins: readonly string[]) {
  return async (request: FastifyRequest, reply: FastifyReply): Promise<void> => {
    const origin = request.headers.origin;
    if (!isOriginAllowed(request.method, origin, request.host, allowedOrigins)) {
      await reply
        .status(403)
        .header('cache-control', 'no-store')
        .send({ success: false, message: MESSAGES.forbiddenOrigin });
    }
  };
}
