/**
 * Typed application configuration, read from the environment through one zod schema and validated once at boot.
 *
 * Secure by default: without an explicit `NODE_ENV=development` or `NODE_ENV=test` the server runs as production
 * and refuses to start without its secrets. `npm start` and the test suites set their mode explicitly.
 *
 * Inject it anywhere with `@Inject(APP_CONFIG) private readonly config: AppConfig`
 * (ConfigModule is global). Tests pass overrides to `createApp(overrides)` / `createTestApp(overrides)`.
 */
import fs from 'node:fs';
import path from 'node:path';
import { z } from 'zod';
import { redact } from './redact';

export const APP_CONFIG = Symbol('APP_CONFIG');

export const NODE_ENVS = ['development', 'production', 'test'] as const;
export type NodeEnv = (typeof NODE_ENVS)[number];

export interface AppConfig {
  nodeEnv: NodeEnv;
  isProduction: boolean;
  port: number;
  /** Address the server listens on: `localhost` unless HOST says otherwise (`0.0.0.0` in containers). */
  host: string;
  /**
   * Port of the Prometheus metrics endpoint (`GET /metrics`), served apart from the shop's port so that it stays
   * inside the deployment's network; undefined (the default) means no metrics endpoint.
   */
  metricsPort?: number;
  /**
   * Address the metrics endpoint listens on: loopback unless METRICS_HOST says otherwise (a container's scraper
   * on the deployment's own network), whatever HOST the shop listens on.
   */
  metricsHost: string;
  /** Where PGlite keeps its files (when DATABASE_URL is unset) and where uploads live (`uploads/`). */
  dataDir: string;
  /** PostgreSQL server URL; unset means embedded PGlite in `dataDir`. */
  databaseUrl?: string;
  /** Secret that signs the session cookies. */
  jwtSecret: string;
  sellerEmail: string;
  sellerPassword: string;
  googleClientId?: string;
  googleClientSecret?: string;
  /** OAuth endpoints of the redirect flow and the ID-token JWKS/issuer; overridable so tests can use a local server. */
  googleAuthorizationUrl?: string;
  googleTokenUrl?: string;
  googleUserInfoUrl?: string;
  googleJwksUrl?: string;
  googleIssuer?: string;
  googleCallbackUrl?: string;
  /** True in explicit development or test mode without GOOGLE_CLIENT_ID: the development identity provider is on. */
  devSignIn: boolean;
  /**
   * The public base URL of the shop, e.g. https://larder.example (no trailing slash). The only source of absolute
   * URLs (Google's redirect_uri, payment return links); never taken from a request's Host. Required in production;
   * `http://localhost:<PORT>` in development and test.
   */
  publicUrl: string;
  /** Extra origins allowed to make state-changing requests (and CORS calls with credentials). */
  allowedOrigins: string[];
  stripeSecretKey?: string;
  stripeWebhookSecret?: string;
  /** Base URL of Stripe's HTTP API (a local stand-in in tests). */
  stripeApiBase?: string;
  smtpUrl?: string;
  contactEmailTo?: string;
  /** Sender of the order e-mails (MAIL_FROM); unset means the seller's sign-in address. */
  mailFrom?: string;
  /** How often the e-mail outbox is checked for messages to send, in ms; retries back off from this. */
  mailPollIntervalMs: number;
  /**
   * How often an open order-event stream gets a heartbeat comment (keeping proxies from closing it) and its
   * session is checked again, in ms.
   */
  orderEventsHeartbeatMs: number;
  /** Redis URL for shared rate-limit storage across replicas. */
  redisUrl?: string;
  /**
   * Which proxies' X-Forwarded-* headers are believed (client IP for rate limits): `false` (none), a hop count,
   * or a comma list of addresses/CIDRs/`loopback`. Default `loopback`: only a proxy on this machine.
   */
  trustProxy: boolean | number | string;
  /** Requests allowed per client within `throttleTtlMs` on rate-limited routes. */
  throttleLimit: number;
  throttleTtlMs: number;
  /** Addresses one customer may add within `addressThrottleTtlMs`. */
  addressThrottleLimit: number;
  addressThrottleTtlMs: number;
  /** Orders (and card-payment starts) one customer may place within `orderThrottleTtlMs`. */
  orderThrottleLimit: number;
  orderThrottleTtlMs: number;
  /** A session unused for this long ends (minutes). */
  customerIdleMinutes: number;
  sellerIdleMinutes: number;
  /** Consecutive failed seller sign-ins that lock the account, and for how long (minutes). */
  sellerLockoutAttempts: number;
  sellerLockoutMinutes: number;
  /** Seed the demo catalogue on start when the products table is empty. */
  seed: boolean;
  logLevel: string;
  /** Built frontends served by the API when these folders exist. */
  staticDirs: { hostShell: string; storefront: string; sellerPortal: string };
  /**
   * The storefront's Node build (its remoteEntry.js) that renders the shop pages on the server;
   * undefined when server rendering is off (SSR_STOREFRONT_ENTRY=off).
   */
  storefrontServerEntry: string | undefined;
  /** Pages rendered on the server at once, the renders that may wait for a turn, and how long one may take. */
  ssrConcurrency: number;
  ssrQueueLength: number;
  ssrTimeoutMs: number;
  /** Renders one client address may have under way at once; beyond it its pages are rendered in the browser. */
  ssrRendersPerAddress: number;
  /** How long the builds a kept page was made from are taken to be unchanged before their files are checked. */
  ssrBuildCheckMs: number;
  /** The most memory (bytes) anonymous rendered pages are kept in; 0 keeps none. */
  pageCacheBytes: number;
  /** URLs of the remotes' remoteEntry.js published in /remotes.json. */
  remoteStorefrontUrl: string;
  remoteSellerPortalUrl: string;
  /**
   * CLOCK_START (development and test only; refused in production): the moment the shop's clock shows when the
   * app starts, from which it runs on at the real pace. The browser journeys run at a fixed London time of day.
   */
  clockStartsAt?: Date;
}

