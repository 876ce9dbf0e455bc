import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { jsonForHtml, pageHeadTags, storefrontPageChunk } from './page-head';

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

  it("maps the shop's main paths to their page chunks", () => {
    expect(storefrontPageChunk('/')).toBe('page-home');
    expect(storefrontPageChunk('/home')).toBe('page-home');
    expect(storefrontPageChunk('/products')).toBe('page-products');
    expect(storefrontPageChunk('/products/dairy')).toBe('page-category');
    expect(storefrontPageChunk('/products/dairy/abc')).toBe('page-product');
    expect(storefrontPageChunk('/nowhere/at/all')).toBeUndefined();
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
