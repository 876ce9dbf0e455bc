import fs from 'node:fs';
import path from 'node:path';
import request from 'supertest';
import { signInCustomer } from '../../test/auth-helpers';
import { createTestApp, TestApp } from '../../test/harness';
import {
  builtShopDirs,
  builtShopFolder,
  SHOP_ROUTES,
  storefrontServerBuild,
} from '../../test/storefront-build';

/** Renders the session, the catalogue's size and the page's path, as fetched through the given fetch. */
const RENDER_WITH_DATA = `async ({ url, fetch }) => {
  const origin = 'http://larder.internal';
  const session = await fetch(origin + '/api/user/is-auth');
  const signedIn = (await session.json()).success;
  const list = await (await fetch(origin + '/api/product/list')).json();
  const post = await fetch(origin + '/api/cart/update', { method: 'POST', body: '{}' });
  return {
    html: '<h1>Page ' + url + '</h1><p>' + list.products.length + ' products</p><p>session ' + session.status + ' ' + signedIn + '</p><p>post ' + post.status + '</p>',
    state: { api: { note: '</script><script>alert(1)</script>' }, cart: { items: {} } },
  };
}`;

function rootOf(html: string): string {
  const start = html.indexOf('<div id="root"');
  return html.slice(start, html.indexOf('</div>', start) + 6);
}