export class ConfigError extends Error {
  constructor(readonly problems: string[]) {
    super(`Invalid configuration:\n${problems.map((p) => `  - ${p}`).join('\n')}`);
    this.name = 'ConfigError';
  }
}

export const DEV_SELLER_EMAIL = 'seller@larder.local';
export const DEV_SELLER_PASSWORD = 'larder-seller';
const DEV_JWT_SECRET = 'larder-development-secret-change-me';
/** The seller's password in production: at least this long, and never the documented development one. */
export const MIN_SELLER_PASSWORD_LENGTH = 12;
export const MIN_JWT_SECRET_LENGTH = 32;

/** Lower-case letters and digits only: "Larder_Seller!" and "larder-seller" read the same. */
const bare = (v: string) => v.toLowerCase().replace(/[^a-z0-9]/g, '');
/**
 * A secret anyone could guess: one character repeated ("xxxx…"), a few in a loop ("abab…"), or the documented
 * development value dressed up ("Larder-Development-Secret-Change-Me-2026", "larder_seller!").
 */
function guessable(v: string, developmentValue: string): boolean {
  return new Set(v).size < 4 || bare(v).includes(bare(developmentValue));
}
const LOG_LEVELS = ['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'] as const;
const DEV_ORIGINS = 'http://localhost:4200,http://localhost:4201,http://localhost:4202';

/** The repository root (this file is at backend/src/config or backend/dist/config). */
export const REPO_ROOT = path.resolve(__dirname, '../../..');

type Env = Record<string, string | undefined>;

/** backend/src/config/common-passwords.txt: passwords too common to protect an account, read once when needed. */
let commonPasswords: Set<string> | undefined;
export function isCommonPassword(password: string): boolean {
  commonPasswords ??= new Set(
    fs
      .readFileSync(path.join(REPO_ROOT, 'backend/src/config/common-passwords.txt'), 'utf8')
      .split('\n')
      .filter((line) => line && !line.startsWith('#')),
  );
  return commonPasswords.has(password.toLowerCase());
}

// ---- Field schemas: each reads one variable (a string or unset) and yields a typed value. ----

/** Blank counts as unset. */
const blankToUndefined = (v: unknown) => (typeof v === 'string' && v.trim() !== '' ? v.trim() : undefined);

