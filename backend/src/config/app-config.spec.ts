import path from 'node:path';
import { ConfigError, loadConfig, withOverrides } from './app-config';

describe('loadConfig', () => {
  it('has working development defaults', () => {
    const c = loadConfig({});
    expect(c).toMatchObject({
      nodeEnv: 'development',
      port: 3000,
      dataDir: path.resolve('./data'),
      sellerEmail: 'seller@larder.local',
      sellerPassword: 'larder-seller',
      devSignIn: true,
      seed: true,
      allowedOrigins: ['http://localhost:4200', 'http://localhost:4201', 'http://localhost:4202'],
      remoteStorefrontUrl: '/remotes/storefront/remoteEntry.js',
    });
    expect(c.databaseUrl).toBeUndefined();
  });

  it('reads and normalises values', () => {
    const c = loadConfig({
      PORT: '8080',
      SEED: 'false',
      ALLOWED_ORIGINS: 'http://localhost:4200, https://shop.example/',
      DATABASE_URL: 'postgres://u:p@db:5432/larder',
      GOOGLE_CLIENT_ID: 'abc.apps.googleusercontent.com',
      SELLER_EMAIL: 'Owner@Shop.Example',
    });
    expect(c).toMatchObject({
      port: 8080,
      seed: false,
      allowedOrigins: ['http://localhost:4200', 'https://shop.example'],
      databaseUrl: 'postgres://u:p@db:5432/larder',
      devSignIn: false,
      sellerEmail: 'owner@shop.example',
    });
  });

  it('reads the order e-mail settings', () => {
    expect(loadConfig({})).toMatchObject({ mailPollIntervalMs: 5000, mailFrom: undefined });
    expect(loadConfig({ MAIL_FROM: 'orders@shop.example', MAIL_POLL_INTERVAL_MS: '250' })).toMatchObject({
      mailFrom: 'orders@shop.example',
      mailPollIntervalMs: 250,
    });
  });

  it('refuses to start in production without secrets and seller credentials', () => {
    expect(() => loadConfig({ NODE_ENV: 'production' })).toThrow(ConfigError);
    try {
      loadConfig({ NODE_ENV: 'production' });
    } catch (err) {
      const problems = (err as ConfigError).problems.join('\n');
      expect(problems).toContain('JWT_SECRET');
      expect(problems).toContain('SELLER_EMAIL');
      expect(problems).toContain('SELLER_PASSWORD');
    }
    const ok = loadConfig({
      NODE_ENV: 'production',
      JWT_SECRET: 'x'.repeat(40),
      SELLER_EMAIL: 'owner@shop.example',
      SELLER_PASSWORD: 'a long password',
    });
    expect(ok).toMatchObject({ isProduction: true, devSignIn: false, logLevel: 'info' });
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
    [{ MAIL_FROM: 'Larder <orders@shop.example>' }, 'MAIL_FROM'],
  ])('reports bad values clearly: %j', (env, name) => {
    expect(() => loadConfig(env)).toThrow(new RegExp(name));
  });

  it('keeps derived fields consistent under overrides', () => {
    const c = withOverrides(loadConfig({}), { googleClientId: 'id' });
    expect(c.devSignIn).toBe(false);
  });
});
