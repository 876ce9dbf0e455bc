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
 * The storefront's signed-in pages as its build marks them: `frame` pages rendered as their frame and skeleton,
 * for everyone alike; those marked `personal` rendered for a signed-in customer with their content.
 */
const ROUTES: PageRoute[] = [
  ...SHOP_ROUTES.filter((route) => route.path !== '/*'),
  // A page marked `frame` alone: its content is left to the browser for everyone.
  { path: '/lists', chunk: 'page-lists', serverRendered: true, frame: true },
  {
    path: '/favourites',
    chunk: 'page-favourites',
    serverRendered: true,
    frame: true,
    personal: true,
    query: ['diet'],
    data: ['/api/user/is-auth', '/api/user/favourites'],
  },
  { path: '/profile', chunk: 'page-profile', serverRendered: false },
  { path: '/*', chunk: 'page-not-found', serverRendered: false },
];

/**
 * Numbers each render and shows whom the API answered the render as, with that customer's basket, and whether
 * the server asked for the page for them alone (`personal`), as a storefront build that read the session would.
 */
const RENDER = `async ({ url, fetch, personal }) => {
  const n = ++renders;
  const answer = await (await fetch('http://larder.internal/api/user/is-auth')).json();
  const who = answer.success ? answer.user.email + ' basket ' + JSON.stringify(answer.user.cartItems) : 'nobody';
  const kind = personal ? 'their page' : 'the frame';
  return {
    html: '<header>Larder</header><main><div>render ' + n + '</div><p>' + who + ', ' + kind + ' of ' + url + '</p></main>',
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

  it('marked personal, come rendered for the customer with their content, never kept', async () => {
    const ann = await signInCustomer(t, { email: 'ann.frame@example.com' });

    const res = await page('/favourites?diet=vegan&utm=mail', ann).expect(200);
    expect(res.text).toContain('<div id="root" data-rendered="storefront"><header>Larder</header>');
    // As the API answers Ann, and for her alone; the filter is part of the page, other parameters not.
    expect(res.text).toContain(
      '<p>ann.frame@example.com basket {}, their page of /favourites?diet=vegan</p>',
    );
    expect(res.headers['cache-control']).toBe('no-store');
    // Its data is in the page: nothing is preloaded for the browser to ask again.
    expect(res.text).not.toContain('as="fetch"');

    const again = await page('/favourites', ann).expect(200);
    expect(renderNumber(again.text)).toBeGreaterThan(renderNumber(res.text)!);
  });

  it('not marked personal, come as their frame to customers and visitors alike', async () => {
    const eve = await signInCustomer(t, { email: 'eve.frame@example.com' });
    const forEve = await page('/lists', eve).expect(200);
    const forVisitor = await page('/lists').expect(200);
    expect(forEve.text).toContain('<p>nobody, the frame of /lists</p>');
    expect(renderNumber(forVisitor.text)).toBe(renderNumber(forEve.text));
    expect(forEve.headers['cache-control']).toBe('no-cache');
  });

  it("come to a visitor as their frame, kept once and sent to every visitor alike, never with a customer's data", async () => {
    const ben = await signInCustomer(t, { email: 'ben.frame@example.com' });

    const forVisitor = await page('/favourites').expect(200);
    const forNextVisitor = await page('/favourites?utm=mail').expect(200);
    expect(forVisitor.text).toContain('<p>nobody, the frame of /favourites</p>');
    expect(forVisitor.headers['cache-control']).toBe('no-cache');
    // One render, kept: the same page (and ETag); a query the page does not read is the same page.
    expect(renderNumber(forNextVisitor.text)).toBe(renderNumber(forVisitor.text));
    expect(forNextVisitor.headers.etag).toBe(forVisitor.headers.etag);

    // A customer never gets the kept frame, nor a visitor a customer's page.
    const forBen = await page('/favourites', ben).expect(200);
    expect(forBen.text).toContain('<p>ben.frame@example.com basket {}, their page of /favourites</p>');
    expect(renderNumber(forBen.text)).not.toBe(renderNumber(forVisitor.text));
    const afterBen = await page('/favourites').expect(200);
    expect(afterBen.text).not.toContain('ben.frame');
    expect(renderNumber(afterBen.text)).toBe(renderNumber(forVisitor.text));
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