const text = () => z.preprocess(blankToUndefined, z.string().optional());

const optionalInteger = (min: number, max: number) =>
  z.preprocess(
    blankToUndefined,
    z
      .string()
      .regex(/^-?\d+$/, `must be an integer between ${min} and ${max}`)
      .transform(Number)
      .pipe(
        z
          .number()
          .int()
          .min(min, `must be an integer between ${min} and ${max}`)
          .max(max, `must be an integer between ${min} and ${max}`),
      )
      .optional(),
  );

const integer = (fallback: number, min: number, max: number) =>
  optionalInteger(min, max).transform((n) => n ?? fallback);

const flag = (fallback: boolean) =>
  z.preprocess(
    (v) => blankToUndefined(v)?.toLowerCase(),
    z
      .enum(['1', 'true', 'yes', 'on', '0', 'false', 'no', 'off'], { message: 'must be true or false' })
      .optional()
      .transform((v) => (v === undefined ? fallback : ['1', 'true', 'yes', 'on'].includes(v))),
  );

/** A URL with one of the protocols, trailing slashes removed. */
const urlOf = (protocols: string[]) => z.preprocess(blankToUndefined, url(protocols).optional());
/** The same, required (`hint` shows an example). */
const requiredUrlOf = (protocols: string[], hint: string) =>
  z.preprocess(blankToUndefined, url(protocols, `is required in production (${hint})`));

const url = (protocols: string[], missing?: string) =>
  z
    .string(missing ? { message: missing } : undefined)
    .refine(
      (raw) => {
        try {
          return protocols.includes(new URL(raw).protocol);
        } catch {
          return false;
        }
      },
      { message: `must be a ${protocols.join(' or ')} URL` },
    )
    .transform((raw) => raw.replace(/\/+$/, ''));
const HTTP = ['http:', 'https:'];

const originList = z.string().transform((raw, ctx) => {
  const origins: string[] = [];
  for (const item of raw.split(',')) {
    const o = item.trim();
    if (!o) continue;
    try {
      const u = new URL(o);
      if (!HTTP.includes(u.protocol)) throw new Error('protocol');
      origins.push(u.origin);
    } catch {
      ctx.addIssue({ code: 'custom', message: `has an entry that is not an http(s) origin: "${o}"` });
    }
  }
  return origins;
});

const trustProxy = z.preprocess(
  blankToUndefined,
  z
    .string()
    .optional()
    .transform((raw): boolean | number | string => {
      if (raw === undefined) return 'loopback';
      if (/^(true|yes|on)$/i.test(raw)) return true;
      if (/^(false|no|off|none)$/i.test(raw)) return false;
      if (/^\d+$/.test(raw)) return Number(raw);
      return raw;
    }),
);

/** A secret that production requires and development/test may default. */
const required = (production: boolean, fallback: string) =>
  production
    ? z.preprocess(blankToUndefined, z.string({ message: 'is required in production' }))
    : text().transform((v) => v ?? fallback);

