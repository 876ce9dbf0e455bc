import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { Server } from 'node:http';
import zlib from 'node:zlib';
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import request from 'supertest';
import { createProduct, createTestApp, TestApp } from '../../test/harness';
import { waitFor } from '../../test/wait-for';
import { waitForList } from '../../test/product-list';
import { signInSeller } from '../../test/auth-helpers';
import { createApp, LarderApp } from '../app/app.factory';
import { LISTENER_APPLICATION_NAME } from '../db/database';
import { ProductListCache } from './product-list.cache';
import { pickEncoding } from '../common/http-caching';

describe('product list served from memory', () => {
  let t: TestApp;

  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  it('answers the same from memory as through the route (security headers, ETag, body)', async () => {
    // createProduct returns once the app was told of the write; the list in memory is then reloaded.
    const cache = t.app.get(ProductListCache);
    await createProduct(t, { name: 'Rye bread' });
    const fastify = t.app.getHttpAdapter().getInstance() as FastifyInstance;
    const read = (url: string) =>
      fastify.inject({ method: 'GET', url, headers: { 'accept-encoding': 'br' } });
    await waitForList(t.server, (products) => products.some((p) => p.name === 'Rye bread'));
    await waitFor(() => Boolean(cache.current()?.json.includes('Rye bread')), 'the list in memory', 5000);
    // A plain read is answered from memory; a query string takes it through the controller's route.
    const listThroughRoute = jest.spyOn(ProductListCache.prototype, 'get');
    const fromMemory = await read('/api/product/list');
    expect(listThroughRoute).not.toHaveBeenCalled();
    const routed = await read('/api/product/list?via=route');
    expect(listThroughRoute).toHaveBeenCalledTimes(1);
    listThroughRoute.mockRestore();
    for (const res of [fromMemory, routed]) {
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-security-policy']).toContain("default-src 'self'");
      expect(res.headers['x-content-type-options']).toBe('nosniff');
    }
    const pick = (headers: Record<string, unknown>) =>
      Object.fromEntries(
        ['etag', 'cache-control', 'vary', 'content-encoding', 'content-type', 'content-security-policy'].map(
          (n) => [n, headers[n]],
        ),
      );
    expect(pick(fromMemory.headers)).toEqual(pick(routed.headers));
    expect(fromMemory.rawPayload.equals(routed.rawPayload)).toBe(true);
    const etag = String(fromMemory.headers.etag);
    const notModified = await fastify.inject({
      method: 'GET',
      url: '/api/product/list',
      headers: { 'if-none-match': etag },
    });
    expect(notModified.statusCode).toBe(304);
  });

  it('answers a page of an allowed origin with its CORS headers', async () => {
    const other = await createTestApp({ allowedOrigins: ['https://shop.example'] });
    try {
      await createProduct(other, { name: 'Pea shoots' });
      await waitForList(other.server, (products) => products.some((p) => p.name === 'Pea shoots'));
      const res = await request(other.server)
        .get('/api/product/list')
        .set('Origin', 'https://shop.example')
        .expect(200);
      expect(res.headers['access-control-allow-origin']).toBe('https://shop.example');
      expect(res.headers['access-control-allow-credentials']).toBe('true');
      expect(res.body.products.map((p: { name: string }) => p.name)).toContain('Pea shoots');
    } finally {
      await other.close();
    }
  });

  it('sends the same JSON plain, gzip and brotli, with one ETag, and 304 to a matching If-None-Match', async () => {
    await createProduct(t, { name: 'Oat milk' });
    // A PostgreSQL server tells this process of the write a moment after it commits.
    await waitForList(t.server, (products) => products[0]?.name === 'Oat milk');
    const plain = await request(t.server).get('/api/product/list').set('Accept-Encoding', 'identity');
    expect(plain.status).toBe(200);
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.headers['content-type']).toBe('application/json; charset=utf-8');
    const json = plain.text;
    expect(JSON.parse(json).products[0].name).toBe('Oat milk');

    for (const [accept, encoding, decode] of [
      ['gzip, deflate, br', 'br', zlib.brotliDecompressSync],
      ['gzip', 'gzip', zlib.gunzipSync],
      ['br;q=0, gzip;q=0.5', 'gzip', zlib.gunzipSync],
    ] as const) {
      // Fastify's inject hands back the bytes as sent (supertest would decompress them).
      const fastify = t.app.getHttpAdapter().getInstance() as FastifyInstance;
      const res = await fastify.inject({
        method: 'GET',
        url: '/api/product/list',
        headers: { 'accept-encoding': accept },
      });
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-encoding']).toBe(encoding);
      expect(res.headers.vary).toMatch(/accept-encoding/i);
      expect(res.headers.etag).toBe(plain.headers.etag);
      expect(decode(res.rawPayload).toString('utf8')).toBe(json);
    }

    const again = await request(t.server)
      .get('/api/product/list')
      .set('If-None-Match', `"other", ${plain.headers.etag}`)
      .expect(304);
    expect(again.text).toBe('');
    expect(again.headers.etag).toBe(plain.headers.etag);
  });

  it('picks the encoding the client prefers', () => {
    expect(pickEncoding(undefined)).toBeUndefined();
    expect(pickEncoding('identity')).toBeUndefined();
    expect(pickEncoding('gzip, br')).toBe('br');
    expect(pickEncoding('br;q=0.2, gzip;q=0.8')).toBe('gzip');
    expect(pickEncoding('*')).toBe('br');
    expect(pickEncoding('br;q=0, *;q=0')).toBeUndefined();
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

      const listeners = async (): Promise<number[]> => {
        const result = (await t.db.execute(
          sql`select pid from pg_stat_activity
              where datname = current_database() and application_name = ${LISTENER_APPLICATION_NAME}`,
        )) as unknown as { rows: Array<{ pid: number }> };
        return result.rows.map((r) => Number(r.pid));
      };

      it('answers from memory while the catalogue tables are locked', async () => {
        await request(t.server).get('/api/product/list').expect(200);
        await t.db.transaction(async (tx) => {
          await tx.execute(sql`lock table catalog_state, products in access exclusive mode nowait`);
          const res = await request(t.server).get('/api/product/list').timeout(2000);
          expect(res.status).toBe(200);
        });
      });

      it('a write through one replica is served by the other as soon as it is told', async () => {
        const id = await createProduct(t, { name: 'Seen everywhere' });
        await waitForList(otherServer, (list) => list.some((p) => p._id === id && p.inStock));
        const seller = await signInSeller(t);
        await request(t.server)
          .post('/api/product/stock')
          .set('Cookie', seller)
          .send({ id, inStock: false })
          .expect(200);
        await waitForList(otherServer, (list) => list.some((p) => p._id === id && !p.inStock));
      });

      it('reloads after its listening connection is terminated, and listens again', async () => {
        await request(otherServer).get('/api/product/list').expect(200);
        const before = await listeners();
        expect(before).toHaveLength(2);
        await t.db.execute(
          sql`select pg_terminate_backend(pid) from unnest(${`{${before.join(',')}}`}::int[]) pid`,
        );

        const whileDown = await createProduct(t, { name: 'Added while not listening' });
        await waitForList(otherServer, (list) => list.some((p) => p._id === whileDown));

        // Both replicas listen again on new connections...
        const started = Date.now();
        let after: number[] = [];
        while (Date.now() - started < 10_000) {
          after = await listeners();
          if (after.length === 2 && after.every((pid) => !before.includes(pid))) break;
          await new Promise((resolve) => setTimeout(resolve, 50));
        }
        expect(after).toHaveLength(2);
        expect(after.some((pid) => before.includes(pid))).toBe(false);
        // ...and are told of writes again.
        const later = await createProduct(t, { name: 'Added after reconnecting' });
        await waitForList(otherServer, (list) => list.some((p) => p._id === later));
      });
    });
  } else {
    it('on PGlite, a write made straight to the database is served at the next read', async () => {
      await request(t.server).get('/api/product/list').expect(200);
      const id = await createProduct(t, { name: 'Written without the API' });
      const res = await request(t.server).get('/api/product/list').expect(200);
      expect(res.body.products[0]._id).toBe(id);
    });
  }
});
