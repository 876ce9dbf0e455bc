// A smoke of the built shop on whichever Node.js runs this script (CI runs it on the machine's own, older Node.js,
// which is no longer supported: see the README): the API starts on a throw-away seeded database and serves its
// health, the product list and the home page. Exits non-zero, saying what failed, otherwise prints what answered.
import path from 'node:path';
import { root, startBackend } from './lib/built-shop.mjs';

const dist = (app) => path.join(root, app, 'dist');
const started = Date.now();
const shop = await startBackend(
  { hostShell: dist('host-shell'), storefront: dist('storefront'), sellerPortal: dist('seller-portal') },
  { SEED: 'true', DATABASE_URL: '', REDIS_URL: '', GOOGLE_CLIENT_ID: '' },
);
try {
  const products = await fetch(`${shop.origin}/api/product/list`).then((r) => r.json());
  if (products.success !== true || !Array.isArray(products.products) || products.products.length === 0) {
    throw new Error(`GET /api/product/list answered ${JSON.stringify(products).slice(0, 200)}`);
  }
  const home = await fetch(`${shop.origin}/`);
  const html = await home.text();
  if (home.status !== 200 || !html.includes('<main')) throw new Error(`GET / answered ${home.status}`);
  console.log(
    `Smoke on Node.js ${process.versions.node}: the shop started and answered its health, ` +
      `${products.products.length} products and the home page in ${((Date.now() - started) / 1000).toFixed(1)} s`,
  );
} finally {
  await shop.stop();
}
