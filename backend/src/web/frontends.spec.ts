import zlib from 'node:zlib';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import request from 'supertest';
import { createTestApp, TestApp } from '../../test/harness';

describe('built frontends', () => {
  let t: TestApp;
  let root: string;
  beforeAll(async () => {
    root = fs.mkdtempSync(path.join(os.tmpdir(), 'larder-static-'));
    const write = (file: string, text: string) => {
      fs.mkdirSync(path.dirname(path.join(root, file)), { recursive: true });
      fs.writeFileSync(path.join(root, file), text);
    };
    write('host-shell/dist/index.html', '<!doctype html><title>Larder</title><div id="root"></div>');
    write('host-shell/dist/main.3f2a9c1b.js', 'console.log("host")');
    write('storefront/dist/remoteEntry.js', 'var storefront;');
    write('storefront/dist/412.0e1d2c3b.js', 'var chunk;');
    const bigChunk = 'var product = "carrots";\n'.repeat(200);
    write('storefront/dist/530.aa11bb22.js', bigChunk);
    fs.writeFileSync(
      path.join(root, 'storefront/dist/530.aa11bb22.js.br'),
      zlib.brotliCompressSync(bigChunk),
    );
    fs.writeFileSync(path.join(root, 'storefront/dist/530.aa11bb22.js.gz'), zlib.gzipSync(bigChunk));
    write('seller-portal/dist/remoteEntry.js', 'var sellerPortal;');
    t = await createTestApp({
      staticDirs: {
        hostShell: path.join(root, 'host-shell/dist'),
        storefront: path.join(root, 'storefront/dist'),
        sellerPortal: path.join(root, 'seller-portal/dist'),
      },
    });
  });
  afterAll(async () => {
    await t.close();
    fs.rmSync(root, { recursive: true, force: true });
  });

  it('serves the host at / and deep links as the host page', async () => {
    for (const url of ['/', '/products/dairy', '/seller/orders']) {
      const res = await request(t.server).get(url).set('Accept', 'text/html').expect(200);
      expect(res.text).toContain('<div id="root">');
      expect(res.headers['cache-control']).toBe('no-cache');
    }
  });

  it('keeps API 404s as JSON even for browsers', async () => {
    const res = await request(t.server).get('/api/nothing').set('Accept', 'text/html').expect(404);
    expect(res.body.success).toBe(false);
  });

  it('caches hashed assets for a year and revalidates entry files', async () => {
    const asset = await request(t.server).get('/main.3f2a9c1b.js').expect(200);
    expect(asset.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    const entry = await request(t.server).get('/remotes/storefront/remoteEntry.js').expect(200);
    expect(entry.headers['cache-control']).toBe('no-cache');
    const chunk = await request(t.server).get('/remotes/storefront/412.0e1d2c3b.js').expect(200);
    expect(chunk.headers['cache-control']).toContain('immutable');
    await request(t.server).get('/remotes/seller-portal/remoteEntry.js').expect(200);
  });

  it('publishes the remote manifest', async () => {
    const res = await request(t.server).get('/remotes.json').expect(200);
    expect(res.body).toEqual({
      storefront: '/remotes/storefront/remoteEntry.js',
      sellerPortal: '/remotes/seller-portal/remoteEntry.js',
    });
    expect(res.headers['cache-control']).toBe('no-cache');
  });

  it('serves the pre-compressed variant a browser accepts, cached like the original', async () => {
    const br = await request(t.server)
      .get('/remotes/storefront/530.aa11bb22.js')
      .set('Accept-Encoding', 'br, gzip')
      .responseType('blob')
      .expect(200);
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    // supertest decodes the body, so this proves the brotli file is the original's encoding.
    expect((br.body as Buffer).toString()).toContain('carrots');
    const plain = await request(t.server)
      .get('/remotes/storefront/530.aa11bb22.js')
      .set('Accept-Encoding', 'identity');
    expect(plain.headers['content-encoding']).toBeUndefined();
  });

  it('compresses JSON answers for clients that accept it', async () => {
    const res = await request(t.server).get('/api/openapi.json').set('Accept-Encoding', 'gzip').expect(200);
    expect(res.headers['content-encoding']).toBe('gzip');
    expect(res.body.openapi).toMatch(/^3\./);
  });

  it('answers a missing asset with 404', async () => {
    await request(t.server).get('/remotes/storefront/missing.js').expect(404);
  });
});
