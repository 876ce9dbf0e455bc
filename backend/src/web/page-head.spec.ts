import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { pageRouteMatcher } from '@larder/shared-domain';
import { jsonForHtml, pageHeadTags } from './page-head';

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
});
