import net from 'node:net';
import { sql } from 'drizzle-orm';
import { drizzle } from 'drizzle-orm/node-postgres';
import { Pool } from 'pg';
import { ERROR_CODES, MESSAGES } from '@larder/shared-domain';
import { errorResponse } from './http-exception.filter';

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
