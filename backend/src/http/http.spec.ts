/**
 * The HTTP layer: error answers in the shop's shape while the database cannot be reached, and request logging.
 */
import net from 'node:net';
import { sql } from 'drizzle-orm';
import { drizzle } from 'drizzle-orm/node-postgres';
import { Pool } from 'pg';
import { ERROR_CODES, MESSAGES } from '@larder/shared-domain';
import { errorResponse } from './http-exception.filter';
import { PassThrough } from 'node:stream';
import { Controller, Get, Module } from '@nestjs/common';
import request from 'supertest';
import { createTestApp, TestApp } from '../../test/harness';

/** A port nothing listens on: one that was just free. */
async function closedPort(): Promise<number> {
  const server = net.createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as net.AddressInfo;
  await new Promise((resolve) => server.close(resolve));
  return port;
}

/** What a query through Drizzle and node-postgres throws against a database at `url`. */
async function queryError(url: string): Promise<unknown> {
  const pool = new Pool({ connectionString: url, connectionTimeoutMillis: 2_000 });
  pool.on('error', () => {});
  try {
    await drizzle(pool).execute(sql`select 1`);
    throw new Error('the query answered');
  } catch (err) {
    return err;
  } finally {
    await pool.end().catch(() => {});
  }
}

const BUSY = {
  status: 503,
  body: { success: false, message: MESSAGES.shopBusy, code: ERROR_CODES.SERVICE_UNAVAILABLE },
  headers: { 'retry-after': '2' },
};

describe('error answers while the database cannot be reached', () => {
  it('answers 503 with Retry-After when the database refuses the connection (it is restarting)', async () => {
    const port = await closedPort();
    expect(errorResponse(await queryError(`postgres://larder@127.0.0.1:${port}/larder`))).toEqual(BUSY);
  });

  it('answers 503 with Retry-After when the connection ends under the query', async () => {
    // A server that accepts the connection and closes it at once, as a database shutting down does.
    const server = net.createServer((socket) => socket.destroy());
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    try {
      const { port } = server.address() as net.AddressInfo;
      expect(errorResponse(await queryError(`postgres://larder@127.0.0.1:${port}/larder`))).toEqual(BUSY);
    } finally {
      await new Promise((resolve) => server.close(resolve));
    }
  });

  it('answers 503 for PostgreSQL’s shutdown and connection-failure codes', () => {
    for (const code of ['57P01', '57P03', '08006']) {
      expect(errorResponse(Object.assign(new Error('server said no'), { code }))).toEqual(BUSY);
    }
  });

  it('keeps other failures a 500 without Retry-After', () => {
    expect(errorResponse(Object.assign(new Error('division by zero'), { code: '22012' }))).toEqual({
      status: 500,
      body: { success: false, message: MESSAGES.somethingWentWrong, code: ERROR_CODES.INTERNAL_ERROR },
    });
  });
});

describe('request logging', () => {
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
});
