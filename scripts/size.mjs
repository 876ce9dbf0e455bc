#!/usr/bin/env node
/*
 * `npm run size`: builds the three frontends for production and prints the gzip bytes of the JavaScript
 * and CSS that a shopper's browser loads for the home page and for a product page (each a cold visit).
 *
 * The pages are loaded in Chromium (playwright-core + Debian's /usr/bin/chromium) from the built files
 * served by the backend (backend/dist/app/main.js, on a free port with a throw-away seeded database), so the
 * count is exactly what the browser asked for: the host's index.html assets, /remotes.json, the
 * storefront's remoteEntry.js and the chunks the route pulls in. When the backend is not built, a small
 * static server stands in (API calls then fail and the product page is a made-up id).
 *
 * Options:
 *   --no-build         measure the existing dist folders
 *   --out=<dir>        build into <dir>/<app> instead of <app>/dist, and measure those files
 *   --url=<origin>     measure a shop that is already running (implies --no-build)
 *   --json             print the figures as JSON
 *   --files            list every file with its size
 * Bytes are gzip level 6 (zlib's default, what most servers send) of each response body.
 */
import { spawnSync } from 'node:child_process';
import { existsSync, readFileSync, statSync } from 'node:fs';
import { createServer } from 'node:http';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import { CHROMIUM_ARGS, CHROMIUM_PATH } from '../tools/chromium.mjs';
import { backendMain, freePort, productPath, root, startBackend } from './lib/built-shop.mjs';
const args = process.argv.slice(2);
const flag = (name) => args.includes(`--${name}`);
const option = (name) =>
  args
    .find((a) => a.startsWith(`--${name}=`))
    ?.split('=')
    .slice(1)
    .join('=');

const APPS = [
  { dir: 'host-shell', prefix: '/', label: 'host' },
  { dir: 'storefront', prefix: '/remotes/storefront/', label: 'storefront' },
  { dir: 'seller-portal', prefix: '/remotes/seller-portal/', label: 'seller-portal' },
];
const outRoot = option('out') ? path.resolve(option('out')) : undefined;
const distOf = (app) => (outRoot ? path.join(outRoot, app.dir) : path.join(root, app.dir, 'dist'));
const CHROMIUM = process.env.CHROMIUM_PATH || CHROMIUM_PATH;

function build() {
  for (const app of APPS) {
    const started = Date.now();
    process.stderr.write(`Building ${app.dir} for production... `);
    const result = spawnSync('npx', ['webpack', '--mode', 'production'], {
      cwd: path.join(root, app.dir),
      env: outRoot ? { ...process.env, LARDER_DIST_ROOT: outRoot } : process.env,
      stdio: ['ignore', 'pipe', 'pipe'],
      encoding: 'utf8',
    });
    if (result.status !== 0) {
      process.stderr.write('failed\n');
      process.stderr.write(result.stdout + result.stderr);
      process.exit(1);
    }
    // As `npm run build` does: the shop then serves these files pre-compressed, as it would in production.
    spawnSync('node', [path.join(root, 'tools/precompress.mjs'), distOf(app)], { stdio: 'ignore' });
    process.stderr.write(`${((Date.now() - started) / 1000).toFixed(1)} s\n`);
  }
}

/** The built shop served by the real backend, or by a static stand-in when the backend is not built. */
async function startShop() {
  if (existsSync(backendMain)) {
    return startBackend({
      hostShell: distOf(APPS[0]),
      storefront: distOf(APPS[1]),
      sellerPortal: distOf(APPS[2]),
    });
  }
  const port = await freePort();
  const origin = `http://127.0.0.1:${port}`;

  const types = {
    '.js': 'text/javascript',
    '.css': 'text/css',
    '.html': 'text/html',
    '.json': 'application/json',
  };
  const server = createServer((req, res) => {
    const url = new URL(req.url, origin);
    if (url.pathname === '/remotes.json') {
      res.writeHead(200, { 'content-type': 'application/json' });
      res.end(
        JSON.stringify({
          storefront: '/remotes/storefront/remoteEntry.js',
          sellerPortal: '/remotes/seller-portal/remoteEntry.js',
        }),
      );
      return;
    }
    if (url.pathname.startsWith('/api/')) {
      res.writeHead(404, { 'content-type': 'application/json' });
      res.end('{"success":false,"message":"No API in this measurement"}');
      return;
    }
    const app = [...APPS].reverse().find((a) => url.pathname.startsWith(a.prefix));
    let file = path.join(distOf(app), url.pathname.slice(app.prefix.length));
    if (!existsSync(file) || statSync(file).isDirectory()) file = path.join(distOf(APPS[0]), 'index.html');
    res.writeHead(200, { 'content-type': types[path.extname(file)] ?? 'application/octet-stream' });
    res.end(readFileSync(file));
  });
  await new Promise((resolve) => server.listen(port, '127.0.0.1', resolve));
  return { origin, real: false, stop: () => new Promise((resolve) => server.close(resolve)) };
}

