import fs from 'node:fs';
import request from 'supertest';
import type { PageRoute } from '@larder/shared-domain';
import { signInCustomer } from '../../test/auth-helpers';
import { createTestApp, TestApp } from '../../test/harness';
import {
  builtShopDirs,
  builtShopFolder,
  SHOP_ROUTES,
  storefrontServerBuild,
} from '../../test/storefront-build';

/**
 * The storefront's signed-in pages as its build marks them: rendered on the server as their frame and skeleton.
 */
const ROUTES: PageRoute[] = [
  ...SHOP_ROUTES.filter((route) => route.path !== '/cart' && route.path !== '/*'),
  { path: '/cart', chunk: 'page-cart', serverRendered: true, frame: true },
  { path: '/favourites', chunk: 'page-favourites', serverRendered: true, frame: true, query: ['diet'] },
  { path: '/profile', chunk: 'page-profile', serverRendered: false },
  { path: '/*', chunk: 'page-not-found', serverRendered: false },
];

/**
 * Numbers each render and shows whom the API answered the render as, with that customer's basket, as a
 * storefront build that read the session would show them.
 */
const RENDER = `async ({ url, fetch }) => {
  const n = ++renders;
  const answer = await (await fetch('http://larder.internal/api/user/is-auth')).json();
  const who = answer.success ? answer.user.email + ' basket ' + JSON.stringify(answer.user.cartItems) : 'nobody';
  return {
    html: '<header>Larder</header><main><div aria-busy="true">render ' + n + '</div><p>' + who + '</p></main>',
    state: { who },
  };
}`;

function renderNumber(html: string): number | undefined {
  const n = /render (\d+)</.exec(html)?.[1];
  return n === undefined ? undefined : Number(n);
}

describe("a signed-in customer's own pages", () => {
  let t: TestApp;
  let root: string;

  const page = (url: string, cookie?: string) => {
    const req = request(t.server).get(url).set('accept', 'text/html');
    return cookie ? req.set('Cookie', cookie) : req;
  };

  beforeAll(async () => {
    root = builtShopFolder(
      'larder-signed-in-pages-',
      '<!doctype html><html><head><title>Larder</title></head>' +
        '<body><div id="root"><p role="status">Loading Larder…</p></div></body></html>',
      { 'storefront/dist/server/remoteEntry.js': storefrontServerBuild(RENDER, ROUTES) },
    );
    t = await createTestApp({
      seed: true,
      ...builtShopDirs(root),
      ssrBuildCheckMs: 0,
    });
  });
  afterAll(async () => {
    await t?.close();
    fs.rmSync(root, { recursive: true, force: true });
  });

  it('come with their frame and skeleton, rendered as no one, whoever asks', async () => {
    const ann = await signInCustomer(t, { email: 'ann.frame@example.com' });

    const res = await page('/cart', ann).expect(200);
    expect(res.text).toContain('<div id="root" data-rendered="storefront"><header>Larder</header>');
    expect(res.text).toContain('<div aria-busy="true">render ');
    expect(res.text).toContain('<p>nobody</p>');
    expect(res.text).not.toContain('ann.frame@example.com');
  });

  it("are kept once and sent to every customer alike, never with one customer's data", async () => {
    const ben = await signInCustomer(t, { email: 'ben.frame@example.com' });
    const cara = await signInCustomer(t, { email: 'cara.frame@example.com' });

    const forBen = await page('/favourites', ben).expect(200);
    const forCara = await page('/favourites', cara).expect(200);
    const forVisitor = await page('/favourites').expect(200);
    // One render, kept: the same page (and ETag) for two customers and a visitor.
    expect(renderNumber(forCara.text)).toBe(renderNumber(forBen.text));
    expect(renderNumber(forVisitor.text)).toBe(renderNumber(forBen.text));
    expect(forCara.headers.etag).toBe(forBen.headers.etag);
    for (const res of [forBen, forCara, forVisitor]) {
      expect(res.text).toContain('<p>nobody</p>');
      expect(res.text).not.toMatch(/ben\.frame|cara\.frame/);
      expect(res.headers['cache-control']).toBe('no-cache');
    }
    // A query the page does not read is the same page.
    expect(renderNumber((await page('/favourites?utm=mail', cara).expect(200)).text)).toBe(
      renderNumber(forBen.text),
    );
  });

  it('leave the other pages as they were: a public page is rendered for the customer alone, not kept', async () => {
    const dan = await signInCustomer(t, { email: 'dan.frame@example.com' });
    const home = await page('/home', dan).expect(200);
    expect(home.text).toContain('dan.frame@example.com');
    expect(home.headers['cache-control']).toBe('no-store');
    const again = await page('/home', dan).expect(200);
    expect(renderNumber(again.text)).toBeGreaterThan(renderNumber(home.text)!);

    // A page the browser renders stays so.
    const profile = await page('/profile', dan).expect(200);
    expect(profile.text).toContain('<div id="root"><p role="status">Loading Larder…</p></div>');
  });
});
