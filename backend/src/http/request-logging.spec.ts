import { PassThrough } from 'node:stream';
import { Controller, Get, Module } from '@nestjs/common';
import request from 'supertest';
import { createTestApp, TestApp } from '../../test/harness';
import { ERROR_CODES } from '@larder/shared-domain';

/** Fails on purpose, with an id in the URL that must not reach the log. */
@Controller('api/probe-failure')
class ProbeFailureController {
  @Get(':id')
  fail(): never {
    throw new Error('probe failure');
  }

  @Get()
  ok() {
    return { success: true };
  }
}

@Module({ controllers: [ProbeFailureController] })
class ProbeFailureModule {}

// First app of this file: nestjs-pino keeps the first logger for lines written outside a request.
describe('logs at level warn (no line per request)', () => {
  let t: TestApp;
  const lines: string[] = [];
  beforeAll(async () => {
    const stream = new PassThrough();
    stream.on('data', (chunk: Buffer) => lines.push(...chunk.toString().split('\n').filter(Boolean)));
    t = await createTestApp(
      { logLevel: 'warn' },
      { imports: [ProbeFailureModule], logStream: stream as unknown as import('pino').DestinationStream },
    );
  });
  afterAll(() => t.close());

  it('writes nothing for answered requests, and names the route of an unexpected failure', async () => {
    await request(t.server).get('/api/probe-failure').expect(200);
    await request(t.server).get('/api/health').expect(200);
    await new Promise((resolve) => setImmediate(resolve));
    expect(lines).toEqual([]);

    const res = await request(t.server).get('/api/probe-failure/secret-id-42').expect(500);
    expect(res.body).toEqual({
      success: false,
      message: expect.any(String),
      code: ERROR_CODES.INTERNAL_ERROR,
    });
    await new Promise((resolve) => setImmediate(resolve));
    expect(lines).toHaveLength(1);
    const line = JSON.parse(lines[0]) as { level: number; msg: string };
    expect(line.level).toBe(50);
    expect(line.msg).toContain('GET /api/probe-failure/:id failed');
    expect(line.msg).toContain('probe failure');
    expect(line.msg).not.toContain('secret-id-42');
  });
});
