#!/usr/bin/env node
// `npm run bench`: load figures for the built shop, printed side by side in one run.
//
//   npm run build && npm run bench            full run (about 2 minutes per database engine)
//   npm run bench -- --quick                  a short smoke run (BENCH_QUICK=1 does the same)
//   DATABASE_URL=postgres://... npm run bench also on that PostgreSQL server, in a throw-away database
//   npm run bench -- --api=/other/backend/dist/app/main.js   another build of the API, next to this one
//   npm run bench -- --checkout-only          only the checkout figures (no catalogue run); with several --api,
//                                             also the builds side by side on PGlite, burst for burst (below)
//   npm run bench -- --side-by-side --api=A --api=B   only that side-by-side checkout of the builds
//   npm run bench -- --server-only            only on the PostgreSQL server of DATABASE_URL (not PGlite)
//   npm run bench -- --pages-only             only the server-rendered pages (no catalogue or checkout run)
//   npm run bench -- --search-only            only the search figures
//   npm run bench -- --promotions-only        only what promotions add to a checkout's CPU
//   npm run bench -- --takings-only           only the takings and cash-up (PostgreSQL server: with --server-only)
//   BENCH_API_FLAGS='--cpu-prof --cpu-prof-dir=/tmp/prof' npm run bench   extra node flags for the API
//   BENCH_PROMOTION_ROUNDS=24 npm run bench -- --promotions-only   more pairs of bursts (default 8);
//                                             BENCH_VERBOSE=1 also prints each burst's CPU per checkout
//
// For each engine it starts backend/dist/app/main.js by itself on a free port (BENCH_PORT picks the first port
// to try) with its own temporary data directory and the demo catalogue, then measures:
//   - GET /api/product/list with autocannon (50 connections), and a bare node:http server answering the very
//     same bytes and headers, and the ratio of the two;
//   - checkout: customers (50) signed in through the development sign-in, each with an address and a cart,
//     placing orders (10 each) with a fresh Idempotency-Key and replaying one key, twice (the first burst after
//     start-up, then again on the warmed process): orders/s, p50/p99 and CPU per request of each, and how many
//     acknowledged orders are missing (lost) or stored twice (duplicated);
//   - GET /api/product/search with autocannon (10 connections) cycling through shoppers' queries (typos,
//     half-typed words, misspellings): req/s and p99;
//   - the shop pages rendered on the server (home, a category, a product), asked for as a browser asks
//     (anonymous, Accept: text/html, Accept-Encoding: br, gzip), 10 connections, beside a bare node:http
//     server answering the same bytes; and the p99 of GET /api/health, asked one at a time by a process of its
//     own, while each page is under that load;
//   - on the PostgreSQL server: STANDING_PLANS regular deliveries (standing orders) of as many customers, all due
//     at one moment and placed by the shop's own job, while customers check out beside it: how long until all
//     were placed, orders/s, placed twice and missed (both 0), and the checkouts' p99 before and during;
//   - with --checkout-only and several --api: the builds started at once, each warmed, then rounds of one
//     checkout burst each in turn (BENCH_SIDE_BY_SIDE_ROUNDS, default 12), the order flipping every round: each
//     build's API CPU per checkout, the median of the rounds' differences from the first build, and the noise;
//   - the API's resident memory when idle (after start, and after the load).
// The shop's rate limits are raised through its configuration (THROTTLE_LIMIT, ORDER_THROTTLE_LIMIT); it runs
// with LOG_LEVEL=warn (BENCH_LOG_LEVEL) so the figures measure the server rather than the terminal.
import { spawn } from 'node:child_process';
import crypto from 'node:crypto';
import fs from 'node:fs';
import http from 'node:http';
import { createRequire } from 'node:module';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { fileURLToPath } from 'node:url';
import zlib from 'node:zlib';
import { apiArgs } from './api-process.mjs';
import { benchPromotions, middle } from './lib/bench-promotions.mjs';
import { benchStandingOrders } from './lib/bench-standing-orders.mjs';
import { benchTakings } from './lib/bench-takings.mjs';

const root = path.dirname(path.dirname(fileURLToPath(import.meta.url)));
const require = createRequire(path.join(root, 'backend/package.json'));
const autocannon = require('autocannon');
const { Client } = require('pg');

const args = process.argv.slice(2);
const quick = args.includes('--quick') || /^(1|true|yes)$/i.test(process.env.BENCH_QUICK ?? '');
const sideBySideOnly = args.includes('--side-by-side');
const checkoutOnly = args.includes('--checkout-only') || sideBySideOnly;
const promotionsOnly = args.includes('--promotions-only');
const serverOnly = args.includes('--server-only');
const takingsOnly = args.includes('--takings-only');
/** Delivered orders in the takings line: a year of a busy shop. */
const TAKINGS_ORDERS = Number(process.env.BENCH_TAKINGS_ORDERS) || 100_000;
const pagesOnly = args.includes('--pages-only');
const searchOnly = args.includes('--search-only');
const apis = args.filter((a) => a.startsWith('--api=')).map((a) => path.resolve(a.slice('--api='.length)));
if (!apis.length) apis.push(path.join(root, 'backend/dist/app/main.js'));
const sharedDomainEntry = path.join(root, 'shared-domain/dist/index.js');

const CONNECTIONS = 50;
const CATALOGUE_SECONDS = quick ? 2 : 10;
const WARMUP_SECONDS = quick ? 1 : 3;
const PAGE_CONNECTIONS = 10;
const PAGE_SECONDS = quick ? 2 : 8;
const CUSTOMERS = quick ? 10 : 50;
const ORDERS_EACH = quick ? 2 : 10;
// Regular deliveries due at one moment (PostgreSQL server only), and the customers checking out meanwhile.
const STANDING_PLANS = Number(process.env.BENCH_PLANS) || (quick ? 1000 : 10_000);
const STANDING_SHOPPERS = 10;
const PROMOTION_SHOPPERS = quick ? 5 : 20;
const PROMOTION_ORDERS_EACH = quick ? 2 : 10;
// A fresh PGlite data directory runs initdb first: slow on a busy machine.
const START_TIMEOUT_MS = (Number(process.env.BENCH_START_TIMEOUT_S) || 300) * 1000;

for (const file of [...apis, sharedDomainEntry]) {
  if (!fs.existsSync(file)) {
    console.error(
      `${path.relative(root, file)} is missing: run \`npm run build\` first (the bench builds nothing).`,
    );
    process.exit(1);
  }
}
const domain = require(sharedDomainEntry);

// ---------------------------------------------------------------------------------------------- helpers

let nextPort = Number(process.env.BENCH_PORT) || 0;

/** A port nothing listens on: from BENCH_PORT upwards when set, otherwise one the system picks. */
async function freePort() {
  for (;;) {
    const wanted = nextPort;
    if (nextPort) nextPort += 1;
    const port = await new Promise((resolve) => {
      const srv = net.createServer();
      srv.once('error', () => resolve(undefined));
      srv.listen(wanted, '127.0.0.1', () => {
        const { port: p } = srv.address();
        srv.close(() => resolve(p));
      });
    });
    if (port) return port;
    if (!wanted) throw new Error('no free port');
  }
}

