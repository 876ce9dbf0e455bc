/**
 * Typed application configuration, read from the environment and validated once at boot.
 *
 * Inject it anywhere with `@Inject(APP_CONFIG) private readonly config: AppConfig`
 * (ConfigModule is global). Tests pass overrides to `createApp(overrides)` / `createTestApp(overrides)`.
 */
import path from 'node:path';

export const APP_CONFIG = Symbol('APP_CONFIG');

export type NodeEnv = 'development' | 'production' | 'test';

export interface AppConfig {
  nodeEnv: NodeEnv;
  isProduction: boolean;
  port: number;
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
  /** True when GOOGLE_CLIENT_ID is unset outside production: the development identity provider is on. */
  devSignIn: boolean;
  /** The public base URL of the shop, e.g. https://larder.example (no trailing slash). */
  publicUrl?: string;
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
  /** Redis URL for shared rate-limit storage across replicas. */
  redisUrl?: string;
  /**
   * Which proxies' X-Forwarded-* headers are believed (client IP for rate limits, Host for the origin check):
   * `true`, a hop count, or a comma list of addresses/CIDRs/`loopback`/`linklocal`/`uniquelocal`.
   */
  trustProxy: boolean | number | string;
  /** Requests allowed per client within `throttleTtlMs` on rate-limited routes. */
  throttleLimit: number;
  throttleTtlMs: number;
  /** Seed the demo catalogue on start when the products table is empty. */
  seed: boolean;
  logLevel: string;
  /** Built frontends served by the API when these folders exist. */
  staticDirs: { hostShell: string; storefront: string; sellerPortal: string };
  /** URLs of the remotes' remoteEntry.js published in /remotes.json. */
  remoteStorefrontUrl: string;
  remoteSellerPortalUrl: string;
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
const LOG_LEVELS = ['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'];

/** The repository root (this file is at backend/src/config or backend/dist/config). */
export const REPO_ROOT = path.resolve(__dirname, '../../..');

type Env = Record<string, string | undefined>;

/** Reads and validates the configuration; throws ConfigError listing every problem. */
export function loadConfig(env: Env = process.env): AppConfig {
  const problems: string[] = [];
  const str = (name: string): string | undefined => {
    const v = env[name]?.trim();
    return v ? v : undefined;
  };
  const int = (name: string, fallback: number, min: number, max: number): number => {
    const raw = str(name);
    if (raw === undefined) return fallback;
    const n = Number(raw);
    if (!Number.isInteger(n) || n < min || n > max) {
      problems.push(`${name} must be an integer between ${min} and ${max} (got "${raw}")`);
      return fallback;
    }
    return n;
  };
  const bool = (name: string, fallback: boolean): boolean => {
    const raw = str(name)?.toLowerCase();
    if (raw === undefined) return fallback;
    if (['1', 'true', 'yes', 'on'].includes(raw)) return true;
    if (['0', 'false', 'no', 'off'].includes(raw)) return false;
    problems.push(`${name} must be true or false (got "${raw}")`);
    return fallback;
  };
  const url = (name: string, protocols: string[]): string | undefined => {
    const raw = str(name);
    if (raw === undefined) return undefined;
    try {
      const u = new URL(raw);
      if (!protocols.includes(u.protocol)) throw new Error('protocol');
      return raw.replace(/\/+$/, '');
    } catch {
      problems.push(`${name} must be a ${protocols.join(' or ')} URL (got "${raw}")`);
      return undefined;
    }
  };
  const http = ['http:', 'https:'];

  const rawEnv = str('NODE_ENV') ?? 'development';
  let nodeEnv: NodeEnv = 'development';
  if (rawEnv === 'development' || rawEnv === 'production' || rawEnv === 'test') nodeEnv = rawEnv;
  else problems.push(`NODE_ENV must be development, production or test (got "${rawEnv}")`);
  const isProduction = nodeEnv === 'production';

  let jwtSecret = str('JWT_SECRET');
  if (!jwtSecret) {
    if (isProduction) problems.push('JWT_SECRET is required in production');
    jwtSecret = DEV_JWT_SECRET;
  } else if (isProduction && jwtSecret.length < 32) {
    problems.push('JWT_SECRET must be at least 32 characters in production');
  }

  let sellerEmail = str('SELLER_EMAIL');
  let sellerPassword = env.SELLER_PASSWORD;
  if (isProduction) {
    if (!sellerEmail) problems.push('SELLER_EMAIL is required in production');
    if (!sellerPassword) problems.push('SELLER_PASSWORD is required in production');
  }
  sellerEmail = (sellerEmail ?? DEV_SELLER_EMAIL).toLowerCase();
  if (!/^[^\s@]+@[^\s@]+$/.test(sellerEmail)) problems.push(`SELLER_EMAIL is not an email address`);
  sellerPassword = sellerPassword || DEV_SELLER_PASSWORD;

  // Outside production the webpack dev servers (host 4200, storefront 4201, seller portal 4202) are allowed by default.
  const devOrigins = isProduction ? '' : 'http://localhost:4200,http://localhost:4201,http://localhost:4202';
  const allowedOrigins: string[] = [];
  for (const item of (str('ALLOWED_ORIGINS') ?? devOrigins).split(',')) {
    const o = item.trim();
    if (!o) continue;
    try {
      const u = new URL(o);
      if (!http.includes(u.protocol)) throw new Error('protocol');
      allowedOrigins.push(u.origin);
    } catch {
      problems.push(`ALLOWED_ORIGINS has an entry that is not an http(s) origin: "${o}"`);
    }
  }

  const logLevel = (str('LOG_LEVEL') ?? (nodeEnv === 'test' ? 'silent' : 'info')).toLowerCase();
  if (!LOG_LEVELS.includes(logLevel)) problems.push(`LOG_LEVEL must be one of ${LOG_LEVELS.join(', ')}`);

  const databaseUrl = url('DATABASE_URL', ['postgres:', 'postgresql:']);
  const googleClientId = str('GOOGLE_CLIENT_ID');
  const staticRoot = path.resolve(str('STATIC_ROOT') ?? REPO_ROOT);

  const config: AppConfig = {
    nodeEnv,
    isProduction,
    port: int('PORT', 3000, 1, 65535),
    dataDir: path.resolve(str('DATA_DIR') ?? './data'),
    databaseUrl,
    jwtSecret,
    sellerEmail,
    sellerPassword,
    googleClientId,
    googleClientSecret: str('GOOGLE_CLIENT_SECRET'),
    googleAuthorizationUrl: url('GOOGLE_AUTHORIZATION_URL', http),
    googleTokenUrl: url('GOOGLE_TOKEN_URL', http),
    googleUserInfoUrl: url('GOOGLE_USERINFO_URL', http),
    googleJwksUrl: url('GOOGLE_JWKS_URL', http),
    googleIssuer: str('GOOGLE_ISSUER'),
    googleCallbackUrl: url('GOOGLE_CALLBACK_URL', http),
    devSignIn: !googleClientId && !isProduction,
    publicUrl: url('PUBLIC_URL', http),
    allowedOrigins,
    stripeSecretKey: str('STRIPE_SECRET_KEY'),
    stripeWebhookSecret: str('STRIPE_WEBHOOK_SECRET'),
    stripeApiBase: url('STRIPE_API_BASE', http),
    smtpUrl: url('SMTP_URL', ['smtp:', 'smtps:']),
    contactEmailTo: str('CONTACT_EMAIL_TO'),
    mailFrom: str('MAIL_FROM'),
    mailPollIntervalMs: int('MAIL_POLL_INTERVAL_MS', 5000, 10, 3_600_000),
    redisUrl: url('REDIS_URL', ['redis:', 'rediss:']),
    trustProxy: parseTrustProxy(str('TRUST_PROXY')),
    throttleLimit: int('THROTTLE_LIMIT', nodeEnv === 'test' ? 1000 : 10, 1, 1_000_000),
    throttleTtlMs: int('THROTTLE_TTL_MS', 60_000, 1000, 86_400_000),
    seed: bool('SEED', true),
    logLevel,
    staticDirs: {
      hostShell: path.resolve(str('STATIC_DIR_HOST_SHELL') ?? path.join(staticRoot, 'host-shell/dist')),
      storefront: path.resolve(str('STATIC_DIR_STOREFRONT') ?? path.join(staticRoot, 'storefront/dist')),
      sellerPortal: path.resolve(
        str('STATIC_DIR_SELLER_PORTAL') ?? path.join(staticRoot, 'seller-portal/dist'),
      ),
    },
    remoteStorefrontUrl: str('REMOTE_STOREFRONT_URL') ?? '/remotes/storefront/remoteEntry.js',
    remoteSellerPortalUrl: str('REMOTE_SELLER_PORTAL_URL') ?? '/remotes/seller-portal/remoteEntry.js',
  };
  if (isProduction && config.stripeSecretKey && !config.stripeWebhookSecret) {
    problems.push('STRIPE_WEBHOOK_SECRET is required when STRIPE_SECRET_KEY is set in production');
  }
  if (config.mailFrom && !/^[^\s@<>]+@[^\s@<>]+$/.test(config.mailFrom)) {
    problems.push('MAIL_FROM is not an email address');
  }
  if (problems.length) throw new ConfigError(problems);
  return config;
}

function parseTrustProxy(raw: string | undefined): boolean | number | string {
  if (raw === undefined) return 'loopback,linklocal,uniquelocal';
  if (/^(true|yes|on)$/i.test(raw)) return true;
  if (/^(false|no|off)$/i.test(raw)) return false;
  if (/^\d+$/.test(raw)) return Number(raw);
  return raw;
}

/** Applies overrides (tests, scripts) and keeps the derived fields consistent. */
export function withOverrides(base: AppConfig, overrides: Partial<AppConfig> = {}): AppConfig {
  const merged: AppConfig = { ...base, ...overrides };
  merged.isProduction = merged.nodeEnv === 'production';
  if (overrides.devSignIn === undefined) merged.devSignIn = !merged.googleClientId && !merged.isProduction;
  return merged;
}
