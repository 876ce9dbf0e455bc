import fs from 'node:fs';
import path from 'node:path';
import { matchRoutes, type RouteObject } from 'react-router-dom';
import { pageRouteMatcher } from '@larder/shared-domain';
import { STOREFRONT_ROUTES } from './routes';

describe('the route table the API reads', () => {
  it("names each page's chunk as webpack names it (its import's webpackChunkName)", () => {
    const source = fs.readFileSync(path.join(__dirname, 'routes.tsx'), 'utf8');
    const calls = source.match(/\blazyPage\(/g) ?? [];
    const named = [
      ...source.matchAll(
        /\blazyPage\(\s*'([^']+)',\s*\(\)\s*=>\s*import\(\s*\/\*\s*webpackChunkName:\s*"([^"]+)"\s*\*\//g,
      ),
    ];
    // Every page is written the one way this test reads, so none escapes the check.
    expect(named).toHaveLength(calls.length);
    for (const [, chunk, webpackChunkName] of named) expect(chunk).toBe(webpackChunkName);
    const chunks = new Set(named.map(([, chunk]) => chunk));
    for (const route of STOREFRONT_ROUTES) expect(chunks).toContain(route.chunk);
  });

  it('has the shop pages rendered on the server, the signed-in pages as their frame, the others in the browser', () => {
    const serverRendered = STOREFRONT_ROUTES.filter((route) => route.serverRendered && !route.frame).map(
      (route) => route.path,
    );
    expect(serverRendered).toEqual([
      '/',
      '/home',
      '/products',
      '/products/:category',
      '/products/:category/:id',
    ]);
    const frames = STOREFRONT_ROUTES.filter((route) => route.frame);
    expect(frames.map((route) => route.path)).toEqual(['/cart', '/my-orders', '/favourites', '/usuals']);
    for (const route of frames) expect(route.serverRendered).toBe(true);
    // Rendered for a signed-in customer with their content (the frame is a visitor's).
    expect(frames.filter((route) => route.personal).map((route) => route.path)).toEqual([
      '/cart',
      '/my-orders',
      '/favourites',
      '/usuals',
    ]);
    // The basket's chosen address is part of its page.
    expect(frames[0].query).toEqual(['address']);
    expect(STOREFRONT_ROUTES.at(-1)).toEqual({ path: '/*', chunk: 'page-not-found', serverRendered: false });
  });

  it("is read by the API's matcher as react-router routes the browser", () => {
    // The routes as StorefrontRoutes builds them: children of a layout route, `/` its index.
    const routes: RouteObject[] = [
      {
        children: STOREFRONT_ROUTES.map((route) =>
          route.path === '/'
            ? { index: true, id: route.path }
            : { path: route.path.slice(1), id: route.path },
        ),
      },
    ];
    const browser = (pathname: string) => matchRoutes(routes, pathname)?.at(-1)?.route.id;
    const server = pageRouteMatcher(STOREFRONT_ROUTES);
    const samples = [
      ...STOREFRONT_ROUTES.map((route) => route.path.replace(/:[\w-]+/g, 'dairy').replace('*', 'a/b')),
      '/products/',
      '/Products/Dairy',
      '/products/dairy/3f2a9c1b/more',
      '/home/',
      '/cart/extra',
      '/seller',
      '//',
    ];
    for (const pathname of samples) {
      expect(`${pathname} ${server(pathname)?.path}`).toBe(`${pathname} ${browser(pathname)}`);
    }
  });
});
