/**
 * The security headers of every page the shop serves, in one place: the API sets them through helmet, and the
 * nginx configuration of the static sites (deploy/nginx/security-headers.conf) carries the same values — a test
 * compares the two, so they cannot drift.
 */
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { FastifyReply, FastifyRequest } from 'fastify';
import helmet from 'helmet';
import type { AppConfig } from '../config/app-config';

export const GOOGLE_ACCOUNTS = 'https://accounts.google.com';
export const REFERRER_POLICY = 'no-referrer';
/** Sent over TLS only (production behind https). */
export const HSTS_MAX_AGE_SECONDS = 31_536_000;

/** Origins (scheme://host[:port]) of absolute URLs, for the content security policy. */
export function originsOf(urls: string[]): string[] {
  const out = new Set<string>();
  for (const u of urls) {
    try {
      if (/^https?:\/\//.test(u)) out.add(new URL(u).origin);
    } catch {
      /* relative URL: same origin */
    }
  }
  return [...out];
}

/**
 * The content security policy's directives: scripts only from this origin (and the remotes' origins when they
 * are hosted elsewhere), Google Identity Services for sign-in, inline styles (React style attributes, Swagger
 * UI), images from this origin, data: and https: (uploads may move to object storage); no framing by others.
 */
export function cspDirectives(
  config: Pick<AppConfig, 'remoteStorefrontUrl' | 'remoteSellerPortalUrl' | 'publicUrl'>,
): Record<string, string[]> {
  const remotes = originsOf([config.remoteStorefrontUrl, config.remoteSellerPortalUrl]);
  const google = GOOGLE_ACCOUNTS;
  return {
    defaultSrc: ["'self'"],
    baseUri: ["'self'"],
    objectSrc: ["'none'"],
    frameAncestors: ["'self'"],
    formAction: ["'self'", google],
    scriptSrc: ["'self'", `${google}/gsi/client`, ...remotes],
    styleSrc: ["'self'", "'unsafe-inline'", `${google}/gsi/style`, ...remotes],
    imgSrc: ["'self'", 'data:', 'blob:', 'https:'],
    fontSrc: ["'self'", 'data:', ...remotes],
    connectSrc: ["'self'", `${google}/gsi/`, ...remotes],
    frameSrc: ["'self'", `${google}/gsi/`],
    // Served over TLS: every subresource over TLS too.
    ...(config.publicUrl.startsWith('https:') ? { upgradeInsecureRequests: [] } : {}),
  };
}

/** The directives as a header value, e.g. for nginx: `default-src 'self'; base-uri 'self'; ...`. */
export function cspHeaderValue(directives: Record<string, string[]>): string {
  return Object.entries(directives)
    .map(([name, values]) =>
      [name.replace(/[A-Z]/g, (c) => `-${c.toLowerCase()}`), ...values].join(' ').trim(),
    )
    .join('; ');
}

/** helmet's options for the API. */
export function helmetOptions(config: AppConfig) {
  return {
    contentSecurityPolicy: { useDefaults: false, directives: cspDirectives(config) },
    crossOriginEmbedderPolicy: false,
    crossOriginResourcePolicy: { policy: 'same-site' as const },
    referrerPolicy: { policy: REFERRER_POLICY as 'no-referrer' },
    hsts: config.isProduction ? { maxAge: HSTS_MAX_AGE_SECONDS, includeSubDomains: true } : false,
  };
}

/**
 * The headers helmet sets for these options, worked out once: none of the directives depends on the request,
 * so every answer carries the same set and no request pays for building it again.
 */
export function securityHeaders(config: AppConfig): Record<string, string> {
  const headers: Record<string, string> = {};
  const recorder = {
    setHeader(name: string, value: unknown) {
      headers[name.toLowerCase()] = String(value);
    },
    removeHeader(name: string) {
      delete headers[name.toLowerCase()];
    },
  };
  helmet(helmetOptions(config))({} as IncomingMessage, recorder as unknown as ServerResponse, (err) => {
    if (err) throw err;
  });
  return headers;
}

/**
 * Headers that protect a document (the content security policy, framing, referrer, opener and the rest of
 * helmet's set) do nothing for a script, a style sheet, a font or a raster picture: the browser applies them
 * to documents only. What still matters for such a file is that it is never sniffed as something else, which
 * sites may embed it and, over TLS, HSTS. About 750 bytes less on each of the dozen files a page loads.
 */
export const SUBRESOURCE_HEADER_NAMES = [
  'x-content-type-options',
  'cross-origin-resource-policy',
  'strict-transport-security',
];

/**
 * Paths of files that are never a document: scripts, style sheets, fonts and raster pictures (SVG is a
 * document format that can run script, so it keeps the full set). API answers always keep it too.
 */
const SUBRESOURCE_PATH = /^\/(?!api\/)[^?#]*\.(?:m?js|css|woff2?|webp|avif|png|jpe?g|gif|ico)(?:[?#]|$)/i;

export function isSubresourcePath(url: string): boolean {
  return SUBRESOURCE_PATH.test(url);
}

/** An onRequest hook putting the security headers on every answer (API, documentation and static pages). */
export function securityHeadersHook(config: AppConfig) {
  const headers = securityHeaders(config);
  const subresource = Object.fromEntries(
    Object.entries(headers).filter(([name]) => SUBRESOURCE_HEADER_NAMES.includes(name)),
  );
  return function applySecurityHeaders(request: FastifyRequest, reply: FastifyReply, done: () => void): void {
    void reply.headers(isSubresourcePath(request.url) ? subresource : headers);
    done();
  };
}
