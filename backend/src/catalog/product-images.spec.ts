import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import sharp from 'sharp';
import request from 'supertest';
import { createReplica, createTestApp, TestApp } from '../../test/harness';
import { signInSeller } from '../../test/auth-helpers';
import { importProductImageFolder } from '../db/product-images';
import { ERROR_CODES } from '@larder/shared-domain';

/** Pictures live in the database: any replica serves what another stored, and files of old versions move in. */
describe('product pictures in the database', () => {
  let a: TestApp;
  let b: Awaited<ReturnType<typeof createReplica>>;
  let legacyDataDir: string;
  let legacyMain: Buffer;
  let legacySmall: Buffer;

  const picture = (background: string, width: number) =>
    sharp({ create: { width, height: width, channels: 3, background } })
      .webp()
      .toBuffer();

  beforeAll(async () => {
    a = await createTestApp();
    // A data folder as earlier versions left it: uploaded pictures as files under uploads/products.
    legacyDataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'larder-legacy-'));
    const folder = path.join(legacyDataDir, 'uploads', 'products');
    fs.mkdirSync(folder, { recursive: true });
    legacyMain = await picture('#aa3300', 640);
    legacySmall = await picture('#aa3300', 400);
    fs.writeFileSync(path.join(folder, 'old-apples.webp'), legacyMain);
    fs.writeFileSync(path.join(folder, 'old-apples-400.webp'), legacySmall);
    fs.writeFileSync(path.join(folder, 'notes.txt'), 'not a picture');
    // Replica B starts on A's database from that folder.
    b = await createReplica(a, legacyDataDir);
  });
  afterAll(async () => {
    await b?.close();
    await a?.close();
    if (legacyDataDir) fs.rmSync(legacyDataDir, { recursive: true, force: true });
  });

  it('serves a picture uploaded through one replica from another', async () => {
    const seller = await signInSeller(a);
    const upload = await sharp({ create: { width: 1200, height: 900, channels: 3, background: '#228833' } })
      .jpeg()
      .toBuffer();
    const res = await request(a.server)
      .post('/api/product/add')
      .set('Cookie', seller)
      .field(
        'productData',
        JSON.stringify({
          name: 'Green Pears',
          category: 'Fruits',
          price: 2,
          offerPrice: 1.5,
          vat: 0,
          netQuantity: 4,
          unit: 'each',
        }),
      )
      .attach('images', upload, 'pears.jpg')
      .expect(201);
    const url: string = res.body.product.image[0];
    expect(url).toMatch(/^\/uploads\/products\/[0-9a-f-]{36}\.webp$/);

    const fromB = await request(b.server).get(url).buffer(true).expect(200);
    expect(fromB.headers['content-type']).toBe('image/webp');
    expect(fromB.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(await sharp(fromB.body as Buffer).metadata()).toMatchObject({
      format: 'webp',
      width: 800,
      height: 600,
    });
    const small = await request(b.server)
      .get(url.replace(/\.webp$/, '-400.webp'))
      .buffer(true)
      .expect(200);
    expect(await sharp(small.body as Buffer).metadata()).toMatchObject({ width: 400, height: 300 });

    const fromA = await request(a.server).get(url).buffer(true).expect(200);
    expect(fromA.headers.etag).toBe(fromB.headers.etag);
    expect(Buffer.compare(fromA.body as Buffer, fromB.body as Buffer)).toBe(0);
  });

  it('answers 304 without the bytes when the ETag matches, 200 when it does not', async () => {
    const first = await request(a.server).get('/uploads/products/old-apples.webp').expect(200);
    const etag = first.headers.etag;
    expect(etag).toMatch(/^"[A-Za-z0-9_-]+"$/);
    const again = await request(b.server).get('/uploads/products/old-apples.webp').set('If-None-Match', etag);
    expect(again.status).toBe(304);
    expect(again.headers.etag).toBe(etag);
    expect(again.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(again.text ?? '').toBe('');
    await request(a.server)
      .get('/uploads/products/old-apples.webp')
      .set('If-None-Match', `"other", W/${etag}`)
      .expect(304);
    await request(a.server)
      .get('/uploads/products/old-apples.webp')
      .set('If-None-Match', '"other"')
      .expect(200);
  });

  it('copied the pictures of an old uploads folder into the database on start, byte for byte', async () => {
    const main = await request(a.server).get('/uploads/products/old-apples.webp').buffer(true).expect(200);
    expect(Buffer.compare(main.body as Buffer, legacyMain)).toBe(0);
    const small = await request(a.server)
      .get('/uploads/products/old-apples-400.webp')
      .buffer(true)
      .expect(200);
    expect(Buffer.compare(small.body as Buffer, legacySmall)).toBe(0);
    await request(a.server).get('/uploads/products/notes.txt').expect(404);
    // A second run (the next start) adds nothing.
    expect(await importProductImageFolder(a.db, path.join(legacyDataDir, 'uploads', 'products'))).toBe(0);
  });

  it('answers 404 for an unknown picture', async () => {
    const res = await request(a.server).get('/uploads/products/missing.webp').expect(404);
    expect(res.body).toEqual({ success: false, message: 'Picture not found', code: ERROR_CODES.NOT_FOUND });
    await request(a.server).get('/uploads/products/..%2Fsecret.webp').expect(404);
  });
});