/** The schema of the environment in one mode: production requires what development may default. */
function envSchema(mode: NodeEnv) {
  const production = mode === 'production';
  return z.object({
    PORT: integer(3000, 1, 65535),
    HOST: text().transform((v) => v ?? 'localhost'),
    METRICS_PORT: optionalInteger(1, 65535),
    METRICS_HOST: text().transform((v) => v ?? '127.0.0.1'),
    DATA_DIR: text().transform((v) => path.resolve(v ?? './data')),
    DATABASE_URL: urlOf(['postgres:', 'postgresql:']),
    JWT_SECRET: required(production, DEV_JWT_SECRET)
      .refine(
        (v) => !production || v.length >= MIN_JWT_SECRET_LENGTH,
        `must be at least ${MIN_JWT_SECRET_LENGTH} characters in production`,
      )
      .refine((v) => !production || v !== DEV_JWT_SECRET, 'must not be the development secret in production')
      .refine(
        (v) => !production || v === DEV_JWT_SECRET || !guessable(v, DEV_JWT_SECRET),
        'must not be one or a few characters repeated, nor a variant of the development secret, in production',
      ),
    SELLER_EMAIL: required(production, DEV_SELLER_EMAIL)
      .transform((v) => v.toLowerCase())
      .refine((v) => /^[^\s@]+@[^\s@]+$/.test(v), 'is not an email address'),
    // Not trimmed: spaces may be part of a password.
    SELLER_PASSWORD: z
      .preprocess(
        (v) => (typeof v === 'string' && v !== '' ? v : undefined),
        production
          ? z.string({ message: 'is required in production' })
          : z
              .string()
              .optional()
              .transform((v) => v ?? DEV_SELLER_PASSWORD),
      )
      .refine(
        (v) => !production || v.length >= MIN_SELLER_PASSWORD_LENGTH,
        `must be at least ${MIN_SELLER_PASSWORD_LENGTH} characters in production`,
      )
      .refine(
        (v) => !production || v !== DEV_SELLER_PASSWORD,
        'must not be the development password in production',
      )
      .refine(
        (v) => !production || v === DEV_SELLER_PASSWORD || !guessable(v, DEV_SELLER_PASSWORD),
        'must not be one or a few characters repeated, nor a variant of the development password, in production',
      )
      .refine(
        (v) => !production || !isCommonPassword(v),
        'is one of the most common passwords: choose one nobody would guess',
      ),
    GOOGLE_CLIENT_ID: text(),
    GOOGLE_CLIENT_SECRET: text(),
    GOOGLE_AUTHORIZATION_URL: urlOf(HTTP),
    GOOGLE_TOKEN_URL: urlOf(HTTP),
    GOOGLE_USERINFO_URL: urlOf(HTTP),
    GOOGLE_JWKS_URL: urlOf(HTTP),
    GOOGLE_ISSUER: text(),
    GOOGLE_CALLBACK_URL: urlOf(HTTP),
    PUBLIC_URL: production ? requiredUrlOf(HTTP, 'e.g. https://shop.example') : urlOf(HTTP),
    ALLOWED_ORIGINS: z.preprocess((v) => blankToUndefined(v) ?? (production ? '' : DEV_ORIGINS), originList),
    STRIPE_SECRET_KEY: text(),
    STRIPE_WEBHOOK_SECRET: text(),
    STRIPE_API_BASE: urlOf(HTTP),
    SMTP_URL: urlOf(['smtp:', 'smtps:']),
    CONTACT_EMAIL_TO: text(),
    MAIL_FROM: text().refine(
      (v) => v === undefined || /^[^\s@<>]+@[^\s@<>]+$/.test(v),
      'is not an email address',
    ),
    MAIL_POLL_INTERVAL_MS: integer(5000, 10, 3_600_000),
    ORDER_EVENTS_HEARTBEAT_MS: integer(25_000, 10, 600_000),
    REDIS_URL: urlOf(['redis:', 'rediss:']),
    TRUST_PROXY: trustProxy,
    THROTTLE_LIMIT: integer(mode === 'test' ? 1000 : 10, 1, 1_000_000),
    THROTTLE_TTL_MS: integer(60_000, 1000, 86_400_000),
    ADDRESS_THROTTLE_LIMIT: integer(mode === 'test' ? 1000 : 10, 1, 1_000_000),
    ADDRESS_THROTTLE_TTL_MS: integer(60 * 60_000, 1000, 86_400_000),
    ORDER_THROTTLE_LIMIT: integer(mode === 'test' ? 1000 : 20, 1, 1_000_000),
    ORDER_THROTTLE_TTL_MS: integer(60 * 60_000, 1000, 86_400_000),
    CUSTOMER_IDLE_TIMEOUT_MINUTES: integer(7 * 24 * 60, 1, 30 * 24 * 60),
    SELLER_IDLE_TIMEOUT_MINUTES: integer(30, 1, 24 * 60),
    SELLER_LOCKOUT_ATTEMPTS: integer(5, 1, 1000),
    SELLER_LOCKOUT_MINUTES: integer(15, 1, 24 * 60),
    SEED: flag(true),
    LOG_LEVEL: z.preprocess(
      (v) => blankToUndefined(v)?.toLowerCase() ?? (mode === 'test' ? 'silent' : 'info'),
      z.enum(LOG_LEVELS, { message: `must be one of ${LOG_LEVELS.join(', ')}` }),
    ),
    STATIC_ROOT: text(),
    STATIC_DIR_HOST_SHELL: text(),
    STATIC_DIR_STOREFRONT: text(),
    STATIC_DIR_SELLER_PORTAL: text(),
    SSR_STOREFRONT_ENTRY: text(),
    SSR_CONCURRENCY: integer(2, 1, 64),
    SSR_QUEUE: integer(8, 0, 10_000),
    SSR_RENDERS_PER_ADDRESS: integer(2, 1, 64),
    SSR_TIMEOUT_MS: integer(1000, 10, 60_000),
    SSR_BUILD_CHECK_MS: integer(1000, 0, 60_000),
    PAGE_CACHE_MB: integer(32, 0, 4096),
    REMOTE_STOREFRONT_URL: text().transform((v) => v ?? '/remotes/storefront/remoteEntry.js'),
    REMOTE_SELLER_PORTAL_URL: text().transform((v) => v ?? '/remotes/seller-portal/remoteEntry.js'),
    CLOCK_START: text()
      .refine(
        (v) => v === undefined || !production,
        'is for development and tests: production keeps the real time',
      )
      .refine(
        (v) => v === undefined || (/^\d{4}-\d{2}-\d{2}T/.test(v) && !Number.isNaN(Date.parse(v))),
        'must be an ISO 8601 date and time (e.g. 2026-11-23T10:00:00Z)',
      )
      .transform((v) => (v === undefined ? undefined : new Date(v))),
  });
}

