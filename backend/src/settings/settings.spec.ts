import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { Server } from 'node:http';
import request from 'supertest';
import { ERROR_CODES, MESSAGES } from '@larder/shared-domain';
import { createTestApp, TestApp } from '../../test/harness';
import { signInCustomer, signInSeller } from '../../test/auth-helpers';
import { createApp, LarderApp } from '../app/app.factory';
import { SettingsService } from './settings.service';

describe('shipping settings', () => {
  let t: TestApp;
  let seller: string;
  let customer: string;
  beforeAll(async () => {
    t = await createTestApp();
    seller = await signInSeller(t);
    customer = await signInCustomer(t, { email: 'settings-shopper@example.com' });
  });
  afterAll(() => t.close());

  const save = (body: unknown, cookie = seller) =>
    request(t.server)
      .post('/api/settings/shipping')
      .set('Cookie', cookie)
      .send(body as object);

  it('starts at £3.99 below £40, for everyone to read', async () => {
    const res = await request(t.server).get('/api/settings/shipping').expect(200);
    expect(res.body).toEqual({
      success: true,
      shippingCharge: 3.99,
      shippingThreshold: 40,
      maxPerProduct: 20,
    });
  });

  it('lets the seller change them (pounds in, pence stored)', async () => {
    const res = await save({ shippingCharge: 4.5, shippingThreshold: 55.25 }).expect(200);
    expect(res.body).toEqual({
      success: true,
      message: MESSAGES.shippingSettingsUpdated,
      shippingCharge: 4.5,
      shippingThreshold: 55.25,
      maxPerProduct: 20,
    });
    expect(await t.app.get(SettingsService).getShippingSettings()).toEqual({
      shippingCharge: 450,
      shippingThreshold: 5525,
    });
    const read = await request(t.server).get('/api/settings/shipping').expect(200);
    expect(read.body).toMatchObject({ shippingCharge: 4.5, shippingThreshold: 55.25 });
  });

  it('accepts zero (free shipping for all)', async () => {
    const res = await save({ shippingCharge: 0, shippingThreshold: 0 }).expect(200);
    expect(res.body).toMatchObject({ success: true, shippingCharge: 0, shippingThreshold: 0 });
    expect(await t.app.get(SettingsService).getShippingSettings()).toEqual({
      shippingCharge: 0,
      shippingThreshold: 0,
    });
  });

  it.each([
    [{ shippingCharge: -1, shippingThreshold: 40 }, /shippingCharge must be at least 0/],
    [{ shippingCharge: 3.99, shippingThreshold: -0.01 }, /shippingThreshold must be at least 0/],
    [{ shippingCharge: 3.999, shippingThreshold: 40 }, /at most 2 decimals/],
    [{ shippingCharge: '3.99', shippingThreshold: 40 }, /must be a number/],
    [{ shippingCharge: null, shippingThreshold: 40 }, /shippingCharge is required/],
    [{ shippingThreshold: 40 }, /shippingCharge is required/],
    [{ shippingCharge: 3.99 }, /shippingThreshold is required/],
    [{ shippingCharge: 3.99, shippingThreshold: 40, extra: true }, /should not exist/],
  ])('refuses %j with 400', async (body, message) => {
    const before = await t.app.get(SettingsService).getShippingSettings();
    const res = await save(body).expect(400);
    expect(res.body).toEqual({
      success: false,
      message: expect.stringMatching(message),
      code: ERROR_CODES.VALIDATION_FAILED,
      field: expect.any(String),
    });
    expect(await t.app.get(SettingsService).getShippingSettings()).toEqual(before);
  });

  it('is for the seller only', async () => {
    const before = await t.app.get(SettingsService).getShippingSettings();
    await request(t.server)
      .post('/api/settings/shipping')
      .send({ shippingCharge: 1, shippingThreshold: 1 })
      .expect(401);
    await save({ shippingCharge: 1, shippingThreshold: 1 }, customer).expect(401);
    expect(await t.app.get(SettingsService).getShippingSettings()).toEqual(before);
  });

  if (process.env.DATABASE_URL) {
    describe('between two replicas on one PostgreSQL database', () => {
      let other: LarderApp;
      let otherServer: Server;
      let otherDir: string;
      beforeAll(async () => {
        otherDir = fs.mkdtempSync(path.join(os.tmpdir(), 'larder-replica-'));
        other = await createApp({ ...t.config, dataDir: otherDir, seed: false });
        otherServer = other.app.getHttpServer() as Server;
      });
      afterAll(async () => {
        await other.app.close();
        fs.rmSync(otherDir, { recursive: true, force: true });
      });

      it('a change saved through one replica is read from the other as soon as it is told', async () => {
        // The other replica reads the settings once and keeps them.
        await request(otherServer).get('/api/settings/shipping').expect(200);
        await save({ shippingCharge: 2.75, shippingThreshold: 33 }).expect(200);
        const started = Date.now();
        for (;;) {
          const res = await request(otherServer).get('/api/settings/shipping').expect(200);
          if (res.body.shippingCharge === 2.75 && res.body.shippingThreshold === 33) break;
          if (Date.now() - started > 5000) throw new Error('the other replica still reads the old settings');
          await new Promise((resolve) => setImmediate(resolve));
        }
      });
    });
  }
});
