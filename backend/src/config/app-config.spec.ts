import path from 'node:path';
import { ConfigError, loadConfig, withOverrides } from './app-config';

const PRODUCTION = {
  JWT_SECRET: 'k3Vq9-production-test-secret-8hPz2mN4rT',
  SELLER_EMAIL: 'owner@shop.example',
  SELLER_PASSWORD: 'a long password',
  PUBLIC_URL: 'https://shop.example',
};

function problemsOf(env: Record<string, string>): string {
  try {
    loadConfig(env);
  } catch (err) {
    expect(err).toBeInstanceOf(ConfigError);
    return (err as ConfigError).problems.join('\n');
  }
  throw new Error('loadConfig accepted the configuration');
}

describe('loadConfig', () => {
  it('has working development defaults', () => {
    const c = loadConfig({ NODE_ENV: 'development' });
    expect(c).toMatchObject({
      nodeEnv: 'development',
      isProduction: false,
      port: 3000,
      host: 'localhost',
      dataDir: path.resolve('./data'),
      sellerEmail: 'seller@larder.local',
      sellerPassword: 'larder-seller',
      devSignIn: true,
      seed: true,
      publicUrl: 'http://localhost:3000',
      trustProxy: 'loopback',
      allowedOrigins: ['http://localhost:4200', 'http://localhost:4201', 'http://localhost:4202'],
      remoteStorefrontUrl: '/remotes/storefront/remoteEntry.js',
    });
    expect(c.databaseUrl).toBeUndefined();
    expect(loadConfig({ NODE_ENV: 'development', PORT: '4567' }).publicUrl).toBe('http://localhost:4567');
  });

  it('reads and normalises values', () => {
    const c = loadConfig({
      NODE_ENV: 'development',
      PORT: '8080',
      HOST: '0.0.0.0',
      SEED: 'false',
      ALLOWED_ORIGINS: 'http://localhost:4200, https://shop.example/',
      DATABASE_URL: 'postgres://u:p@db:5432/larder',
      GOOGLE_CLIENT_ID: 'abc.apps.googleusercontent.com',
      SELLER_EMAIL: 'Owner@Shop.Example',
      PUBLIC_URL: 'https://shop.example/',
      TRUST_PROXY: '10.0.0.5',
    });
    expect(c).toMatchObject({
      port: 8080,
      host: '0.0.0.0',
      seed: false,
      allowedOrigins: ['http://localhost:4200', 'https://shop.example'],
      databaseUrl: 'postgres://u:p@db:5432/larder',
      devSignIn: false,
      sellerEmail: 'owner@shop.example',
      publicUrl: 'https://shop.example',
      trustProxy: '10.0.0.5',
    });
    expect(loadConfig({ NODE_ENV: 'test', TRUST_PROXY: 'false' }).trustProxy).toBe(false);
    expect(loadConfig({ NODE_ENV: 'test', TRUST_PROXY: '1' }).trustProxy).toBe(1);
  });

  it('serves the metrics on loopback unless METRICS_HOST names another address', () => {
    expect(loadConfig({ NODE_ENV: 'development', HOST: '0.0.0.0', METRICS_PORT: '9464' }).metricsHost).toBe(
      '127.0.0.1',
    );
    expect(loadConfig({ NODE_ENV: 'development', METRICS_HOST: '0.0.0.0' }).metricsHost).toBe('0.0.0.0');
  });

  it('reads the order e-mail settings', () => {
    expect(loadConfig({ NODE_ENV: 'development' })).toMatchObject({
      mailPollIntervalMs: 5000,
      mailFrom: undefined,
    });
    expect(
      loadConfig({ NODE_ENV: 'development', MAIL_FROM: 'orders@shop.example', MAIL_POLL_INTERVAL_MS: '250' }),
    ).toMatchObject({
      mailFrom: 'orders@shop.example',
      mailPollIntervalMs: 250,
    });
  });

  it('sends an order-event heartbeat every 25 s unless ORDER_EVENTS_HEARTBEAT_MS says otherwise', () => {
    expect(loadConfig({ NODE_ENV: 'development' }).orderEventsHeartbeatMs).toBe(25_000);
    expect(
      loadConfig({ NODE_ENV: 'development', ORDER_EVENTS_HEARTBEAT_MS: '1000' }).orderEventsHeartbeatMs,
    ).toBe(1000);
  });

  it('gives production the documented rate limits and seller lock-out when nothing overrides them', () => {
    const c = loadConfig({ ...PRODUCTION, NODE_ENV: 'production' });
    expect(c.isProduction).toBe(true);
    expect({
      throttleLimit: c.throttleLimit,
      throttleTtlMs: c.throttleTtlMs,
      addressThrottleLimit: c.addressThrottleLimit,
      addressThrottleTtlMs: c.addressThrottleTtlMs,
      orderThrottleLimit: c.orderThrottleLimit,
      orderThrottleTtlMs: c.orderThrottleTtlMs,
      sellerLockoutAttempts: c.sellerLockoutAttempts,
      sellerLockoutMinutes: c.sellerLockoutMinutes,
    }).toEqual({
      throttleLimit: 10,
      throttleTtlMs: 60_000,
      addressThrottleLimit: 10,
      addressThrottleTtlMs: 3_600_000,
      orderThrottleLimit: 20,
      orderThrottleTtlMs: 3_600_000,
      sellerLockoutAttempts: 5,
      sellerLockoutMinutes: 15,
    });
  });

  it('refuses to start in production without secrets and seller credentials', () => {
    expect(() => loadConfig({ NODE_ENV: 'production' })).toThrow(ConfigError);
    const problems = problemsOf({ NODE_ENV: 'production' });
    expect(problems).toContain('JWT_SECRET');
    expect(problems).toContain('SELLER_EMAIL');
    expect(problems).toContain('SELLER_PASSWORD');
    expect(problems).toContain('PUBLIC_URL');
    const ok = loadConfig({ NODE_ENV: 'production', ...PRODUCTION });
    expect(ok).toMatchObject({
      isProduction: true,
      devSignIn: false,
      logLevel: 'info',
      publicUrl: 'https://shop.example',
      allowedOrigins: [],
    });
  });

  it('runs as production when NODE_ENV is not set, refusing to start without its secrets', () => {
    const problems = problemsOf({});
    for (const name of ['JWT_SECRET', 'SELLER_EMAIL', 'SELLER_PASSWORD', 'PUBLIC_URL']) {
      expect(problems).toContain(name);
    }
    const c = loadConfig(PRODUCTION);
    expect(c).toMatchObject({
      nodeEnv: 'production',
      isProduction: true,
      devSignIn: false,
      host: 'localhost',
    });
  });

  it('keeps the development sign-in off in production even without GOOGLE_CLIENT_ID', () => {
    expect(loadConfig({ NODE_ENV: 'production', ...PRODUCTION }).devSignIn).toBe(false);
    expect(loadConfig({ NODE_ENV: 'test' }).devSignIn).toBe(true);
    expect(loadConfig({ NODE_ENV: 'development', GOOGLE_CLIENT_ID: 'id' }).devSignIn).toBe(false);
  });

  it.each([
    ['shorter than 12 characters', 'short-pass1'],
    ['the documented development password', 'larder-seller'],
  ])('refuses a seller password %s in production', (_label, password) => {
    const problems = problemsOf({ NODE_ENV: 'production', ...PRODUCTION, SELLER_PASSWORD: password });
    expect(problems).toMatch(/SELLER_PASSWORD/);
    expect(problems).not.toContain(password);
  });

  it('lists every problem at once', () => {
    const problems = problemsOf({ NODE_ENV: 'production', PORT: 'abc', LOG_LEVEL: 'loud', SEED: 'maybe' });
    for (const name of [
      'PORT',
      'LOG_LEVEL',
      'SEED',
      'JWT_SECRET',
      'SELLER_EMAIL',
      'SELLER_PASSWORD',
      'PUBLIC_URL',
    ]) {
      expect(problems).toContain(name);
    }
  });

  it.each([
    [{ PORT: 'abc' }, 'PORT'],
    [{ PORT: '70000' }, 'PORT'],
    [{ NODE_ENV: 'staging' }, 'NODE_ENV'],
    [{ SEED: 'maybe' }, 'SEED'],
    [{ DATABASE_URL: 'mysql://x' }, 'DATABASE_URL'],
    [{ ALLOWED_ORIGINS: 'not a url' }, 'ALLOWED_ORIGINS'],
    [{ LOG_LEVEL: 'loud' }, 'LOG_LEVEL'],
    [{ REDIS_URL: 'http://x' }, 'REDIS_URL'],
    [{ MAIL_POLL_INTERVAL_MS: '5' }, 'MAIL_POLL_INTERVAL_MS'],
    [{ MAIL_POLL_INTERVAL_MS: 'often' }, 'MAIL_POLL_INTERVAL_MS'],
    [{ ORDER_EVENTS_HEARTBEAT_MS: '5' }, 'ORDER_EVENTS_HEARTBEAT_MS'],
    [{ MAIL_FROM: 'Larder <orders@shop.example>' }, 'MAIL_FROM'],
    [{ PUBLIC_URL: 'ftp://shop.example' }, 'PUBLIC_URL'],
    [{ CUSTOMER_IDLE_TIMEOUT_MINUTES: '0' }, 'CUSTOMER_IDLE_TIMEOUT_MINUTES'],
    [{ ADDRESS_THROTTLE_LIMIT: 'many' }, 'ADDRESS_THROTTLE_LIMIT'],
  ])('reports bad values clearly: %j', (env, name) => {
    expect(() => loadConfig({ NODE_ENV: 'development', ...env })).toThrow(new RegExp(name));
  });

  it('keeps derived fields consistent under overrides', () => {
    const c = withOverrides(loadConfig({ NODE_ENV: 'development' }), { googleClientId: 'id' });
    expect(c.devSignIn).toBe(false);
    expect(withOverrides(loadConfig({ NODE_ENV: 'test' }), { nodeEnv: 'production' }).devSignIn).toBe(false);
  });

  it('names a bad DATABASE_URL, SMTP_URL or REDIS_URL without printing its password', () => {
    const problems = problemsOf({
      NODE_ENV: 'development',
      DATABASE_URL: 'mysql://larder:db-s3cret@db.internal/shop',
      SMTP_URL: 'http://mailer:smtp-s3cret@smtp.example.com',
      REDIS_URL: 'http://:redis-s3cret@cache:6379',
    });
    expect(problems).toContain(
      'DATABASE_URL must be a postgres: or postgresql: URL (got "mysql://larder:***@db.internal/shop")',
    );
    expect(problems).toContain('SMTP_URL');
    expect(problems).toContain('REDIS_URL');
    expect(problems).not.toMatch(/s3cret/);
  });

  it('refuses in production a secret of one repeated character and variants of the development values', () => {
    for (const secret of ['x'.repeat(40), 'ab'.repeat(20), 'Larder-Development-Secret-Change-Me-In-2026!!']) {
      expect(problemsOf({ ...PRODUCTION, NODE_ENV: 'production', JWT_SECRET: secret })).toBe(
        'JWT_SECRET must not be one or a few characters repeated, nor a variant of the development secret, in production',
      );
    }
    for (const password of ['z'.repeat(16), 'Larder_Seller_2026', 'the larder seller']) {
      expect(problemsOf({ ...PRODUCTION, NODE_ENV: 'production', SELLER_PASSWORD: password })).toBe(
        'SELLER_PASSWORD must not be one or a few characters repeated, nor a variant of the development password, in production',
      );
    }
    // A random secret passes, and development keeps its defaults.
    expect(loadConfig({ ...PRODUCTION, NODE_ENV: 'production' }).jwtSecret).toBe(PRODUCTION.JWT_SECRET);
    expect(loadConfig({ NODE_ENV: 'development', JWT_SECRET: 'x'.repeat(40) }).jwtSecret).toBe(
      'x'.repeat(40),
    );
  });

  it('refuses in production the documented development JWT_SECRET and a common seller password', () => {
    const dev = problemsOf({
      ...PRODUCTION,
      NODE_ENV: 'production',
      JWT_SECRET: loadConfig({ NODE_ENV: 'development' }).jwtSecret,
    });
    expect(dev).toBe('JWT_SECRET must not be the development secret in production');
    for (const password of [
      'password1234',
      'Qwertyuiop123',
      'correct horse battery staple',
      'iloveyou2024',
    ]) {
      expect(problemsOf({ ...PRODUCTION, NODE_ENV: 'production', SELLER_PASSWORD: password })).toBe(
        'SELLER_PASSWORD is one of the most common passwords: choose one nobody would guess',
      );
    }
    // Development keeps its defaults.
    expect(loadConfig({ NODE_ENV: 'development', SELLER_PASSWORD: 'password1234' }).sellerPassword).toBe(
      'password1234',
    );
  });
});
