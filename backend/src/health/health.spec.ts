import { PassThrough } from 'node:stream';
import request from 'supertest';
import { createTestApp, TestApp } from '../../test/harness';
import type { DatabaseHandle } from '../db/database';
import { DATABASE_HANDLE } from '../db/database.module';
import { ERROR_CODES } from '@larder/shared-domain';

// First app of this file: nestjs-pino keeps the first logger for lines written outside a request.
describe('GET /api/health without a database', () => {
  it('answers 503 once the database is gone, without the driver’s error text in the answer or the logs', async () => {
    const lines: string[] = [];
    const stream = new PassThrough();
    stream.on('data', (chunk: Buffer) => lines.push(...chunk.toString().split('\n').filter(Boolean)));
    const t = await createTestApp(
      { logLevel: 'info' },
      { logStream: stream as unknown as import('pino').DestinationStream },
    );
    try {
      await t.app.get<DatabaseHandle>(DATABASE_HANDLE).close();
      const res = await request(t.server).get('/api/health').expect(503);
      expect(res.body).toEqual({
        success: false,
        message: 'Service unavailable',
        code: ERROR_CODES.SERVICE_UNAVAILABLE,
      });
      await new Promise((resolve) => setImmediate(resolve));
      const failure = lines.filter((l) => /Health Check has failed/.test(l));
      expect(failure).toHaveLength(1);
      expect(failure[0]).toContain('The database does not answer');
      // PGlite: "PGlite is closed"; pg: "Cannot use a pool after calling end on the pool".
      expect(lines.join('\n')).not.toMatch(/is closed|calling end/i);
    } finally {
      await t.close();
    }
  });
});

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
    expect(res.body).toEqual({ success: false, message: expect.any(String), code: ERROR_CODES.NOT_FOUND });
  });
});