function rssMb(pid) {
  try {
    const status = fs.readFileSync(`/proc/${pid}/status`, 'utf8');
    const kb = Number(/VmRSS:\s+(\d+)/.exec(status)?.[1]);
    return kb ? kb / 1024 : undefined;
  } catch {
    return undefined;
  }
}

const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));

/** Waits until the process is idle: no more than a few ms of CPU over half a second (at most `maxMs`). */
async function settle(pid, maxMs = 8000) {
  const cpu = () => {
    try {
      const f = fs.readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1].split(' ');
      return Number(f[11]) + Number(f[12]);
    } catch {
      return 0;
    }
  };
  const started = Date.now();
  let last = cpu();
  while (Date.now() - started < maxMs) {
    await sleep(500);
    const now = cpu();
    if (now - last <= 1) return;
    last = now;
  }
}

/** CPU time (ms) a process has used so far: user + system; undefined once it is gone. */
function cpuMs(pid) {
  const split = cpuSplitMs(pid);
  return split && split.user + split.kernel;
}

/**
 * CPU time (ms, to the nanosecond) used so far by a process's live threads: the scheduler's own count
 * (/proc/PID/task/TID/schedstat), far finer than the 10 ms ticks of /proc/PID/stat. Falls back to those ticks.
 */
function cpuPreciseMs(pid) {
  try {
    let ns = 0;
    for (const tid of fs.readdirSync(`/proc/${pid}/task`)) {
      try {
        ns += Number(fs.readFileSync(`/proc/${pid}/task/${tid}/schedstat`, 'utf8').split(' ')[0]);
      } catch {
        /* the thread ended meanwhile */
      }
    }
    return ns / 1e6;
  } catch {
    return cpuMs(pid);
  }
}

/** CPU time (ms) used so far by a process, in its own code (user) and in the kernel on its behalf (kernel). */
function cpuSplitMs(pid) {
  try {
    const f = fs.readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1].split(' ');
    return { user: (Number(f[11]) * 1000) / 100, kernel: (Number(f[12]) * 1000) / 100 };
  } catch {
    return undefined;
  }
}

/**
 * CPU time (ms) used so far by the PostgreSQL server for a database: its client connections and the server's
 * own background processes (WAL writer, checkpointer...), by process id. Read from /proc, so only for a server
 * on this machine; undefined elsewhere.
 */
async function serverCpu(databaseUrl) {
  if (!databaseUrl) return undefined;
  const name = new URL(databaseUrl).pathname.slice(1);
  const rows = await withServerClient(databaseUrl, (c) =>
    c.query(`select pid from pg_stat_activity where datname = $1 or backend_type <> 'client backend'`, [
      name,
    ]),
  ).then((r) => r.rows);
  const byPid = new Map();
  for (const { pid } of rows) {
    const ms = cpuMs(pid);
    if (ms !== undefined) byPid.set(pid, ms);
  }
  return byPid.size ? byPid : undefined;
}

/** CPU ms used between two serverCpu readings (processes that started meanwhile count in full). */
function serverCpuSpent(before, after) {
  if (!before || !after) return NaN;
  let ms = 0;
  for (const [pid, now] of after) ms += now - (before.get(pid) ?? 0);
  return ms;
}

function percentile(sorted, p) {
  if (!sorted.length) return NaN;
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)];
}

const fmt = (n, digits = 0) =>
  Number.isFinite(n)
    ? n.toLocaleString('en-GB', { maximumFractionDigits: digits, minimumFractionDigits: digits })
    : '-';

async function withServerClient(url, work) {
  const client = new Client({ connectionString: url });
  await client.connect();
  try {
    return await work(client);
  } finally {
    await client.end();
  }
}

// ------------------------------------------------------------------------------------------ processes

