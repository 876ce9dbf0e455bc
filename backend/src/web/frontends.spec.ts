import zlib from 'node:zlib';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import request from 'supertest';
import { createTestApp, TestApp } from '../../test/harness';
import { SHOP_ROUTES, storefrontServerBuild } from '../../test/storefront-build';
import { ERROR_CODES } from '@larder/shared-domain';

/** A storefront federation manifest whose exposed routes need `syncChunk`. */
function storefrontManifest(syncChunk: string): string {
  return JSON.stringify({
    exposes: [
      {
        name: 'routes',
        assets: {
          js: {
            sync: [syncChunk, '__federation_expose_routes.761087cf.js'],
            async: ['page-home.89101f98.js', 'page-category.057e7d48.js', 'page-product.42a6d584.js'],
          },
          css: { sync: ['__federation_expose_routes.10d09d5b.css'], async: [] },
        },
      },
    ],
  });
}

/** The hrefs of a page's <link rel="preload" as="..."> tags. */
function preloads(html: string, as: 'script' | 'style'): string[] {
  return [...html.matchAll(new RegExp(`<link rel="preload" as="${as}" href="([^"]+)">`, 'g'))].map(
    (m) => m[1]!,
  );
}

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
    write('host-shell/dist/seller-sw.js', 'self.addEventListener("fetch", () => undefined);');
    write('host-shell/dist/offers/weekly', 'a file where a page path is');
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
    write(
      'host-shell/dist/index.html',
      '<!doctype html><html><head><title>Larder</title></head><body><div id="root"></div></body></html>',
    );
    write('storefront/dist/mf-manifest.json', storefrontManifest('914.0e1d2c3b.js'));
    // A storefront build that renders nothing on the server: its route table still names each page's chunk.
    write(
      'storefront/dist/server/remoteEntry.js',
      storefrontServerBuild(
        'async () => { throw new Error("not rendered on the server"); }',
        SHOP_ROUTES.map((route) => ({ ...route, serverRendered: false })),
      ),
    );
    write(
      'seller-portal/dist/mf-manifest.json',
      JSON.stringify({
        exposes: [{ name: 'routes', assets: { js: { sync: ['seller-routes.12345678.js'], async: [] } } }],
      }),
    );
    t = await createTestApp({
      staticDirs: {
        hostShell: path.join(root, 'host-shell/dist'),
        storefront: path.join(root, 'storefront/dist'),
        sellerPortal: path.join(root, 'seller-portal/dist'),
      },
      storefrontServerEntry: path.join(root, 'storefront/dist/server/remoteEntry.js'),
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

  it('answers a path without an extension with the page, without looking for such a file', async () => {
    const res = await request(t.server).get('/offers/weekly').set('Accept', 'text/html').expect(200);
    expect(res.text).toContain('<div id="root">');
    expect(res.text).not.toContain('a file where a page path is');
  });

  it("names a page's files up front: remote manifest, remote entry, exposed routes and page chunk", async () => {
    const res = await request(t.server).get('/products/dairy').set('Accept', 'text/html').expect(200);
    const head = res.text.slice(0, res.text.indexOf('</head>'));
    const inline = /<script type="application\/json" id="larder-remotes">([^<]*)<\/script>/.exec(head);
    expect(JSON.parse(inline![1]!)).toEqual({
      storefront: '/remotes/storefront/remoteEntry.js',
      sellerPortal: '/remotes/seller-portal/remoteEntry.js',
    });
    expect(preloads(head, 'script')).toEqual([
      '/remotes/storefront/remoteEntry.js',
      '/remotes/storefront/914.0e1d2c3b.js',
      '/remotes/storefront/__federation_expose_routes.761087cf.js',
      '/remotes/storefront/page-category.057e7d48.js',
    ]);
    expect(preloads(head, 'style')).toEqual(['/remotes/storefront/__federation_expose_routes.10d09d5b.css']);

    const home = await request(t.server).get('/').set('Accept', 'text/html').expect(200);
    expect(preloads(home.text, 'script')).toContain('/remotes/storefront/page-home.89101f98.js');
    expect(preloads(home.text, 'script')).not.toContain('/remotes/storefront/page-category.057e7d48.js');
    const product = await request(t.server)
      .get('/products/dairy/3f2a9c1b-0000-4000-8000-000000000000?ref=home')
      .set('Accept', 'text/html')
      .expect(200);
    expect(preloads(product.text, 'script')).toContain('/remotes/storefront/page-product.42a6d584.js');
  });

  it("names the seller portal's files on seller pages, not the storefront's", async () => {
    const res = await request(t.server).get('/seller/orders').set('Accept', 'text/html').expect(200);
    const scripts = preloads(res.text, 'script');
    expect(scripts).toContain('/remotes/seller-portal/remoteEntry.js');
    expect(scripts).toContain('/remotes/seller-portal/seller-routes.12345678.js');
    expect(scripts.some((href) => href.startsWith('/remotes/storefront/'))).toBe(false);
  });

  it("picks up a new deploy of a remote without a restart: the page names the new build's chunks", async () => {
    const file = path.join(root, 'storefront/dist/mf-manifest.json');
    fs.writeFileSync(file, storefrontManifest('914.99887766.js'));
    // A new file: a different modification time even on file systems with coarse timestamps.
    const later = new Date(Date.now() + 5_000);
    fs.utimesSync(file, later, later);
    const res = await request(t.server).get('/').set('Accept', 'text/html').expect(200);
    expect(preloads(res.text, 'script')).toContain('/remotes/storefront/914.99887766.js');
    expect(preloads(res.text, 'script')).not.toContain('/remotes/storefront/914.0e1d2c3b.js');
  });

  it('answers a GET outside /api with the page whatever it accepts, as curl, crawlers and monitors ask', async () => {
    const asked: Array<[string, string | undefined]> = [
      ['/', '*/*'],
      ['/seller/orders', '*/*'],
      ['/account', undefined],
      ['/products/dairy', 'application/json'],
    ];
    for (const [url, accept] of asked) {
      const req = request(t.server).get(url);
      if (accept) req.set('Accept', accept);
      const res = await req.expect(200);
      expect(`${url} ${res.headers['content-type']}`).toBe(`${url} text/html; charset=utf-8`);
      expect(res.text).toContain('<div id="root"');
      expect(res.headers['content-security-policy']).toContain("frame-ancestors 'self'");
    }
    const head = await request(t.server).head('/seller/orders').expect(200);
    expect(head.headers['content-type']).toMatch(/^text\/html/);
  });

  it('answers JSON 404s under /api and for anything but a GET, whatever the client accepts', async () => {
    for (const accept of ['*/*', 'text/html']) {
      const res = await request(t.server).get('/api/nothing').set('Accept', accept).expect(404);
      expect(res.body).toEqual({ success: false, message: 'Not found', code: ERROR_CODES.NOT_FOUND });
    }
    const post = await request(t.server)
      .post('/seller/orders')
      .set('Accept', 'text/html')
      .send({})
      .expect(404);
    expect(post.body.success).toBe(false);
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

  it('serves the seller service worker as a script, never kept, that may control /seller/ pages only', async () => {
    const worker = await request(t.server).get('/seller-sw.js').expect(200);
    expect(worker.headers['content-type']).toMatch(/^(application|text)\/javascript/);
    expect(worker.headers['cache-control']).toBe('no-cache');
    expect(worker.headers['service-worker-allowed']).toBe('/seller/');
    // A seller page may register it: workers fall back to script-src, which allows this origin.
    const page = await request(t.server).get('/seller/run').set('Accept', 'text/html').expect(200);
    const csp = String(page.headers['content-security-policy']);
    expect(csp).toContain("script-src 'self'");
    expect(csp).not.toMatch(/worker-src|child-src/);
    // Any other script keeps the default: no widening of a worker's scope.
    const asset = await request(t.server).get('/main.3f2a9c1b.js').expect(200);
    expect(asset.headers['service-worker-allowed']).toBeUndefined();
  });

  it("sends a file's own headers with scripts, and the document's with pages and the API", async () => {
    const chunk = await request(t.server).get('/remotes/storefront/412.0e1d2c3b.js').expect(200);
    expect(chunk.headers['x-content-type-options']).toBe('nosniff');
    expect(chunk.headers['cross-origin-resource-policy']).toBe('same-site');
    expect(chunk.headers['etag']).toBeDefined();
    for (const documentOnly of [
      'content-security-policy',
      'x-frame-options',
      'referrer-policy',
      'last-modified',
    ])
      expect(chunk.headers[documentOnly]).toBeUndefined();
    const page = await request(t.server).get('/products/dairy').set('Accept', 'text/html').expect(200);
    expect(page.headers['content-security-policy']).toContain("script-src 'self'");
    expect(page.headers['x-frame-options']).toBe('SAMEORIGIN');
    // A page whose path ends like a file is still a page, and keeps the document's headers.
    const lookalike = await request(t.server).get('/products/x/y.png').set('Accept', 'text/html');
    expect(lookalike.headers['content-type']).toMatch(/^text\/html/);
    expect(lookalike.headers['content-security-policy']).toContain("frame-ancestors 'self'");
    expect(lookalike.headers['x-frame-options']).toBe('SAMEORIGIN');
    // A path under /api/ that looks like a file is still an API answer.
    const api = await request(t.server).get('/api/nothing.js').expect(404);
    expect(api.headers['content-security-policy']).toContain("default-src 'self'");
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
