import request from 'supertest';
import { createTestApp, TestApp } from '../../test/harness';
import type { DatabaseHandle } from '../db/database';
import { DATABASE_HANDLE } from '../db/database.module';

describe('GET /api/health', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  it('answers ok while the database answers', async () => {
    const res = await request(t.server).get('/api/health').expect(200);
    expect(res.body.status).toBe('ok');
    expect(res.body.info.database.status).toBe('up');
  });

  it('sends nosniff and a content security policy', async () => {
    const res = await request(t.server).get('/api/health');
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    expect(res.headers['content-security-policy']).toContain("default-src 'self'");
  });

  it('answers unknown API routes with a 404 JSON error', async () => {
    const res = await request(t.server).get('/api/nothing-here').expect(404);
    expect(res.body).toEqual({ success: false, message: expect.any(String) });
  });
});

describe('GET /api/health without a database', () => {
  it('answers 503 once the database is gone', async () => {
    const t = await createTestApp();
    try {
      await t.app.get<DatabaseHandle>(DATABASE_HANDLE).close();
      const res = await request(t.server).get('/api/health').expect(503);
      expect(res.body.success).toBe(false);
    } finally {
      await t.close();
    }
  });
});
