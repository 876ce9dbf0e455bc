/**
 * A storefront Node build as the API loads it (../src/web/server-render.ts), for the tests of the pages it
 * renders: a CommonJS federation container (`init`, `get`) exposing `./server` with the storefront's route
 * table and a `renderPage`. A test writes it as storefront/dist/server/remoteEntry.js; each write is a new
 * deploy of the storefront.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { PageRoute } from '@larder/shared-domain';

/** The storefront's routes as its build declares them (storefront/src/routes.tsx), shortened. */
export const SHOP_ROUTES: PageRoute[] = [
  { path: '/', chunk: 'page-home', serverRendered: true },
  { path: '/home', chunk: 'page-home', serverRendered: true },
  { path: '/products', chunk: 'page-products', serverRendered: true, query: ['q', 'freeFrom', 'diet'] },
  { path: '/products/:category', chunk: 'page-category', serverRendered: true, query: ['freeFrom', 'diet'] },
  { path: '/products/:category/:id', chunk: 'page-product', serverRendered: true },
  { path: '/cart', chunk: 'page-cart', serverRendered: false },
  { path: '/contact-us', chunk: 'page-contact', serverRendered: false },
  { path: '/*', chunk: 'page-not-found', serverRendered: false },
];

/**
 * The container's source: `render` is the source of its renderPage (which may count its calls in `renders`),
 * `routes` its route table (`null` for a build that has none).
 */
export function storefrontServerBuild(render: string, routes: PageRoute[] | null = SHOP_ROUTES): string {
  return `
let renders = 0;
const server = { routes: ${JSON.stringify(routes ?? undefined) ?? 'undefined'}, renderPage: ${render} };
module.exports = {
  init() {},
  get(name) {
    if (name !== './server') return Promise.reject(new Error('no module ' + name));
    return Promise.resolve(() => server);
  },
};`;
}

/**
 * A new folder laid out as the built shop is (host-shell/dist with the host page `hostHtml`, and each remote's
 * remoteEntry.js), with any further `files` (path in the folder: contents). The caller removes it.
 */
export function builtShopFolder(
  prefix: string,
  hostHtml: string,
  files: Record<string, string> = {},
): string {
  const root = fs.mkdtempSync(path.join(os.tmpdir(), prefix));
  const all: Record<string, string> = {
    'host-shell/dist/index.html': hostHtml,
    'storefront/dist/remoteEntry.js': 'var storefront;',
    'seller-portal/dist/remoteEntry.js': 'var sellerPortal;',
    ...files,
  };
  for (const [file, text] of Object.entries(all)) {
    fs.mkdirSync(path.dirname(path.join(root, file)), { recursive: true });
    fs.writeFileSync(path.join(root, file), text);
  }
  return root;
}

/** Where the app finds the built shop of a `builtShopFolder`: its static folders and the storefront's Node build. */
export function builtShopDirs(root: string) {
  return {
    staticDirs: {
      hostShell: path.join(root, 'host-shell/dist'),
      storefront: path.join(root, 'storefront/dist'),
      sellerPortal: path.join(root, 'seller-portal/dist'),
    },
    storefrontServerEntry: path.join(root, 'storefront/dist/server/remoteEntry.js'),
  };
}