function appOf(pathname) {
  return [...APPS].reverse().find((a) => pathname.startsWith(a.prefix))?.label ?? 'other';
}

/** Loads one page in a fresh browser context and returns the JS and CSS it fetched. */
async function measure(browser, origin, pagePath) {
  const context = await browser.newContext({ viewport: { width: 390, height: 844 } });
  const page = await context.newPage();
  const pending = [];
  const errors = [];
  page.on('pageerror', (error) => errors.push(error.message));
  page.on('response', (response) => {
    const url = new URL(response.url());
    if (url.origin !== origin) return;
    const type = response.request().resourceType();
    const kind =
      type === 'script' || url.pathname.endsWith('.js')
        ? 'js'
        : type === 'stylesheet' || url.pathname.endsWith('.css')
          ? 'css'
          : url.pathname === '/remotes.json'
            ? 'json'
            : null;
    if (!kind) return;
    pending.push(
      response
        .body()
        .then((body) => ({
          path: url.pathname,
          kind,
          app: appOf(url.pathname),
          raw: body.length,
          gzip: gzipSync(body).length,
        }))
        .catch(() => null),
    );
  });
  await page.goto(origin + pagePath, { waitUntil: 'networkidle' });
  await page.waitForTimeout(500);
  const heading = await page
    .locator('h1, h2')
    .first()
    .textContent({ timeout: 2000 })
    .catch(() => null);
  const files = (await Promise.all(pending)).filter(Boolean);
  await context.close();
  return { path: pagePath, heading: heading?.trim() ?? null, errors, files };
}

function summarise(result) {
  const sum = (filter) => result.files.filter(filter).reduce((total, f) => total + f.gzip, 0);
  const byApp = {};
  for (const app of [...APPS.map((a) => a.label), 'other']) {
    const js = sum((f) => f.app === app && f.kind === 'js');
    const css = sum((f) => f.app === app && f.kind === 'css');
    if (js || css) byApp[app] = { js, css };
  }
  return {
    page: result.path,
    js: sum((f) => f.kind === 'js'),
    css: sum((f) => f.kind === 'css'),
    json: sum((f) => f.kind === 'json'),
    heading: result.heading,
    requests: result.files.length,
    byApp,
    errors: result.errors,
    files: result.files,
  };
}

const kb = (bytes) => `${(bytes / 1024).toFixed(1)} KB`.padStart(9);

async function main() {
  const url = option('url');
  if (!url && !flag('no-build')) build();
  for (const app of APPS) {
    if (!url && !existsSync(distOf(app))) {
      console.error(`${distOf(app)} is missing: run without --no-build.`);
      process.exit(1);
    }
  }
  const { chromium } = await import('playwright-core');
  const shop = url
    ? { origin: new URL(url).origin, real: true, stop: async () => undefined }
    : await startShop();
  const browser = await chromium.launch({ executablePath: CHROMIUM, args: CHROMIUM_ARGS });
  try {
    let product = '/products/vegetables/00000000-0000-4000-8000-000000000000';
    if (shop.real) {
      product = (await productPath(shop.origin)) ?? product;
    }
    const results = [
      summarise(await measure(browser, shop.origin, '/')),
      summarise(await measure(browser, shop.origin, product)),
    ];

    if (flag('json')) {
      console.log(
        JSON.stringify(
          results.map(({ files, ...r }) => (flag('files') ? { ...r, files } : r)),
          null,
          2,
        ),
      );
      return;
    }
    console.log(
      `\nBytes a cold visit downloads (gzip level 6), served by ${shop.real ? 'the backend' : 'a static stand-in (no API)'}:\n`,
    );
    for (const r of results) {
      console.log(`${r.page}${r.heading ? `  ("${r.heading}")` : ''}`);
      console.log(`  JS ${kb(r.js)}   CSS ${kb(r.css)}   total ${kb(r.js + r.css)}   (${r.requests} files)`);
      for (const [app, v] of Object.entries(r.byApp))
        console.log(`    ${app.padEnd(14)} JS ${kb(v.js)}   CSS ${kb(v.css)}`);
      if (flag('files')) {
        for (const f of r.files.sort((a, b) => b.gzip - a.gzip))
          console.log(`      ${kb(f.gzip)}  ${f.path}`);
      }
      if (r.errors.length) console.log(`  page errors: ${r.errors.join(' | ')}`);
    }
  } finally {
    await browser.close();
    await shop.stop();
  }
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