describe('shop pages rendered on the server', () => {
  let t: TestApp;
  let root: string;
  let entry: string;

  /** Writes a new build of the storefront's server container (a later modification time each time). */
  const deploy = (source: string) => {
    fs.writeFileSync(entry, source);
    const later = new Date(Date.now() + 5_000 * deploys++);
    fs.utimesSync(entry, later, later);
  };
  let deploys = 1;

  const page = (url: string, cookie?: string) => {
    const req = request(t.server).get(url).set('Accept', 'text/html');
    return cookie ? req.set('Cookie', cookie) : req;
  };

  beforeAll(async () => {
    root = builtShopFolder(
      'larder-ssr-',
      '<!doctype html><html><head><title>Larder</title><link rel="preload" as="style" href="/bootstrap.1a2b3c4d.css"></head>' +
        '<body><div id="root"><p role="status">Loading Larder…</p></div><noscript>Larder needs JavaScript to run in your browser.</noscript></body></html>',
    );
    entry = path.join(root, 'storefront/dist/server/remoteEntry.js');
    fs.mkdirSync(path.dirname(entry), { recursive: true });
    deploy(storefrontServerBuild(RENDER_WITH_DATA));
    t = await createTestApp(
      {
        seed: true,
        ...builtShopDirs(root),
        storefrontServerEntry: entry,
        // Each test deploys a build and asks for a page at once.
        ssrBuildCheckMs: 0,
      },
      {},
    );
  });
  afterAll(async () => {
    await t.close();
    fs.rmSync(root, { recursive: true, force: true });
  });

  it('renders home, all products, a category and a product page into the host page', async () => {
    const listed = (await request(t.server).get('/api/product/list').expect(200)).body.products.length;
    expect(listed).toBeGreaterThan(0);
    for (const url of ['/', '/home', '/products', '/products/dairy', '/products/dairy/some-id?ref=home']) {
      const res = await page(url).expect(200);
      // A product page reads no query parameter: it is rendered from its path alone.
      const rendered = url.replace('?ref=home', '');
      expect(rootOf(res.text)).toBe(
        `<div id="root" data-rendered="storefront"><h1>Page ${rendered}</h1><p>${listed} products</p>` +
          '<p>session 200 false</p><p>post 405</p></div>',
      );
      // Readable without scripts: no "needs JavaScript" notice, the host's styles applied before the first paint.
      expect(res.text).not.toContain('<noscript>');
      expect(res.text).toContain('<link rel="stylesheet" href="/bootstrap.1a2b3c4d.css">');
      expect(res.headers['cache-control']).toBe('no-cache');
      expect(res.headers.vary).toMatch(/cookie/i);
    }
  });

  it('hands the state it rendered with to the browser as JSON that cannot end the script', async () => {
    const res = await page('/products').expect(200);
    const json = /<script type="application\/json" id="larder-state">([^<]*)<\/script>/.exec(res.text);
    expect(JSON.parse(json![1]!)).toEqual({
      api: { note: '</script><script>alert(1)</script>' },
      cart: { items: {} },
    });
    expect(res.text).not.toContain('<script>alert(1)');
  });

  it("fetches the page's data as the visitor, and keeps a signed-in visitor's page out of every cache", async () => {
    const cookie = await signInCustomer(t, { email: 'ssr@example.com' });
    const res = await page('/', cookie).expect(200);
    expect(rootOf(res.text)).toContain('<p>session 200 true</p>');
    expect(res.headers['cache-control']).toBe('no-store');
  });

  it('leaves other pages as before, and answers every client with the page', async () => {
    const cart = await page('/cart').expect(200);
    expect(rootOf(cart.text)).toBe('<div id="root"><p role="status">Loading Larder…</p></div>');
    expect(cart.text).toContain('<noscript>');
    // Whatever the client accepts, a page's address answers the page (only /api answers JSON).
    const asJson = await request(t.server).get('/products').set('Accept', 'application/json').expect(200);
    expect(asJson.headers['content-type']).toBe('text/html; charset=utf-8');
  });

  it("renders the pages the storefront's route table marks, and follows the table a new build brings", async () => {
    const clientRendered = '<div id="root"><p role="status">Loading Larder…</p></div>';
    const render = `async ({ url }) => ({ html: '<h1>Rendered ' + url + '</h1>', state: {} })`;
    deploy(storefrontServerBuild(render));
    expect(rootOf((await page('/products/dairy').expect(200)).text)).toContain('data-rendered="storefront"');
    for (const url of ['/cart', '/contact-us', '/no-such-page', '/seller/orders']) {
      expect(`${url} ${rootOf((await page(url).expect(200)).text)}`).toBe(`${url} ${clientRendered}`);
    }

    // A build that renders the cart on the server and leaves all products to the browser.
    deploy(
      storefrontServerBuild(
        render,
        SHOP_ROUTES.map((route) =>
          route.path === '/cart' || route.path === '/products'
            ? { ...route, serverRendered: route.path === '/cart' }
            : route,
        ),
      ),
    );
    expect(rootOf((await page('/cart').expect(200)).text)).toBe(
      '<div id="root" data-rendered="storefront"><h1>Rendered /cart</h1></div>',
    );
    expect(rootOf((await page('/products').expect(200)).text)).toBe(clientRendered);
    expect(rootOf((await page('/products/dairy').expect(200)).text)).toContain('data-rendered="storefront"');

    // A build without a route table renders nothing on the server.
    deploy(storefrontServerBuild(render, null));
    expect(rootOf((await page('/products/dairy').expect(200)).text)).toBe(clientRendered);
    deploy(storefrontServerBuild(RENDER_WITH_DATA));
  });

  it('never serves the Node build to browsers, nor a federation stats file naming the build machine', async () => {
    await request(t.server).get('/remotes/storefront/server/remoteEntry.js').expect(404);
    fs.writeFileSync(
      path.join(root, 'storefront/dist/mf-manifest-stats.json'),
      '{"path":"/home/builder/larder"}',
    );
    await request(t.server).get('/remotes/storefront/mf-manifest-stats.json').expect(404);
  });

  it('picks up a new storefront build without a restart', async () => {
    deploy(
      storefrontServerBuild(`async ({ url }) => ({ html: '<h1>New build ' + url + '</h1>', state: {} })`),
    );
    const res = await page('/products').expect(200);
    expect(rootOf(res.text)).toBe(
      '<div id="root" data-rendered="storefront"><h1>New build /products</h1></div>',
    );
  });

  it('falls back to the page rendered in the browser when the build fails to load or to render', async () => {
    const clientRendered = '<div id="root"><p role="status">Loading Larder…</p></div>';

    deploy('throw new Error("broken build");');
    const broken = await page('/').expect(200);
    expect(rootOf(broken.text)).toBe(clientRendered);
    expect(broken.text).toContain('<noscript>');
    expect(broken.text).not.toContain('id="larder-state"');

    deploy(storefrontServerBuild(`async () => { throw new Error('render failed'); }`));
    expect(rootOf((await page('/products').expect(200)).text)).toBe(clientRendered);

    fs.rmSync(entry);
    expect(rootOf((await page('/products/dairy').expect(200)).text)).toBe(clientRendered);

    deploy(storefrontServerBuild(`async () => ({ html: '<h1>Back</h1>', state: {} })`));
    expect(rootOf((await page('/').expect(200)).text)).toBe(
      '<div id="root" data-rendered="storefront"><h1>Back</h1></div>',
    );
  });
});
