/**
 * The security headers of every page the shop serves, in one place: the API sets them through helmet, and the
 * nginx configuration of the static sites (deploy/nginx/templates/security-headers.conf.template) carries the
 * same values — a test compares the two, so they cannot drift.
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
 * Content types that are never a document: scripts, style sheets, fonts and raster pictures (SVG is a document
 * format that can run script, so it keeps the full set). Decided by what is sent, never by the URL: a page
 * answered for `/products/x/y.png` is still a page.
 */
const SUBRESOURCE_TYPE =
  /^\s*(?:text\/javascript|application\/(?:x-)?javascript|text\/css|font\/|image\/(?:webp|avif|png|jpeg|gif|x-icon|vnd\.microsoft\.icon))/i;

export function isSubresourceType(contentType: unknown): boolean {
  return typeof contentType === 'string' && SUBRESOURCE_TYPE.test(contentType);
}

/**
 * Hooks putting the security headers on every answer (API, documentation and static pages): the full set when
 * the request arrives (errors included), then, once the content type is known, a script, style sheet, font or
 * picture sheds the document-only headers.
 */
export function securityHeadersHooks(config: AppConfig) {
  const headers = securityHeaders(config);
  const documentOnly = Object.keys(headers).filter((name) => !SUBRESOURCE_HEADER_NAMES.includes(name));
  return {
    onRequest(_request: FastifyRequest, reply: FastifyReply, done: () => void): void {
      void reply.headers(headers);
      done();
    },
    onSend(
      _request: FastifyRequest,
      reply: FastifyReply,
      payload: unknown,
      done: (err: null, p: unknown) => void,
    ) {
      if (isSubresourceType(reply.getHeader('content-type')))
        for (const name of documentOnly) reply.removeHeader(name);
      done(null, payload);
    },
  };
}
