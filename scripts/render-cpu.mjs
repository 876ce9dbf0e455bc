#!/usr/bin/env node
// `node scripts/render-cpu.mjs`: the CPU time one server-rendered product page costs, signed in (such a page is
// rendered for each request), and its parts, measured in one process, one request at a time:
//   - page:  the whole request (fastify.inject of the page as a browser asks for it, brotli included);
//   - data:  the three API reads the storefront makes for a page, through fastify.inject as the render does;
//   - react: the storefront's renderPage (store, React's render) with those answers given, no API work;
//   - head:  putting the rendered markup and state into the host page.
// It builds nothing: run `npm run build` first. `--api=/other/backend/dist` measures another build of the API
// (the frontends are this checkout's, or STATIC_ROOT's). ITERATIONS (default 200) sets the requests per part;
// `--page-only` measures the whole request alone (for a profile: `node --cpu-prof scripts/render-cpu.mjs --page-only`).
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { createRequire } from 'node:module';
import { fileURLToPath } from 'node:url';

const root = path.dirname(path.dirname(fileURLToPath(import.meta.url)));
const apiArg = process.argv.find((a) => a.startsWith('--api='));
const dist = path.resolve(apiArg ? apiArg.slice('--api='.length) : path.join(root, 'backend/dist'));
const require = createRequire(path.join(dist, 'app/main.js'));
const ITERATIONS = Number(process.env.ITERATIONS) || 200;
const onlyPage = process.argv.includes('--page-only');
const WARMUP = Math.min(50, ITERATIONS);

const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'larder-render-cpu-'));
Object.assign(process.env, {
  NODE_ENV: 'development',
  DATA_DIR: dataDir,
  SEED: 'true',
  LOG_LEVEL: 'warn',
  THROTTLE_LIMIT: '1000000',
  STATIC_ROOT: process.env.STATIC_ROOT ?? root,
});
delete process.env.DATABASE_URL;
delete process.env.GOOGLE_CLIENT_ID;

const { createApp } = require(path.join(dist, 'app/app.factory.js'));
const { StorefrontServerRenderer } = require(path.join(dist, 'web/server-render.js'));
const { withRenderedPage } = require(path.join(dist, 'web/page-head.js'));

/** CPU ms per call of `work`, after a warm-up. */
async function cpuPer(work) {
  for (let i = 0; i < WARMUP; i += 1) await work();
  globalThis.gc?.();
  const before = process.cpuUsage();
  for (let i = 0; i < ITERATIONS; i += 1) await work();
  const used = process.cpuUsage(before);
  return (used.user + used.system) / 1000 / ITERATIONS;
}

async function main() {
  const { app, config } = await createApp();
  try {
    const fastify = app.getHttpAdapter().getInstance();
    if (!config.storefrontServerEntry || !fs.existsSync(config.storefrontServerEntry)) {
      throw new Error(`no storefront server build at ${config.storefrontServerEntry}: run \`npm run build\``);
    }
    const post = (url, body, cookie) =>
      fastify.inject({ method: 'POST', url, payload: body, headers: cookie ? { cookie } : {} });
    const email = `render-cpu-${Date.now()}@example.com`;
    const token = (
      await post('/api/auth/dev/id-token', { email, firstName: 'Render', lastName: 'Cpu' })
    ).json();
    const login = await post('/api/user/google-login', {
      tokenId: token.tokenId,
      firstName: 'Render',
      lastName: 'Cpu',
      phone: '07700 900123',
    });
    const cookie = [login.headers['set-cookie']]
      .flat()
      .map((c) => String(c).split(';')[0])
      .join('; ');
    const products = (await fastify.inject({ url: '/api/product/list' })).json().products;
    const product = products[0];
    const url = `/products/${product.category.toLowerCase()}/${product._id}`;

    const page = () =>
      fastify.inject({
        url,
        headers: { accept: 'text/html', 'accept-encoding': 'br, gzip', cookie },
      });
    const first = await page();
    if (first.statusCode !== 200 || !first.headers['content-type']?.startsWith('text/html')) {
      throw new Error(`${url} answered ${first.statusCode}`);
    }

    const reads = ['/api/user/is-auth', '/api/product/list', '/api/settings/shipping'];
    const read = (u) => fastify.inject({ url: u, headers: { accept: 'application/json', cookie } });
    const answers = new Map();
    for (const u of reads) answers.set(u, (await read(u)).rawPayload);
    const data = () => Promise.all(reads.map(read));

    const renderer = new StorefrontServerRenderer(config.storefrontServerEntry, '/remotes/storefront/', 5000);
    const givenFetch = async (input) => {
      const body = answers.get(new URL(typeof input === 'string' ? input : input.url).pathname);
      return new globalThis.Response(body ?? null, {
        status: body ? 200 : 404,
        headers: { 'content-type': 'application/json' },
      });
    };
    const rendered = await renderer.render(url, givenFetch);
    if (!rendered) throw new Error('the storefront build did not render the page');
    const react = () => renderer.render(url, givenFetch);

    const indexHtml = fs.readFileSync(path.join(config.staticDirs.hostShell, 'index.html'), 'utf8');
    const remotes = { storefront: config.remoteStorefrontUrl, sellerPortal: config.remoteSellerPortalUrl };
    const head = async () =>
      withRenderedPage(indexHtml, { pathname: url, remotes, dirs: config.staticDirs }, rendered);

    if (onlyPage) {
      // One part alone, e.g. under `node --cpu-prof`: the profile then holds only the page requests.
      const ms = await cpuPer(page);
      globalThis.gc?.();
      const heap = process.memoryUsage().heapUsed / 2 ** 20;
      console.log(
        `Signed-in product page ${url}, CPU ms per request: page ${ms.toFixed(2)}; heap after ${heap.toFixed(0)} MB`,
      );
      return;
    }
    const results = {
      page: await cpuPer(page),
      data: await cpuPer(data),
      ...Object.fromEntries(
        await reads.reduce(
          async (done, u) => [...(await done), [`  ${u}`, await cpuPer(() => read(u))]],
          Promise.resolve([]),
        ),
      ),
      react: await cpuPer(react),
      head: await cpuPer(head),
    };
    console.log(
      `Signed-in product page ${url} (${first.rawPayload.length} bytes as sent), CPU ms per request, ` +
        `${ITERATIONS} requests each, Node ${process.version}, load average ${os.loadavg()[0].toFixed(2)}`,
    );
    for (const [name, ms] of Object.entries(results)) console.log(`  ${name.padEnd(26)} ${ms.toFixed(2)}`);
  } finally {
    await app.close();
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}

main().catch((err) => {
  console.error(err instanceof Error ? (err.stack ?? err.message) : err);
  process.exit(1);
});