/** Reads and validates the configuration; throws ConfigError listing every problem. */
export function loadConfig(env: Env = process.env): AppConfig {
  const problems: string[] = [];
  const rawMode = blankToUndefined(env.NODE_ENV);
  const modeResult = z.enum(NODE_ENVS).optional().safeParse(rawMode);
  if (!modeResult.success) {
    problems.push(`NODE_ENV must be development, production or test (got "${rawMode}")`);
  }
  // No explicit development or test mode: production.
  const nodeEnv: NodeEnv = (modeResult.success ? modeResult.data : undefined) ?? 'production';
  const isProduction = nodeEnv === 'production';

  const parsed = envSchema(nodeEnv).safeParse(env);
  if (!parsed.success) {
    for (const issue of parsed.error.issues) {
      const name = String(issue.path[0] ?? 'configuration');
      const raw = typeof env[name] === 'string' && !/SECRET|PASSWORD/.test(name) ? env[name] : undefined;
      problems.push(`${name} ${issue.message}${raw !== undefined ? ` (got "${redact(raw)}")` : ''}`);
    }
    throw new ConfigError(problems);
  }
  const e = parsed.data;
  if (isProduction && e.STRIPE_SECRET_KEY && !e.STRIPE_WEBHOOK_SECRET) {
    problems.push('STRIPE_WEBHOOK_SECRET is required when STRIPE_SECRET_KEY is set in production');
  }
  if (problems.length) throw new ConfigError(problems);

  const staticRoot = path.resolve(e.STATIC_ROOT ?? REPO_ROOT);
  const storefrontDir = path.resolve(e.STATIC_DIR_STOREFRONT ?? path.join(staticRoot, 'storefront/dist'));
  return {
    nodeEnv,
    isProduction,
    port: e.PORT,
    host: e.HOST,
    metricsPort: e.METRICS_PORT,
    metricsHost: e.METRICS_HOST,
    clockStartsAt: e.CLOCK_START,
    dataDir: e.DATA_DIR,
    databaseUrl: e.DATABASE_URL,
    jwtSecret: e.JWT_SECRET,
    sellerEmail: e.SELLER_EMAIL,
    sellerPassword: e.SELLER_PASSWORD,
    googleClientId: e.GOOGLE_CLIENT_ID,
    googleClientSecret: e.GOOGLE_CLIENT_SECRET,
    googleAuthorizationUrl: e.GOOGLE_AUTHORIZATION_URL,
    googleTokenUrl: e.GOOGLE_TOKEN_URL,
    googleUserInfoUrl: e.GOOGLE_USERINFO_URL,
    googleJwksUrl: e.GOOGLE_JWKS_URL,
    googleIssuer: e.GOOGLE_ISSUER,
    googleCallbackUrl: e.GOOGLE_CALLBACK_URL,
    devSignIn: devSignInFor(nodeEnv, e.GOOGLE_CLIENT_ID),
    publicUrl: e.PUBLIC_URL ?? `http://localhost:${e.PORT}`,
    allowedOrigins: e.ALLOWED_ORIGINS,
    stripeSecretKey: e.STRIPE_SECRET_KEY,
    stripeWebhookSecret: e.STRIPE_WEBHOOK_SECRET,
    stripeApiBase: e.STRIPE_API_BASE,
    smtpUrl: e.SMTP_URL,
    contactEmailTo: e.CONTACT_EMAIL_TO,
    mailFrom: e.MAIL_FROM,
    mailPollIntervalMs: e.MAIL_POLL_INTERVAL_MS,
    orderEventsHeartbeatMs: e.ORDER_EVENTS_HEARTBEAT_MS,
    redisUrl: e.REDIS_URL,
    trustProxy: e.TRUST_PROXY,
    throttleLimit: e.THROTTLE_LIMIT,
    throttleTtlMs: e.THROTTLE_TTL_MS,
    addressThrottleLimit: e.ADDRESS_THROTTLE_LIMIT,
    addressThrottleTtlMs: e.ADDRESS_THROTTLE_TTL_MS,
    orderThrottleLimit: e.ORDER_THROTTLE_LIMIT,
    orderThrottleTtlMs: e.ORDER_THROTTLE_TTL_MS,
    customerIdleMinutes: e.CUSTOMER_IDLE_TIMEOUT_MINUTES,
    sellerIdleMinutes: e.SELLER_IDLE_TIMEOUT_MINUTES,
    sellerLockoutAttempts: e.SELLER_LOCKOUT_ATTEMPTS,
    sellerLockoutMinutes: e.SELLER_LOCKOUT_MINUTES,
    seed: e.SEED,
    logLevel: e.LOG_LEVEL,
    staticDirs: {
      hostShell: path.resolve(e.STATIC_DIR_HOST_SHELL ?? path.join(staticRoot, 'host-shell/dist')),
      storefront: storefrontDir,
      sellerPortal: path.resolve(e.STATIC_DIR_SELLER_PORTAL ?? path.join(staticRoot, 'seller-portal/dist')),
    },
    storefrontServerEntry: storefrontServerEntryFor(e.SSR_STOREFRONT_ENTRY, storefrontDir),
    ssrConcurrency: e.SSR_CONCURRENCY,
    ssrQueueLength: e.SSR_QUEUE,
    ssrRendersPerAddress: e.SSR_RENDERS_PER_ADDRESS,
    ssrTimeoutMs: e.SSR_TIMEOUT_MS,
    ssrBuildCheckMs: e.SSR_BUILD_CHECK_MS,
    pageCacheBytes: e.PAGE_CACHE_MB * 1024 * 1024,
    remoteStorefrontUrl: e.REMOTE_STOREFRONT_URL,
    remoteSellerPortalUrl: e.REMOTE_SELLER_PORTAL_URL,
  };
}

/** The storefront's Node build for server rendering: its own setting, else the one beside its browser build. */
function storefrontServerEntryFor(setting: string | undefined, storefrontDir: string): string | undefined {
  if (setting?.toLowerCase() === 'off') return undefined;
  return path.resolve(setting ?? path.join(storefrontDir, 'server/remoteEntry.js'));
}

/** The development sign-in is on only in explicit development or test mode, and only without Google. */
function devSignInFor(nodeEnv: NodeEnv, googleClientId: string | undefined): boolean {
  return !googleClientId && (nodeEnv === 'development' || nodeEnv === 'test');
}

/** Applies overrides (tests, scripts) and keeps the derived fields consistent. */
export function withOverrides(base: AppConfig, overrides: Partial<AppConfig> = {}): AppConfig {
  const merged: AppConfig = { ...base, ...overrides };
  merged.isProduction = merged.nodeEnv === 'production';
  if (overrides.devSignIn === undefined)
    merged.devSignIn = devSignInFor(merged.nodeEnv, merged.googleClientId);
  return merged;
}