/** Starts the built API; resolves once /api/health answers. */
async function startShop(api, databaseUrl) {
  const port = await freePort();
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'larder-bench-'));
  const env = {
    ...process.env,
    NODE_ENV: 'development',
    PORT: String(port),
    DATA_DIR: dataDir,
    SEED: 'true',
    LOG_LEVEL: process.env.BENCH_LOG_LEVEL ?? 'warn',
    THROTTLE_LIMIT: '1000000',
    THROTTLE_TTL_MS: '60000',
    // Each customer places two bursts of orders within the limit's window.
    ORDER_THROTTLE_LIMIT: '1000000',
  };
  delete env.DATABASE_URL;
  delete env.GOOGLE_CLIENT_ID;
  delete env.REDIS_URL;
  if (databaseUrl) env.DATABASE_URL = databaseUrl;
  const extraFlags = (process.env.BENCH_API_FLAGS ?? '').split(' ').filter(Boolean);
  const child = spawn(process.execPath, [...extraFlags, ...apiArgs(api)], {
    cwd: root,
    env,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout.on('data', (d) => (output = (output + d).slice(-4000)));
  child.stderr.on('data', (d) => (output = (output + d).slice(-4000)));
  const base = `http://127.0.0.1:${port}`;
  const started = Date.now();
  for (;;) {
    if (child.exitCode !== null) throw new Error(`the API exited while starting:\n${output}`);
    try {
      const res = await fetch(`${base}/api/health`);
      if (res.ok) break;
    } catch {
      /* not listening yet */
    }
    if (Date.now() - started > START_TIMEOUT_MS) {
      child.kill();
      throw new Error(`the API did not answer within ${START_TIMEOUT_MS / 1000} s:\n${output}`);
    }
    await sleep(200);
  }
  return {
    base,
    pid: child.pid,
    startMs: Date.now() - started,
    async stop() {
      if (child.exitCode === null) {
        const exited = new Promise((resolve) => child.once('exit', resolve));
        child.kill('SIGTERM');
        await Promise.race([exited, sleep(10_000)]);
        if (child.exitCode === null) child.kill('SIGKILL');
      }
      fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/** A bare node:http server (its own process) answering every request with the given bytes and headers. */
async function startBare(body, headers) {
  const port = await freePort();
  const file = path.join(os.tmpdir(), `larder-bench-body-${process.pid}-${port}`);
  fs.writeFileSync(file, body);
  const code = `
    const http = require('node:http');
    const fs = require('node:fs');
    const body = fs.readFileSync(process.env.BODY_FILE);
    const headers = JSON.parse(process.env.BODY_HEADERS);
    http.createServer((req, res) => {
      req.resume();
      res.writeHead(200, { ...headers, 'content-length': body.length });
      res.end(body);
    }).listen(Number(process.env.PORT), '127.0.0.1', () => process.stdout.write('ready\\n'));
  `;
  const child = spawn(process.execPath, ['-e', code], {
    env: { ...process.env, PORT: String(port), BODY_FILE: file, BODY_HEADERS: JSON.stringify(headers) },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  await new Promise((resolve, reject) => {
    child.stdout.once('data', resolve);
    child.once('exit', () => reject(new Error('the bare server exited')));
  });
  return {
    base: `http://127.0.0.1:${port}`,
    async stop() {
      child.kill();
      fs.rmSync(file, { force: true });
    },
  };
}

// ------------------------------------------------------------------------------------------- catalogue

const LIST_REQUEST_HEADERS = { 'accept-encoding': 'br, gzip', accept: 'application/json' };
const HOP_HEADERS = new Set(['date', 'connection', 'keep-alive', 'content-length', 'transfer-encoding']);

/** The list exactly as the shop sends it to a browser: the raw (compressed) bytes and the headers. */
async function fetchListAsSent(base) {
  return new Promise((resolve, reject) => {
    http
      .get(`${base}/api/product/list`, { headers: LIST_REQUEST_HEADERS }, (res) => {
        const chunks = [];
        res.on('data', (c) => chunks.push(c));
        res.on('end', () => {
          const headers = {};
          for (const [k, v] of Object.entries(res.headers)) if (!HOP_HEADERS.has(k)) headers[k] = v;
          resolve({ status: res.statusCode, body: Buffer.concat(chunks), headers });
        });
      })
      .on('error', reject);
  });
}

async function cannon(url, seconds) {
  const result = await autocannon({
    url,
    connections: CONNECTIONS,
    duration: seconds,
    headers: LIST_REQUEST_HEADERS,
  });
  return {
    rps: result.requests.average,
    p50: result.latency.p50,
    p99: result.latency.p99,
    bad: result.non2xx + result.errors + result.timeouts,
  };
}

async function benchCatalogue(shopBase) {
  const sent = await fetchListAsSent(shopBase);
  if (sent.status !== 200) throw new Error(`GET /api/product/list answered ${sent.status}`);
  const bare = await startBare(sent.body, sent.headers);
  try {
    const url = (base) => `${base}/api/product/list`;
    await cannon(url(bare.base), WARMUP_SECONDS);
    await cannon(url(shopBase), WARMUP_SECONDS);
    const bareResult = await cannon(url(bare.base), CATALOGUE_SECONDS);
    const shopResult = await cannon(url(shopBase), CATALOGUE_SECONDS);
    return {
      bytes: sent.body.length,
      encoding: sent.headers['content-encoding'] ?? 'none',
      bare: bareResult,
      shop: shopResult,
    };
  } finally {
    await bare.stop();
  }
}

/** Searches as shoppers type them, with typos, half-typed words and misspellings, cycled by each connection. */
const SEARCH_QUERIES = [
  'carots',
  'strawb',
  'tumeric',
  'cardomom',
  'spaghetti bolognaise',
  'chapatti flour',
  'icecream',
  'pop corn',
  'cheese',
  'brown rice',
  'croissnats',
  'milk',
  'ginegr beer',
  'self rising flour',
  'xqzvw',
  'tomato',
];
const SEARCH_CONNECTIONS = 10;

async function benchSearch(shopBase) {
  const run = (seconds) =>
    autocannon({
      url: shopBase,
      connections: SEARCH_CONNECTIONS,
      duration: seconds,
      requests: SEARCH_QUERIES.map((q) => ({
        method: 'GET',
        path: `/api/product/search?q=${encodeURIComponent(q)}`,
        headers: { accept: 'application/json', 'accept-encoding': 'br, gzip' },
      })),
    });
  await run(WARMUP_SECONDS);
  const result = await run(CATALOGUE_SECONDS);
  return {
    rps: result.requests.average,
    p50: result.latency.p50,
    p99: result.latency.p99,
    bad: result.non2xx + result.errors + result.timeouts,
  };
}

// ----------------------------------------------------------------------------------------------- pages

const PAGE_REQUEST_HEADERS = { accept: 'text/html,*/*;q=0.8', 'accept-encoding': 'br, gzip' };

/** A page exactly as the shop sends it to an anonymous browser: the raw (compressed) bytes and the headers. */
async function fetchPageAsSent(base, url) {
  return new Promise((resolve, reject) => {
    http
      .get(`${base}${url}`, { headers: PAGE_REQUEST_HEADERS }, (res) => {
        const chunks = [];
        res.on('data', (c) => chunks.push(c));
        res.on('end', () => {
          const headers = {};
          for (const [k, v] of Object.entries(res.headers)) if (!HOP_HEADERS.has(k)) headers[k] = v;
          resolve({ status: res.statusCode, body: Buffer.concat(chunks), headers });
        });
      })
      .on('error', reject);
  });
}

/** The body of an answer as text, decompressed. */
function decoded({ body, headers }) {
  const encoding = headers['content-encoding'];
  if (encoding === 'br') return zlib.brotliDecompressSync(body).toString('utf8');
  if (encoding === 'gzip') return zlib.gunzipSync(body).toString('utf8');
  return body.toString('utf8');
}

/**
 * Asks GET /api/health one request at a time (10 ms apart) until stopped; answers the latencies (ms). It runs in a
 * process of its own: in this one, the load generator's work would delay reading each answer and be counted as
 * the shop's.
 */
function probeHealth(base) {
  const code = `
    const http = require('node:http');
    const { performance } = require('node:perf_hooks');
    const agent = new http.Agent({ keepAlive: true, maxSockets: 1 });
    const latencies = [];
    let stopped = false;
    process.on('message', () => (stopped = true));
    const once = () =>
      new Promise((resolve) => {
        const t0 = performance.now();
        http
          .get(process.env.HEALTH_URL, { agent }, (res) => {
            res.resume();
            res.on('end', () => {
              if (res.statusCode === 200) latencies.push(performance.now() - t0);
              resolve();
            });
          })
          .on('error', () => resolve());
      });
    (async () => {
      while (!stopped) {
        await once();
        await new Promise((resolve) => setTimeout(resolve, 10));
      }
      agent.destroy();
      process.send(latencies, () => process.exit(0));
    })();
  `;
  const child = spawn(process.execPath, ['-e', code], {
    env: { ...process.env, HEALTH_URL: `${base}/api/health` },
    stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
  });
  const answered = new Promise((resolve, reject) => {
    child.once('message', resolve);
    child.once('exit', (code) => reject(new Error(`the health probe exited (${code}) before answering`)));
  });
  // Read when the probe is stopped; until then an early exit must not count as unhandled.
  answered.catch(() => undefined);
  return async () => {
    child.send('stop');
    const latencies = await answered;
    return latencies.sort((x, y) => x - y);
  };
}

async function pageCannon(url, seconds) {
  const result = await autocannon({
    url,
    connections: PAGE_CONNECTIONS,
    duration: seconds,
    headers: PAGE_REQUEST_HEADERS,
  });
  return {
    rps: result.requests.average,
    p50: result.latency.p50,
    p99: result.latency.p99,
    bad: result.non2xx + result.errors + result.timeouts,
  };
}

/** Home, a category and a product page of the demo catalogue. */
async function pageUrls(base) {
  const list = (await api(base, 'GET', '/api/product/list')).json.products;
  const product = list.find((p) => domain.isCategoryPath(p.category)) ?? list[0];
  const slug = domain.isCategoryPath(product.category)
    ? domain.categorySlug(product.category)
    : product.category.toLowerCase();
  return [
    ['home', '/'],
    ['category', `/products/${slug}`],
    ['product', `/products/${slug}/${product._id}`],
  ];
}

async function benchPages(shopBase) {
  const results = [];
  for (const [name, url] of await pageUrls(shopBase)) {
    // The first render of a page loads the storefront's build: on a busy machine it may miss the render time
    // limit and be sent to be rendered in the browser. Measure the page as rendered on the server.
    let sent;
    for (let attempt = 0; ; attempt += 1) {
      sent = await fetchPageAsSent(shopBase, url);
      if (sent.status !== 200 || !sent.headers['content-type']?.startsWith('text/html')) {
        throw new Error(`GET ${url} answered ${sent.status} ${sent.headers['content-type']}`);
      }
      if (decoded(sent).includes('data-rendered=')) break;
      if (attempt === 20) throw new Error(`GET ${url} never came rendered on the server`);
      await sleep(500);
    }
    const bare = await startBare(sent.body, sent.headers);
    try {
      await pageCannon(`${bare.base}${url}`, WARMUP_SECONDS);
      await pageCannon(`${shopBase}${url}`, WARMUP_SECONDS);
      const bareResult = await pageCannon(`${bare.base}${url}`, PAGE_SECONDS);
      const stopProbe = probeHealth(shopBase);
      const shopResult = await pageCannon(`${shopBase}${url}`, PAGE_SECONDS);
      const health = await stopProbe();
      results.push({
        name,
        url,
        bytes: sent.body.length,
        bare: bareResult,
        shop: shopResult,
        healthP99: percentile(health, 99),
        healthCount: health.length,
      });
    } finally {
      await bare.stop();
    }
  }
  return results;
}

// -------------------------------------------------------------------------------------------- checkout

// node:http over a keep-alive agent rather than fetch: per request it costs the load generator a fraction of
// the CPU, which on a small machine is CPU taken from the shop and its database.
const clientAgent = new http.Agent({ keepAlive: true, maxSockets: CUSTOMERS });

function api(base, method, url, { cookie, body, headers = {} } = {}) {
  const payload = body === undefined ? undefined : Buffer.from(JSON.stringify(body));
  return new Promise((resolve, reject) => {
    const req = http.request(
      `${base}${url}`,
      {
        method,
        agent: clientAgent,
        headers: {
          ...(payload ? { 'content-type': 'application/json', 'content-length': payload.length } : {}),
          ...(cookie ? { cookie } : {}),
          ...headers,
        },
      },
      (res) => {
        const chunks = [];
        res.on('data', (chunk) => chunks.push(chunk));
        res.on('error', reject);
        res.on('end', () => {
          let json;
          try {
            json = JSON.parse(Buffer.concat(chunks).toString('utf8'));
          } catch {
            json = undefined;
          }
          const setCookie = res.headers['set-cookie'] ?? [];
          resolve({ status: res.statusCode, json, setCookie });
        });
      },
    );
    req.on('error', reject);
    req.end(payload);
  });
}

/** `api` by another name, for where a parameter called `api` (a build's path) hides it. */
const shopRequest = api;

async function signUp(base, n) {
  const email = `bench-${n}-${crypto.randomBytes(4).toString('hex')}@example.com`;
  const token = await api(base, 'POST', '/api/auth/dev/id-token', {
    body: { email, firstName: 'Bench', lastName: `Customer${n}` },
  });
  if (token.status !== 200)
    throw new Error(`dev id-token answered ${token.status}: ${JSON.stringify(token.json)}`);
  const login = await api(base, 'POST', '/api/user/google-login', {
    body: {
      tokenId: token.json.tokenId,
      firstName: 'Bench',
      lastName: `Customer${n}`,
      phone: '07700 900123',
    },
  });
  if (login.status !== 200)
    throw new Error(`google-login answered ${login.status}: ${JSON.stringify(login.json)}`);
  const cookie = login.setCookie.map((c) => c.split(';')[0]).join('; ');
  const address = await api(base, 'PUT', '/api/user/add-address', {
    cookie,
    body: {
      address: {
        street: `${n} Harbour Way`,
        // A postcode inside each delivery city's area.
        ...[
          { city: 'Bristol', postalCode: 'BS1 4DJ' },
          { city: 'Cardiff', postalCode: 'CF10 1EP' },
          { city: 'Somerset', postalCode: 'BA1 1LT' },
          { city: 'Swindon', postalCode: 'SN1 1AA' },
        ][n % 4],
        state: 'Avon',
        country: domain.DELIVERY_COUNTRY,
      },
    },
  });
  if (address.status >= 300)
    throw new Error(`add-address answered ${address.status}: ${JSON.stringify(address.json)}`);
  return { cookie, addressId: address.json.newAddress._id };
}

/**
 * Lets the shop take the whole burst, as a seller would before a busy day: the most orders a delivery slot
 * allows, the most open orders one customer may hold (each places several), and a large counted stock for every
 * product (so checkout still takes units in each order).
 */
async function prepareShopForLoad(base, products) {
  const login = await api(base, 'POST', '/api/seller/login', {
    body: { email: 'seller@larder.local', password: 'larder-seller' },
  });
  if (login.status !== 200)
    throw new Error(`seller login answered ${login.status}: ${JSON.stringify(login.json)}`);
  const cookie = login.setCookie.map((c) => c.split(';')[0]).join('; ');
  const capacity = await api(base, 'POST', '/api/settings/delivery', {
    cookie,
    body: { slotCapacity: domain.MAX_SLOT_CAPACITY },
  });
  if (capacity.status !== 200) throw new Error(`slot capacity answered ${capacity.status}`);
  const openOrders = await api(base, 'POST', '/api/settings/orders', {
    cookie,
    body: { maxOpenOrders: domain.MAX_MAX_OPEN_ORDERS },
  });
  // A build from before that limit existed (measured with --api) has no such setting, and no such limit.
  if (openOrders.status !== 200 && openOrders.status !== 404)
    throw new Error(`open orders per customer answered ${openOrders.status}`);
  for (const product of products) {
    const stock = await api(base, 'POST', '/api/product/stock', {
      cookie,
      body: { id: product._id, stock: domain.MAX_STOCK },
    });
    if (stock.status !== 200) throw new Error(`stock answered ${stock.status}`);
  }
}

/**
 * The checkout load on one shop: customers signed up with an address, and `burst(round, ordersEach)`, every
 * customer placing orders at once (fresh Idempotency-Keys) and replaying its first; `verify()` then counts the
 * acknowledged orders missing or stored twice. With `cancelAfter`, each burst's orders are cancelled once it is
 * measured, so that any number of bursts fits the delivery slots.
 */
async function checkoutLoad(base, pid, databaseUrl, { cancelAfter = false } = {}) {
  const list = await api(base, 'GET', '/api/product/list');
  const products = list.json.products.filter(
    (p) => p.inStock && (p.stock === undefined || p.stock === null || p.stock > 0),
  );
  if (products.length < 2) throw new Error('the demo catalogue has fewer than two products in stock');
  await prepareShopForLoad(base, products);
  const shipping = (await api(base, 'GET', '/api/settings/shipping')).json;
  const settings = {
    shippingCharge: domain.poundsToPence(shipping.shippingCharge),
    shippingThreshold: domain.poundsToPence(shipping.shippingThreshold),
  };
  const date = domain.selectableDeliveryDate(new Date());

  const customers = [];
  for (let i = 0; i < CUSTOMERS; i += 10) {
    const batch = await Promise.all(
      Array.from({ length: Math.min(10, CUSTOMERS - i) }, (_, j) => signUp(base, i + j)),
    );
    customers.push(...batch);
  }

  // Each order: two products (picked round the catalogue), one of each, spread over the delivery slots.
  const orderFor = (c, n, k) => {
    const a = products[(n * 7 + k) % products.length];
    const b = products[(n * 7 + k + 1) % products.length];
    const lines = [a, b].map((p) => ({
      offerPrice: domain.poundsToPence(p.offerPrice),
      quantity: 1,
      vatBasisPoints: domain.percentToBasisPoints(p.vat),
    }));
    const totals = domain.priceOrder(lines, settings);
    return {
      items: [a, b].map((p) => ({ product: p._id, quantity: 1, vat: p.vat })),
      address: c.addressId,
      paymentType: 'COD',
      amount: domain.penceToPounds(totals.amount),
      shippingCharge: domain.penceToPounds(totals.shipping),
      totalVat: domain.penceToPounds(totals.vat),
      deliverySlot: { date, time: domain.DELIVERY_SLOTS[(n + k) % domain.DELIVERY_SLOTS.length] },
      // As the shop's checkout page does: the customer confirms their age when a line asks for it.
      ...(a.ageRestricted || b.ageRestricted ? { ageConfirmed: true } : {}),
    };
  };

  // Each customer fills the cart before a burst (its first order empties it), as the shop's checkout page places
  // the cart.
  const fillCarts = () =>
    Promise.all(
      customers.map(async (c, n) => {
        const { items } = orderFor(c, n, 0);
        const res = await api(base, 'POST', '/api/cart/update', {
          cookie: c.cookie,
          body: { cartItems: Object.fromEntries(items.map((i) => [i.product, i.quantity])) },
        });
        if (res.status !== 200)
          throw new Error(`cart update answered ${res.status}: ${JSON.stringify(res.json)}`);
      }),
    );

  for (const c of customers) c.placed = [];
  /** Every customer places `ordersEach` orders and replays its first key of the burst; measured alone. */
  async function burst(round, ordersEach = ORDERS_EACH) {
    await fillCarts();
    const placedBefore = customers.map((c) => c.placed.length);
    const latencies = [];
    const refusals = new Map();
    let replayMismatch = 0;
    const cpuBefore = {
      apiPrecise: cpuPreciseMs(pid),
      api: cpuSplitMs(pid),
      client: process.cpuUsage(),
      server: await serverCpu(databaseUrl),
    };
    const started = performance.now();
    let placed = 0;
    await Promise.all(
      customers.map(async (c, n) => {
        let first;
        for (let k = 0; k < ordersEach; k += 1) {
          const key = crypto.randomUUID();
          const body = orderFor(c, n, round * ordersEach + k);
          const t0 = performance.now();
          const res = await api(base, 'POST', '/api/order/cod', {
            cookie: c.cookie,
            body,
            headers: { 'idempotency-key': key },
          });
          latencies.push(performance.now() - t0);
          if (res.status === 201) {
            c.placed.push({ key, body, orderId: res.json.orderId });
            first ??= c.placed.at(-1);
            placed += 1;
          } else {
            const why = `${res.status} ${res.json?.message ?? ''}`.trim();
            refusals.set(why, (refusals.get(why) ?? 0) + 1);
          }
        }
        if (first) {
          const t0 = performance.now();
          const replay = await api(base, 'POST', '/api/order/cod', {
            cookie: c.cookie,
            body: first.body,
            headers: { 'idempotency-key': first.key },
          });
          latencies.push(performance.now() - t0);
          if (replay.status >= 300 || replay.json?.orderId !== first.orderId) replayMismatch += 1;
        }
      }),
    );
    const seconds = (performance.now() - started) / 1000;
    const clientCpu = process.cpuUsage(cpuBefore.client);
    const cpu = {
      api: cpuMs(pid) - (cpuBefore.api.user + cpuBefore.api.kernel),
      apiKernel: cpuSplitMs(pid).kernel - cpuBefore.api.kernel,
      apiPrecise: cpuPreciseMs(pid) - cpuBefore.apiPrecise,
      client: (clientCpu.user + clientCpu.system) / 1000,
      server: serverCpuSpent(cpuBefore.server, await serverCpu(databaseUrl)),
    };
    latencies.sort((x, y) => x - y);
    if (cancelAfter) await cancelPlaced(base, customers, placedBefore);
    return {
      requests: latencies.length,
      placed,
      replayMismatch,
      ordersPerSecond: latencies.length / seconds,
      p50: percentile(latencies, 50),
      p99: percentile(latencies, 99),
      refusals,
      cpu,
    };
  }

  /** Acknowledged orders the shop does not list (lost), and orders listed beyond those acknowledged (twice). */
  async function verify() {
    let lost = 0;
    let duplicated = 0;
    for (const c of customers) {
      const res = await api(base, 'GET', '/api/order/user', { cookie: c.cookie });
      const stored = new Map();
      for (const o of res.json.orders ?? []) stored.set(o._id, (stored.get(o._id) ?? 0) + 1);
      for (const p of c.placed) if (!stored.has(p.orderId)) lost += 1;
      duplicated += Math.max(0, stored.size - new Set(c.placed.map((p) => p.orderId)).size);
    }
    return { lost, duplicated };
  }
  return { burst, verify };
}

/** Every customer cancels the orders it placed from `from[n]` on (outside the measured time); the shop settles. */
async function cancelPlaced(base, customers, from) {
  await Promise.all(
    customers.map(async (c, n) => {
      for (const { orderId } of c.placed.slice(from[n])) {
        const res = await api(base, 'PUT', `/api/order/${orderId}/cancel`, { cookie: c.cookie });
        if (res.status !== 200) throw new Error(`cancelling an order answered ${res.status}`);
      }
    }),
  );
  await sleep(500);
}

async function benchCheckout(base, pid, databaseUrl) {
  const load = await checkoutLoad(base, pid, databaseUrl);
  // The first burst after start-up runs the checkout code for the first time (V8 compiles it as it goes, on
  // the API's own CPU); the second is the same work on a process that has run it before, as a shop that has
  // been up a while.
  const bursts = [await load.burst(0), await load.burst(1)];
  const { lost, duplicated } = await load.verify();
  return {
    bursts,
    lost,
    duplicated: duplicated + bursts.reduce((n, b) => n + b.replayMismatch, 0),
    placed: bursts.reduce((n, b) => n + b.placed, 0),
  };
}

/** Rounds of the side-by-side checkout of several builds (BENCH_SIDE_BY_SIDE_ROUNDS). */
const SIDE_BY_SIDE_ROUNDS = Number(process.env.BENCH_SIDE_BY_SIDE_ROUNDS) || (quick ? 4 : 12);

/**
 * The checkout of several builds side by side (`--checkout-only` with more than one `--api`): all started at
 * once on PGlite, each warmed by a burst, then rounds in which each build takes one burst in turn, the order
 * flipping from round to round (A B, B A, ...) so that none is always the later one. A burst's CPU swings with
 * the collections that fall in it and with the machine's other work, and a build measured minutes after another
 * meets another machine; so each round is compared on its own, and the median of the rounds' differences is the
 * figure, beside the same figure for the first build's consecutive rounds (nothing differs: the noise).
 */
async function benchSideBySide() {
  const builds = [];
  try {
    for (const file of apis) builds.push({ file, shop: await startShop(file), runs: [] });
    for (const b of builds) {
      await settle(b.shop.pid);
      b.load = await checkoutLoad(b.shop.base, b.shop.pid, undefined, { cancelAfter: true });
      await b.load.burst(0);
      await settle(b.shop.pid);
    }
    for (let r = 1; r <= SIDE_BY_SIDE_ROUNDS; r += 1) {
      for (const b of r % 2 ? builds : [...builds].reverse()) {
        b.runs.push(await b.load.burst(r));
        await settle(b.shop.pid);
      }
    }
    for (const b of builds) Object.assign(b, await b.load.verify());
  } finally {
    for (const b of builds) await b.shop.stop();
  }
  const cpu = (run) => run.cpu.apiPrecise / run.requests;
  const [first] = builds;
  return builds.map((b) => ({
    api: b.file,
    rounds: b.runs.length,
    cpu: middle(b.runs.map(cpu)),
    ordersPerSecond: middle(b.runs.map((run) => run.ordersPerSecond)).median,
    versusFirst: b === first ? undefined : middle(b.runs.map((run, i) => cpu(run) - cpu(first.runs[i]))),
    // The first build's round r against its round r - 1, the later minus the earlier in the order the rounds
    // alternate (as the builds' differences are taken the same way whichever went first).
    alike:
      b === first
        ? middle(b.runs.slice(1).map((run, i) => (i % 2 ? 1 : -1) * (cpu(run) - cpu(b.runs[i]))))
        : undefined,
    placed: b.runs.reduce((n, run) => n + run.placed, 0),
    refused: b.runs.reduce((n, run) => n + [...run.refusals.values()].reduce((x, y) => x + y, 0), 0),
    lost: b.lost,
    duplicated: b.duplicated + b.runs.reduce((n, run) => n + run.replayMismatch, 0),
  }));
}

function printSideBySide(rows, label) {
  console.log(
    `\nCheckout side by side: the builds started at once on PGlite, each warmed by a burst, then ` +
      `${SIDE_BY_SIDE_ROUNDS} rounds of one burst each (${CUSTOMERS} customers x ${ORDERS_EACH} orders + 1 replay, ` +
      "cancelled afterwards), in turn, the order flipping every round. API CPU per checkout (ms, the scheduler's " +
      "count): each build's median (middle half in brackets); against the first build: the median of the rounds' " +
      "differences; alike: the first build's consecutive rounds compared the same way, the machine's noise",
  );
  const middleText = (m) =>
    m
      ? `${m.median.toFixed(2).padStart(5)} (${m.low.toFixed(2)} to ${m.high.toFixed(2)})`.padEnd(23)
      : '-'.padEnd(23);
  console.log(
    `${'build'.padEnd(24)} ${'rounds'.padStart(6)}  ${'CPU ms'.padEnd(23)} ${'against the first'.padEnd(23)} ` +
      `${'alike'.padEnd(23)} ${'orders/s'.padStart(8)} ${'placed'.padStart(7)} ${'lost'.padStart(5)} ` +
      `${'dup'.padStart(4)} ${'refused'.padStart(7)}`,
  );
  for (const r of rows) {
    console.log(
      `${label(r.api).trim().padEnd(24)} ${String(r.rounds).padStart(6)}  ${middleText(r.cpu)} ` +
        `${middleText(r.versusFirst)} ${middleText(r.alike)} ${fmt(r.ordersPerSecond).padStart(8)} ` +
        `${fmt(r.placed).padStart(7)} ${fmt(r.lost).padStart(5)} ${fmt(r.duplicated).padStart(4)} ` +
        `${fmt(r.refused).padStart(7)}`,
    );
  }
}

// ------------------------------------------------------------------------------------------------- run

async function benchEngine(engine, api, databaseUrl) {
  const shop = await startShop(api, databaseUrl);
  try {
    await fetchListAsSent(shop.base);
    await settle(shop.pid);
    const idleRss = rssMb(shop.pid);
    if (promotionsOnly) {
      return { engine, api, promotions: await measurePromotions(shop) };
    }
    const measureTakings = () =>
      benchTakings({
        base: shop.base,
        databaseUrl,
        orders: TAKINGS_ORDERS,
        api: shopRequest,
        Client,
        percentile,
      });
    if (takingsOnly) return { engine, api, takings: databaseUrl ? await measureTakings() : undefined };
    const catalogue = checkoutOnly || pagesOnly || searchOnly ? undefined : await benchCatalogue(shop.base);
    const search = checkoutOnly || pagesOnly ? undefined : await benchSearch(shop.base);
    const pages = checkoutOnly || searchOnly ? undefined : await benchPages(shop.base);
    if (!checkoutOnly || pagesOnly) await settle(shop.pid);
    const checkout =
      pagesOnly || searchOnly ? undefined : await benchCheckout(shop.base, shop.pid, databaseUrl);
    await settle(shop.pid);
    const promotions = checkout ? await measurePromotions(shop) : undefined;
    const standing =
      databaseUrl && checkout
        ? await benchStandingOrders({
            base: shop.base,
            databaseUrl,
            plans: STANDING_PLANS,
            customers: STANDING_SHOPPERS,
            signUp,
            api: shopRequest,
            domain,
            Client,
            percentile,
          })
        : undefined;
    if (standing) await settle(shop.pid);
    const takings = databaseUrl && checkout ? await measureTakings() : undefined;
    const afterRss = rssMb(shop.pid);
    return {
      engine,
      api,
      startMs: shop.startMs,
      idleRss,
      afterRss,
      catalogue,
      search,
      pages,
      checkout,
      promotions,
      standing,
      takings,
    };
  } finally {
    await shop.stop();
  }
}

/** The takings line: a year's takings and a day's cash-up answered from the PostgreSQL server. */
function printTakings(results, label) {
  if (!results.some((r) => r.takings)) return;
  console.log(
    `\nTakings: ${fmt(TAKINGS_ORDERS)} delivered orders over a year (3 lines each, 3 VAT rates), one request ` +
      'at a time; goals: takings under 200 ms, cash-up under 20 ms',
  );
  console.log(
    `${'engine'.padEnd(30)} ${'orders'.padStart(8)} ${'takings p50'.padStart(12)} ${'p99 ms'.padStart(7)} ` +
      `${'cash-up p50'.padStart(12)} ${'p99 ms'.padStart(7)}`,
  );
  for (const r of results) {
    const t = r.takings;
    if (!t) continue;
    console.log(
      `${(r.engine + label(r.api)).padEnd(30)} ${fmt(t.orders).padStart(8)} ${fmt(t.takings.p50).padStart(12)} ` +
        `${fmt(t.takings.p99).padStart(7)} ${fmt(t.cashUp.p50).padStart(12)} ${fmt(t.cashUp.p99).padStart(7)}` +
        (t.backfillMs === undefined
          ? ''
          : `   (migration's backfill of the orders: ${fmt(t.backfillMs)} ms)`),
    );
  }
}

/** What 20 running promotions add to the CPU of a checkout of a 10-line basket forming deals (see the lib). */
async function measurePromotions(shop) {
  const figures = await benchPromotions({
    base: shop.base,
    pid: shop.pid,
    customers: PROMOTION_SHOPPERS,
    ordersEach: PROMOTION_ORDERS_EACH,
    api: shopRequest,
    signUp,
    prepareShopForLoad,
    cpuMs: cpuPreciseMs,
    domain,
  });
  await settle(shop.pid);
  return figures;
}

/** The promotions' table: CPU per checkout without and with 20 running promotions, and the pricing alone. */
function printPromotions(results, label) {
  if (!results.some((r) => r.promotions)) return;
  console.log(
    `\nPromotions: POST /api/order/cod of 10-line baskets (6 products in deals), ${PROMOTION_SHOPPERS} customers x ` +
      `${PROMOTION_ORDERS_EACH} orders a burst, pairs of bursts without and with 20 running promotions; added: the ` +
      "median of the pairs' differences (their middle half in brackets); alike: the same for two bursts with nothing " +
      'changed between them, the noise; goal: at most 0.2 ms of API CPU added',
  );
  const middle = (m) =>
    `${m.median.toFixed(2).padStart(5)} (${m.low.toFixed(2)} to ${m.high.toFixed(2)})`.padEnd(21);
  console.log(
    `${'engine'.padEnd(30)} ${'pairs'.padStart(5)} ${'CPU ms none'.padStart(12)} ${'with 20'.padStart(8)}  ` +
      `${'added'.padEnd(21)} ${'alike'.padEnd(21)} ${'refused'.padStart(7)} ${'pricing µs none'.padStart(16)} ` +
      `${'with 20'.padStart(8)}`,
  );
  for (const r of results) {
    const p = r.promotions;
    if (!p) continue;
    console.log(
      `${(r.engine + label(r.api)).padEnd(30)} ${String(p.rounds).padStart(5)} ${p.none.toFixed(2).padStart(12)} ` +
        `${p.with.toFixed(2).padStart(8)}  ${middle(p.added)} ${middle(p.alike)} ${String(p.refused).padStart(7)} ` +
        `${p.functionUs.none.toFixed(1).padStart(16)} ${p.functionUs.with.toFixed(1).padStart(8)}`,
    );
  }
}

// With several builds, each is named after the folder holding its backend/ (e.g. a checkout of main).
const label = (file) =>
  apis.length > 1
    ? ` [${path.basename(file.slice(0, file.lastIndexOf(`${path.sep}backend${path.sep}`)))}]`
    : '';

/** `--side-by-side`: only the builds' checkout side by side. */
async function sideBySideAlone() {
  if (apis.length < 2) {
    console.error('--side-by-side needs two builds or more (--api=…)');
    process.exit(1);
  }
  process.stdout.write('  measuring the builds side by side...\n');
  const rows = await benchSideBySide();
  printSideBySide(rows, label);
  console.log(
    `\nLoad average at the end: ${os
      .loadavg()
      .map((l) => l.toFixed(2))
      .join(', ')}`,
  );
  if (rows.some((r) => r.lost > 0 || r.duplicated > 0 || r.placed === 0)) {
    console.error('\nSomething went wrong: orders lost, duplicated or none placed.');
    process.exit(1);
  }
}

async function main() {
  const load = os
    .loadavg()
    .map((l) => l.toFixed(2))
    .join(', ');
  console.log(
    `Larder bench${quick ? ' (quick)' : ''}: ${os.cpus().length} CPU(s) ${os.cpus()[0]?.model ?? ''}, ` +
      `Node ${process.version}, load average ${load}`,
  );
  if (serverOnly && !process.env.DATABASE_URL) {
    console.error('--server-only needs DATABASE_URL');
    process.exit(1);
  }
  if (sideBySideOnly) return sideBySideAlone();
  const engines = serverOnly ? [] : [['PGlite', undefined]];
  let dropDatabase;
  if (process.env.DATABASE_URL) {
    const name = `larder_bench_${crypto.randomBytes(6).toString('hex')}`;
    await withServerClient(process.env.DATABASE_URL, (c) => c.query(`create database ${name}`));
    dropDatabase = () =>
      withServerClient(process.env.DATABASE_URL, (c) =>
        c.query(`drop database if exists ${name} with (force)`),
      );
    const url = new URL(process.env.DATABASE_URL);
    url.pathname = `/${name}`;
    engines.push(['PostgreSQL', url.toString()]);
  }
  const results = [];
  try {
    for (const [engine, url] of engines) {
      for (const file of apis) {
        if (url && results.length) {
          // Each build starts from an empty database.
          await withServerClient(url, (c) =>
            c.query(
              'drop schema public cascade; create schema public; drop schema if exists drizzle cascade',
            ),
          );
        }
        process.stdout.write(`  measuring ${engine}${label(file)}...\n`);
        results.push(await benchEngine(engine, file, url));
      }
    }
  } finally {
    await dropDatabase?.();
  }

  printTakings(results, label);
  if (takingsOnly) return;
  if (promotionsOnly) {
    printPromotions(results, label);
    if (results.some((r) => r.promotions.refused > 0)) {
      console.error('\nSomething went wrong: checkouts refused in the promotions run.');
      process.exit(1);
    }
    return;
  }
  if (!checkoutOnly && !pagesOnly && !searchOnly)
    console.log(
      `\nCatalogue: GET /api/product/list, ${CONNECTIONS} connections, ${CATALOGUE_SECONDS} s each, ` +
        `Accept-Encoding: ${LIST_REQUEST_HEADERS['accept-encoding']}`,
    );
  if (!checkoutOnly && !pagesOnly && !searchOnly)
    console.log(
      `${'engine'.padEnd(30)} ${'bytes'.padStart(7)} ${'bare req/s'.padStart(11)} ${'p99 ms'.padStart(7)} ` +
        `${'shop req/s'.padStart(11)} ${'p99 ms'.padStart(7)} ${'shop/bare'.padStart(9)} ${'errors'.padStart(6)}`,
    );
  for (const r of results) {
    const c = r.catalogue;
    if (!c) continue;
    console.log(
      `${(r.engine + label(r.api)).padEnd(30)} ${fmt(c.bytes).padStart(7)} ${fmt(c.bare.rps).padStart(11)} ` +
        `${fmt(c.bare.p99).padStart(7)} ${fmt(c.shop.rps).padStart(11)} ${fmt(c.shop.p99).padStart(7)} ` +
        `${(fmt((100 * c.shop.rps) / c.bare.rps) + '%').padStart(9)} ${fmt(c.shop.bad).padStart(6)}`,
    );
  }
  if (results.some((r) => r.search)) {
    console.log(
      `\nSearch: GET /api/product/search, ${SEARCH_CONNECTIONS} connections, ${CATALOGUE_SECONDS} s, ` +
        `${SEARCH_QUERIES.length} shoppers' queries in turn`,
    );
    console.log(
      `${'engine'.padEnd(30)} ${'req/s'.padStart(9)} ${'p50 ms'.padStart(7)} ${'p99 ms'.padStart(7)} ${'errors'.padStart(6)}`,
    );
  }
  for (const r of results) {
    const q = r.search;
    if (!q) continue;
    console.log(
      `${(r.engine + label(r.api)).padEnd(30)} ${fmt(q.rps).padStart(9)} ${fmt(q.p50).padStart(7)} ` +
        `${fmt(q.p99).padStart(7)} ${fmt(q.bad).padStart(6)}`,
    );
  }
  if (results.some((r) => r.pages)) {
    console.log(
      `\nPages: anonymous, ${PAGE_CONNECTIONS} connections, ${PAGE_SECONDS} s each, ` +
        `Accept-Encoding: ${PAGE_REQUEST_HEADERS['accept-encoding']}; health p99: GET /api/health one at a ` +
        'time while the page is under load',
    );
    console.log(
      `${'engine'.padEnd(30)} ${'page'.padEnd(9)} ${'bytes'.padStart(7)} ${'bare req/s'.padStart(11)} ` +
        `${'p99 ms'.padStart(7)} ${'shop req/s'.padStart(11)} ${'p99 ms'.padStart(7)} ${'shop/bare'.padStart(9)} ` +
        `${'health p99'.padStart(10)} ${'errors'.padStart(6)}`,
    );
  }
  for (const r of results) {
    for (const p of r.pages ?? []) {
      console.log(
        `${(r.engine + label(r.api)).padEnd(30)} ${p.name.padEnd(9)} ${fmt(p.bytes).padStart(7)} ` +
          `${fmt(p.bare.rps).padStart(11)} ${fmt(p.bare.p99).padStart(7)} ${fmt(p.shop.rps).padStart(11)} ` +
          `${fmt(p.shop.p99).padStart(7)} ${(fmt((100 * p.shop.rps) / p.bare.rps) + '%').padStart(9)} ` +
          `${fmt(p.healthP99, 1).padStart(10)} ${fmt(p.shop.bad).padStart(6)}`,
      );
    }
  }
  if (pagesOnly || searchOnly) {
    console.log(
      `\nLoad average at the end: ${os
        .loadavg()
        .map((l) => l.toFixed(2))
        .join(', ')}`,
    );
    const bad = results.some((r) => (r.pages ?? []).some((p) => p.shop.bad > 0) || (r.search?.bad ?? 0) > 0);
    if (bad) {
      console.error(`\nSomething went wrong: errors in the ${pagesOnly ? 'pages' : 'search'} run.`);
      process.exit(1);
    }
    return;
  }
  console.log(
    `\nCheckout: POST /api/order/cod, ${CUSTOMERS} customers at once, ${ORDERS_EACH} orders each ` +
      `(fresh Idempotency-Key) + 1 replay each, in two bursts: the first after start-up and a second ("warm")`,
  );
  console.log(
    `${'engine, burst'.padEnd(44)} ${'orders/s'.padStart(9)} ${'p50 ms'.padStart(7)} ${'p99 ms'.padStart(7)} ` +
      `${'placed'.padStart(7)} ${'lost'.padStart(5)} ${'dup'.padStart(4)}  refused`,
  );
  const burstNames = ['first after start', 'warm'];
  const burstRows = (row) => {
    for (const r of results)
      r.checkout.bursts.forEach((b, i) => row(`${r.engine}${label(r.api)}, ${burstNames[i]}`, b, r.checkout));
  };
  burstRows((name, b, k) => {
    const refused = [...b.refusals].map(([why, n]) => `${n} x ${why}`).join('; ') || '0';
    console.log(
      `${name.padEnd(44)} ${fmt(b.ordersPerSecond).padStart(9)} ${fmt(b.p50).padStart(7)} ` +
        `${fmt(b.p99).padStart(7)} ${fmt(b.placed).padStart(7)} ${fmt(k.lost).padStart(5)} ` +
        `${fmt(k.duplicated).padStart(4)}  ${refused}`,
    );
  });
  console.log(
    '\nCPU time per checkout request (ms): the API process (and the part of it spent in the kernel: socket' +
      ' reads and writes), the PostgreSQL server (its connections to the bench database and background' +
      ' processes), and this load generator',
  );
  console.log(
    `${'engine, burst'.padEnd(44)} ${'API'.padStart(6)} ${'kernel'.padStart(7)} ${'server'.padStart(7)} ${'client'.padStart(7)} ${'total'.padStart(6)}`,
  );
  burstRows((name, { cpu, requests }) => {
    const per = (ms) => ms / requests;
    const total = per(cpu.api) + per(cpu.client) + (Number.isFinite(cpu.server) ? per(cpu.server) : 0);
    console.log(
      `${name.padEnd(44)} ${fmt(per(cpu.api), 2).padStart(6)} ${fmt(per(cpu.apiKernel), 2).padStart(7)} ` +
        `${fmt(per(cpu.server), 2).padStart(7)} ${fmt(per(cpu.client), 2).padStart(7)} ${fmt(total, 2).padStart(6)}`,
    );
  });
  printPromotions(results, label);
  if (results.some((r) => r.standing)) {
    console.log(
      `\nRegular deliveries: standing orders of as many customers due at one moment, placed by the shop's job ` +
        `(it wakes when they fall due) while ${STANDING_SHOPPERS} customers check out one order after another; ` +
        'checkout p99 before and while placing',
    );
    console.log(
      `${'engine'.padEnd(30)} ${'plans'.padStart(6)} ${'placed'.padStart(7)} ${'all by s'.padStart(9)} ` +
        `${'placing s'.padStart(10)} ${'orders/s'.padStart(9)} ${'twice'.padStart(6)} ${'missed'.padStart(7)} ` +
        `${'p99 before'.padStart(11)} ${'p99 during'.padStart(11)}  refused`,
    );
  }
  for (const r of results) {
    const s = r.standing;
    if (!s) continue;
    const refused = [...s.refused].map(([why, n]) => `${n} x ${why}`).join('; ') || '0';
    console.log(
      `${(r.engine + label(r.api)).padEnd(30)} ${fmt(s.plans).padStart(6)} ${fmt(s.placed).padStart(7)} ` +
        `${fmt(s.allPlacedAfterS, 1).padStart(9)} ${fmt(s.placingS, 1).padStart(10)} ` +
        `${fmt(s.ordersPerSecond).padStart(9)} ${fmt(s.twice).padStart(6)} ${fmt(s.missed).padStart(7)} ` +
        `${fmt(s.checkoutsBefore.p99).padStart(11)} ${fmt(s.checkoutsDuring.p99).padStart(11)}  ${refused}`,
    );
  }
  let sideBySide = [];
  if (checkoutOnly && apis.length > 1 && !serverOnly) {
    process.stdout.write('  measuring the builds side by side...\n');
    sideBySide = await benchSideBySide();
    printSideBySide(sideBySide, label);
  }
  console.log('\nAPI process memory (RSS)');
  console.log(
    `${'engine'.padEnd(30)} ${'idle MB'.padStart(8)} ${'after load MB'.padStart(14)} ${'start s'.padStart(8)}`,
  );
  for (const r of results) {
    console.log(
      `${(r.engine + label(r.api)).padEnd(30)} ${fmt(r.idleRss).padStart(8)} ${fmt(r.afterRss).padStart(14)} ` +
        `${fmt(r.startMs / 1000, 1).padStart(8)}`,
    );
  }
  console.log(
    `\nLoad average at the end: ${os
      .loadavg()
      .map((l) => l.toFixed(2))
      .join(', ')}`,
  );
  const broken =
    results.some(
      (r) =>
        (r.catalogue?.shop.bad ?? 0) > 0 ||
        (r.search?.bad ?? 0) > 0 ||
        (r.pages ?? []).some((p) => p.shop.bad > 0) ||
        r.checkout.lost > 0 ||
        r.checkout.duplicated > 0 ||
        r.checkout.placed === 0 ||
        (r.standing && (r.standing.twice > 0 || r.standing.missed > 0)),
    ) || sideBySide.some((r) => r.lost > 0 || r.duplicated > 0 || r.placed === 0);
  if (broken) {
    console.error(
      '\nSomething went wrong: errors in the catalogue run, or orders lost, duplicated or none placed.',
    );
    process.exit(1);
  }
}

main()
  .then(() => clientAgent.destroy())
  .catch((err) => {
    console.error(err instanceof Error ? (err.stack ?? err.message) : err);
    process.exit(1);
  });
