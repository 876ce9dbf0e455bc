import request from 'supertest';
import { ConfigError, loadConfig } from '../config/app-config';
import { createTestApp } from '../../test/harness';
import { ConfigModule } from '../config/config.module';
import { Clock } from './clock';

/** Monday 23 November 2026, 10:00 in London (GMT): the selectable delivery date is Tuesday the 24th. */
const MONDAY_10AM = new Date('2026-11-23T10:00:00Z');

describe('the shop clock started at another moment (CLOCK_START)', () => {
  it('shows that moment when it starts and runs on at the real pace', () => {
    const clock = new Clock(MONDAY_10AM);
    const first = clock.now().getTime();
    expect(first - MONDAY_10AM.getTime()).toBeGreaterThanOrEqual(0);
    expect(first - MONDAY_10AM.getTime()).toBeLessThan(1000);
    // It moves with the real time: the two stay the same distance apart.
    const apart = () => clock.now().getTime() - Date.now();
    const before = apart();
    expect(Math.abs(apart() - before)).toBeLessThanOrEqual(1);
  });

  it('is the real time when none is set, and always in production', () => {
    expect(Math.abs(new Clock().now().getTime() - Date.now())).toBeLessThan(1000);
    // What the shop's modules are given: the start outside production, nothing in production.
    const startOf = (isProduction: boolean) =>
      ConfigModule.forRoot({
        ...loadConfig({ NODE_ENV: 'test' }),
        isProduction,
        clockStartsAt: MONDAY_10AM,
      }).providers?.find((p) => typeof p === 'object' && 'provide' in p && p.provide === 'CLOCK_STARTS_AT');
    expect(startOf(false)).toMatchObject({ useValue: MONDAY_10AM });
    expect(startOf(true)).toMatchObject({ useValue: null });
  });

  it('is read in development and tests, and refused by a production configuration', () => {
    expect(loadConfig({ NODE_ENV: 'test', CLOCK_START: '2026-11-23T10:00:00Z' }).clockStartsAt).toEqual(
      MONDAY_10AM,
    );
    expect(loadConfig({ NODE_ENV: 'development' }).clockStartsAt).toBeUndefined();
    const refused = (env: Record<string, string>) => {
      try {
        loadConfig(env);
      } catch (err) {
        expect(err).toBeInstanceOf(ConfigError);
        return (err as ConfigError).problems.join('\n');
      }
      throw new Error('loadConfig accepted the configuration');
    };
    expect(
      refused({
        JWT_SECRET: 'k3Vq9-production-test-secret-8hPz2mN4rT',
        SELLER_EMAIL: 'owner@shop.example',
        SELLER_PASSWORD: 'a long password',
        PUBLIC_URL: 'https://shop.example',
        CLOCK_START: '2026-11-23T10:00:00Z',
      }),
    ).toContain('CLOCK_START is for development and tests: production keeps the real time');
    expect(refused({ NODE_ENV: 'test', CLOCK_START: 'Monday 10am' })).toContain(
      'CLOCK_START must be an ISO 8601 date and time',
    );
  });

  it("sets the shop's delivery date", async () => {
    const t = await createTestApp({ clockStartsAt: MONDAY_10AM });
    try {
      const res = await request(t.server).get('/api/delivery/slots').expect(200);
      expect(res.body.date).toBe('2026-11-24');
    } finally {
      await t.close();
    }
  });
});
