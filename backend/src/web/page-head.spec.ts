import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { pageRouteMatcher } from '@larder/shared-domain';
import { jsonForHtml, pageHeadTags, withRenderedPage } from './page-head';

describe('page head', () => {
  it('writes JSON that cannot end the <script> element it sits in', () => {
    const text = jsonForHtml({ name: '</script><script>alert(1)</script>', and: 'a & b', line: '\u2028' });
    expect(text).not.toMatch(/[<>&\u2028]/);
    expect(JSON.parse(text)).toEqual({
      name: '</script><script>alert(1)</script>',
      and: 'a & b',
      line: '\u2028',
    });
  });

  it("names the chunk of the page the storefront's route table gives a path, and none without the table", () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'larder-head-'));
    try {
      const pages = ['page-home.89101f98.js', 'page-cart.42a6d584.js', 'page-not-found.057e7d48.js'];
      fs.writeFileSync(
        path.join(dir, 'mf-manifest.json'),
        JSON.stringify({ exposes: [{ name: 'routes', assets: { js: { sync: [], async: pages } } }] }),
      );
      const storefrontRoutes = pageRouteMatcher([
        { path: '/', chunk: 'page-home', serverRendered: true },
        { path: '/cart', chunk: 'page-cart', serverRendered: false },
        { path: '/*', chunk: 'page-not-found', serverRendered: false },
      ]);
      const head = (pathname: string, routes: typeof storefrontRoutes | undefined) =>
        pageHeadTags({
          pathname,
          remotes: { storefront: '/remotes/storefront/remoteEntry.js', sellerPortal: '' },
          dirs: { storefront: dir, sellerPortal: dir },
          storefrontRoutes: routes,
        });
      const named = (pathname: string, routes: typeof storefrontRoutes | undefined = storefrontRoutes) =>
        pages.filter((file) => head(pathname, routes).includes(`/remotes/storefront/${file}`));
      expect(named('/')).toEqual(['page-home.89101f98.js']);
      expect(named('/cart')).toEqual(['page-cart.42a6d584.js']);
      expect(named('/nowhere/at/all')).toEqual(['page-not-found.057e7d48.js']);
      expect(named('/seller/orders')).toEqual([]);
      // No server build has loaded: the page's chunk is left for the browser to find.
      expect(pages.filter((file) => head('/', undefined).includes(file))).toEqual([]);
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });

  it("preloads the API reads a route names, as the shop's client fetches them (with cookies), unless the page comes with them", () => {
    const storefrontRoutes = pageRouteMatcher([
      { path: '/', chunk: 'page-home', serverRendered: true },
      {
        path: '/favourites',
        chunk: 'page-favourites',
        serverRendered: true,
        frame: true,
        data: ['/api/user/is-auth', '/api/user/favourites'],
      },
      { path: '/*', chunk: 'page-not-found', serverRendered: false },
    ]);
    const head = (pathname: string, preloadData: boolean) =>
      pageHeadTags({
        pathname,
        remotes: { storefront: '/remotes/storefront/remoteEntry.js', sellerPortal: '' },
        dirs: { storefront: '/nowhere', sellerPortal: '/nowhere' },
        storefrontRoutes,
        rendered: true,
        preloadData,
      });
    const fetched = (pathname: string, preloadData = true) =>
      [
        ...head(pathname, preloadData).matchAll(
          /<link rel="preload" as="fetch" href="([^"]+)" crossorigin="use-credentials">/g,
        ),
      ].map((match) => match[1]);
    expect(fetched('/favourites')).toEqual(['/api/user/is-auth', '/api/user/favourites']);
    expect(fetched('/')).toEqual([]);
    expect(fetched('/seller/favourites')).toEqual([]);
    // Rendered for the customer, the page has its data in its state.
    expect(fetched('/favourites', false)).toEqual([]);
  });

  it('names only the entry of a remote served from elsewhere, not the files of a local build', () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'larder-head-'));
    try {
      fs.writeFileSync(
        path.join(dir, 'mf-manifest.json'),
        JSON.stringify({ exposes: [{ name: 'routes', assets: { js: { sync: ['914.0e1d2c3b.js'] } } }] }),
      );
      const remotes = {
        storefront: 'https://shop-cdn.example/storefront/remoteEntry.js',
        sellerPortal: '/remotes/seller-portal/remoteEntry.js',
      };
      const elsewhere = pageHeadTags({
        pathname: '/',
        remotes,
        dirs: { storefront: dir, sellerPortal: dir },
      });
      expect(elsewhere).toContain(
        '<link rel="preload" as="script" href="https://shop-cdn.example/storefront/remoteEntry.js">',
      );
      expect(elsewhere).not.toContain('914.0e1d2c3b.js');
      const here = pageHeadTags({
        pathname: '/seller',
        remotes,
        dirs: { storefront: dir, sellerPortal: dir },
      });
      expect(here).toContain('/remotes/seller-portal/914.0e1d2c3b.js');
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });

  it("puts the host's and the storefront's style sheets in a rendered page, named as their loaders know them", () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'larder-head-'));
    try {
      const host = path.join(dir, 'host');
      const storefront = path.join(dir, 'storefront');
      fs.mkdirSync(host);
      fs.mkdirSync(storefront);
      fs.writeFileSync(path.join(host, 'bootstrap.1a2b.css'), 'body{color:#111}');
      fs.writeFileSync(path.join(host, 'fonts.3c4d.css'), '@font-face{src:url(fonts/inter.woff2)}');
      fs.writeFileSync(path.join(storefront, 'routes.5e6f.css'), '.card{padding:1rem}');
      fs.writeFileSync(
        path.join(storefront, 'mf-manifest.json'),
        JSON.stringify({ exposes: [{ name: 'routes', assets: { css: { sync: ['routes.5e6f.css'] } } }] }),
      );
      const indexHtml =
        '<html><head><link rel="stylesheet" href="/bootstrap.1a2b.css"><link rel="stylesheet" href="/fonts.3c4d.css">' +
        '</head><body><div id="root"></div></body></html>';
      const input = {
        pathname: '/',
        remotes: { storefront: '/remotes/storefront/remoteEntry.js', sellerPortal: '' },
        dirs: { hostShell: host, storefront, sellerPortal: storefront },
      };
      const page = { html: '<h1>Larder</h1>', state: {} };

      const inline = withRenderedPage(indexHtml, input, page)!;
      expect(inline).toContain('<style data-href="/bootstrap.1a2b.css">body{color:#111}</style>');
      expect(inline).toContain('<style data-href="routes.5e6f.css">.card{padding:1rem}</style>');
      // Fetched when the page is idle, for the pages rendered in the browser, which link them.
      expect(inline).toContain('<link rel="prefetch" as="style" href="/bootstrap.1a2b.css">');
      expect(inline).toContain('<link rel="prefetch" as="style" href="/remotes/storefront/routes.5e6f.css">');
      // Its relative URL would resolve against the page: it stays a link.
      expect(inline).toContain('<link rel="stylesheet" href="/fonts.3c4d.css">');
      expect(inline.indexOf('bootstrap.1a2b.css')).toBeLessThan(inline.indexOf('routes.5e6f.css'));
      expect(inline).not.toContain('<link rel="stylesheet" href="/bootstrap.1a2b.css">');
      expect(inline).not.toContain('<link rel="stylesheet" href="/remotes/storefront/routes.5e6f.css">');
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });

  it("asks for the page's main picture first: its preload moves from the rendered markup to the head's start", () => {
    const indexHtml =
      '<!doctype html><html><head><meta charset="utf-8"/><title>Larder</title>' +
      '<script defer="defer" src="/main.1a2b.js"></script><link rel="preload" as="script" href="/bootstrap.3c4d.js">' +
      '</head><body><div id="root"></div></body></html>';
    const input = {
      pathname: '/products/vegetables',
      remotes: { storefront: '', sellerPortal: '' },
      dirs: { storefront: os.tmpdir(), sellerPortal: os.tmpdir() },
    };
    const main =
      '<link rel="preload" as="image" imageSrcSet="/uploads/products/carrots-400.webp 400w, /uploads/products/carrots.webp 800w" imageSizes="45vw" fetchPriority="high"/>';
    const other =
      '<link rel="preload" as="image" imageSrcSet="/uploads/products/leeks-400.webp 400w" imageSizes="45vw"/>';
    const page = {
      html: `${main}${other}<h1>Vegetables</h1><img src="/uploads/products/carrots-400.webp">`,
      state: {},
    };

    const html = withRenderedPage(indexHtml, input, page)!;
    expect(html.split(main)).toHaveLength(2);
    expect(html.indexOf(main)).toBeGreaterThan(html.indexOf('<title>'));
    expect(html.indexOf(main)).toBeLessThan(html.indexOf('<script defer="defer" src="/main.1a2b.js">'));
    expect(html).toContain(`<div id="root" data-rendered="storefront">${other}<h1>Vegetables</h1>`);

    // A page without a main picture is left as rendered.
    const plain = withRenderedPage(indexHtml, input, { html: `${other}<h1>Offers</h1>`, state: {} })!;
    expect(plain).toContain(`<div id="root" data-rendered="storefront">${other}<h1>Offers</h1>`);
    expect(plain.indexOf('<title>')).toBeLessThan(plain.indexOf('<script defer'));
  });
});
