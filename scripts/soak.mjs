#!/usr/bin/env node
/**
 * `npm run soak -- --minutes=30`: a long steady load on the built shop (run `npm run build` first), to see whether
 * it holds over time: memory, event-loop lag, latency and errors, printed for every minute.
 *
 * It starts backend/dist/app/main.js (or --api=<main.js>) on a free port, in development mode with the demo catalogue,
 * on a throw-away database of the machine's PostgreSQL server (SOAK_DATABASE_URL, default
 * postgres://postgres@127.0.0.1:5432/postgres; created here and dropped at the end), with its metrics endpoint on
 * another free port. Then, for --minutes (default 30), --users people (default 8), each waiting for an answer before
 * asking again, keep up a steady pace together (--rate requests a second in all, default 10) of:
 *   - browsing: the home page, a category page and a product page as a browser asks for them (HTML), the product
 *     list and the delivery slots (JSON);
 *   - searching: shoppers' queries, typos included;
 *   - checkout: signed-in customers (the development sign-in) placing a cash-on-delivery order for the next
 *     delivery date, then cancelling it or having the seller complete it (up to a busy day's 150 deliveries, then
 *     the seller cancels), so stock and slots never run out and the day stays the size of a real one;
 *   - seller work: the orders list, the summary figures, the pick list, a run sheet and a stock change.
 * Each minute prints the API's resident memory (RSS, the median of a reading every 5 s), its JS heap in use, the
 * heap V8 has committed (heap tot.) and its memory outside the heap that V8 knows of (buffers: external), the
 * event-loop lag (p99 and max, from the shop's own metrics, which reset at each scrape), requests, their p99 and
 * errors (a network error or an answer other than the one expected). At the end: PASS when every minute's RSS from
 * the second on stayed within 10% of minutes 2-5 (the first warms up) and nothing failed; exit 1 otherwise.
 * Not part of CI: it runs for half an hour.
 */
import { spawn } from 'node:child_process';
import crypto from 'node:crypto';
import fs from 'node:fs';
import http from 'node:http';
import { createRequire } from 'node:module';
import os from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { fileURLToPath } from 'node:url';
import { apiArgs } from './api-process.mjs';
import { freePort } from './lib/ports.mjs';

const root = path.dirname(path.dirname(fileURLToPath(import.meta.url)));
const requireFromBackend = createRequire(path.join(root, 'backend/package.json'));
const { Client } = requireFromBackend('pg');

const option = (name, fallback) => {
  const arg = process.argv.slice(2).find((a) => a.startsWith(`--${name}=`));
  return arg ? arg.slice(name.length + 3) : fallback;
};
const MINUTES = Number(option('minutes', '30'));
const RATE = Number(option('rate', '10'));
const USERS = Number(option('users', '8'));
const API = path.resolve(option('api', path.join(root, 'backend/dist/app/main.js')));
const SERVER_URL = process.env.SOAK_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const CUSTOMERS = 20;
/**
 * Orders the seller completes on the one delivery date the soak orders for (a busy day: three slots of 50); past
 * it, orders are cancelled. All orders go to the next delivery date, and a day that grew for the whole run would
 * make each run sheet and day's figure larger minute by minute: load that grows, not load that holds.
 */
const DAY_DELIVERIES = 150;
const sharedDomainEntry = path.join(root, 'shared-domain/dist/index.js');
if (!(MINUTES > 0) || !(RATE > 0) || !(USERS >= 1)) {
  console.error(
    'usage: npm run soak -- [--minutes=30] [--rate=10] [--users=8] [--api=backend/dist/app/main.js]',
  );
  process.exit(2);
}
for (const file of [API, sharedDomainEntry]) {
  if (!fs.existsSync(file)) {
    console.error(`${file} is missing: run \`npm run build\` first (the soak builds nothing).`);
    process.exit(1);
  }
}
const domain = requireFromBackend(sharedDomainEntry);

const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));
const log = (line) => process.stdout.write(`soak: ${line}\n`);

function rssMb(pid) {
  try {
    const kb = Number(/VmRSS:\s+(\d+)/.exec(fs.readFileSync(`/proc/${pid}/status`, 'utf8'))?.[1]);
    return kb ? kb / 1024 : NaN;
  } catch {
    return NaN;
  }
}

function percentile(sorted, p) {
  if (!sorted.length) return NaN;
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)];
}

// Idle sockets are closed after 5 s, well before the shop's keep-alive timeout: a socket the server has closed
// is never reused (which would fail the request on the client's side, not the shop's).
const agent = new http.Agent({ keepAlive: true, maxSockets: 32, timeout: 5000 });

/** One request; resolves { status, json, text, setCookie } (rejects on a network error). */
function request(base, method, urlPath, { body, cookie, headers = {} } = {}) {
  const url = new URL(urlPath, base);
  const payload = body === undefined ? undefined : JSON.stringify(body);
  return new Promise((resolve, reject) => {
    const req = http.request(
      url,
      {
        method,
        agent,
        timeout: 30_000,
        headers: {
          accept: 'application/json',
          ...(payload ? { 'content-type': 'application/json' } : {}),
          ...(cookie ? { cookie } : {}),
          ...headers,
        },
      },
      (res) => {
        const chunks = [];
        res.on('data', (c) => chunks.push(c));
        res.on('error', reject);
        res.on('end', () => {
          const text = Buffer.concat(chunks).toString('utf8');
          let json;
          try {
            json = JSON.parse(text);
          } catch {
            json = undefined;
          }
          resolve({ status: res.statusCode, json, text, setCookie: res.headers['set-cookie'] ?? [] });
        });
      },
    );
    req.on('timeout', () => req.destroy(new Error('timed out after 30 s')));
    req.on('error', reject);
    req.end(payload);
  });
}

const cookieOf = (res) => res.setCookie.map((c) => c.split(';')[0]).join('; ');

// ------------------------------------------------------------------------------------------ the shop

async function startShop(databaseUrl) {
  const port = await freePort();
  const metricsPort = await freePort();
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'larder-soak-'));
  const env = {
    ...process.env,
    NODE_ENV: 'development',
    PORT: String(port),
    METRICS_PORT: String(metricsPort),
    METRICS_HOST: '127.0.0.1',
    DATA_DIR: dataDir,
    DATABASE_URL: databaseUrl,
    SEED: 'true',
    LOG_LEVEL: 'warn',
    // One client address does the work of many shoppers.
    THROTTLE_LIMIT: '1000000',
    ORDER_THROTTLE_LIMIT: '1000000',
  };
  delete env.GOOGLE_CLIENT_ID;
  delete env.REDIS_URL;
  const out = fs.openSync(path.join(dataDir, 'api.log'), 'a');
  const child = spawn(process.execPath, apiArgs(API), { cwd: root, env, stdio: ['ignore', out, out] });
  const base = `http://127.0.0.1:${port}`;
  const started = Date.now();
  for (;;) {
    if (child.exitCode !== null)
      throw new Error(
        `the API exited while starting: ${fs.readFileSync(path.join(dataDir, 'api.log'), 'utf8')}`,
      );
    try {
      if ((await request(base, 'GET', '/api/health')).status === 200) break;
    } catch {
      /* not yet */
    }
    if (Date.now() - started > 300_000) throw new Error('the API did not answer within 300 s');
    await sleep(250);
  }
  return {
    base,
    metrics: `http://127.0.0.1:${metricsPort}`,
    child,
    dataDir,
    async stop() {
      if (child.exitCode === null) {
        const exited = new Promise((resolve) => child.once('exit', resolve));
        child.kill('SIGTERM');
        await Promise.race([exited, sleep(15_000)]);
        if (child.exitCode === null) child.kill('SIGKILL');
      }
    },
  };
}

/** The event-loop lag since the last scrape (the shop's histogram resets at each), in ms. */
async function eventLoopLag(metricsBase) {
  const { text } = await request(metricsBase, 'GET', '/metrics', { headers: { accept: 'text/plain' } });
  const value = (name) =>
    Number(new RegExp(`^${name}(?:\\{[^}]*\\})? ([0-9.e+-]+)$`, 'm').exec(text)?.[1]) * 1000;
  return {
    p99: value('nodejs_eventloop_lag_p99_seconds'),
    max: value('nodejs_eventloop_lag_max_seconds'),
    heapMb: value('nodejs_heap_size_used_bytes') / 1000 / 1024 / 1024,
    heapTotalMb: value('nodejs_heap_size_total_bytes') / 1000 / 1024 / 1024,
    externalMb: value('nodejs_external_memory_bytes') / 1000 / 1024 / 1024,
  };
}

// ------------------------------------------------------------------------------------------ the people

const QUERIES = [
  'carots',
  'strawb',
  'tumeric',
  'milk',
  'brown rice',
  'cheese',
  'pop corn',
  'tomato',
  'xqzvw',
];
const ADDRESSES = [
  { city: 'Bristol', postalCode: 'BS1 4DJ' },
  { city: 'Cardiff', postalCode: 'CF10 1EP' },
  { city: 'Somerset', postalCode: 'BA1 1LT' },
  { city: 'Swindon', postalCode: 'SN1 1AA' },
];

async function signUp(base, n) {
  const email = `soak-${n}-${crypto.randomBytes(4).toString('hex')}@example.com`;
  const token = await request(base, 'POST', '/api/auth/dev/id-token', {
    body: { email, firstName: 'Soak', lastName: `Customer${n}` },
  });
  if (token.status !== 200) throw new Error(`dev id-token answered ${token.status}: ${token.text}`);
  const login = await request(base, 'POST', '/api/user/google-login', {
    body: { tokenId: token.json.tokenId, firstName: 'Soak', lastName: `Customer${n}`, phone: '07700 900123' },
  });
  if (login.status !== 200) throw new Error(`google-login answered ${login.status}: ${login.text}`);
  const cookie = cookieOf(login);
  const address = await request(base, 'PUT', '/api/user/add-address', {
    cookie,
    body: {
      address: {
        street: `${n} Soak Street`,
        ...ADDRESSES[n % ADDRESSES.length],
        state: 'Avon',
        country: domain.DELIVERY_COUNTRY,
      },
    },
  });
  if (address.status >= 300) throw new Error(`add-address answered ${address.status}: ${address.text}`);
  return { n, cookie, addressId: address.json.newAddress._id };
}

async function prepare(base) {
  const login = await request(base, 'POST', '/api/seller/login', {
    body: { email: 'seller@larder.local', password: 'larder-seller' },
  });
  if (login.status !== 200) throw new Error(`seller login answered ${login.status}: ${login.text}`);
  const seller = cookieOf(login);
  const settings = [
    ['/api/settings/delivery', { slotCapacity: domain.MAX_SLOT_CAPACITY }],
    ['/api/settings/orders', { maxOpenOrders: domain.MAX_MAX_OPEN_ORDERS }],
  ];
  for (const [route, body] of settings) {
    const res = await request(base, 'POST', route, { cookie: seller, body });
    if (res.status !== 200) throw new Error(`${route} answered ${res.status}: ${res.text}`);
  }
  const list = await request(base, 'GET', '/api/product/list');
  const products = list.json.products.filter((p) => p.inStock && !p.ageRestricted);
  if (products.length < 4) throw new Error('the demo catalogue has fewer than four products in stock');
  for (const product of products) {
    const res = await request(base, 'POST', '/api/product/stock', {
      cookie: seller,
      body: { id: product._id, stock: domain.MAX_STOCK },
    });
    if (res.status !== 200) throw new Error(`stock answered ${res.status}: ${res.text}`);
  }
  const shipping = (await request(base, 'GET', '/api/settings/shipping')).json;
  return {
    seller,
    products,
    shipping: {
      shippingCharge: domain.poundsToPence(shipping.shippingCharge),
      shippingThreshold: domain.poundsToPence(shipping.shippingThreshold),
    },
  };
}

// ------------------------------------------------------------------------------------------ the run

async function main() {
  const dbName = `larder_soak_${crypto.randomBytes(4).toString('hex')}`;
  const admin = new Client({ connectionString: SERVER_URL });
  await admin.connect();
  await admin.query(`create database ${dbName}`);
  await admin.end();
  const url = new URL(SERVER_URL);
  url.pathname = `/${dbName}`;
  let shop;
  let stopping = false;
  const dropDatabase = async () => {
    const c = new Client({ connectionString: SERVER_URL });
    await c.connect();
    await c.query(`drop database if exists ${dbName} with (force)`);
    await c.end();
  };
  for (const signal of ['SIGINT', 'SIGTERM']) {
    process.once(signal, () => {
      stopping = true;
    });
  }

  try {
    shop = await startShop(url.toString());
    const { base } = shop;
    log(`the shop on ${base} (PostgreSQL server, database ${dbName}); ${MINUTES} min at ${RATE} requests/s`);
    const setup = await prepare(base);
    const customers = [];
    for (let i = 0; i < CUSTOMERS; i++) customers.push(await signUp(base, i));
    const category = setup.products[0].category.toLowerCase();
    const pages = ['/', `/products/${category}`];

    /** Every order placed and not yet cancelled or completed, oldest first. */
    const open = [];
    /** Orders delivered (Completed) on the soak's delivery date. */
    let completed = 0;
    let step = 0;
    const actions = [
      // Browsing (about half the requests).
      ...Array(3).fill(['page', () => pages[step % pages.length]]),
      [
        'page',
        () => {
          const p = setup.products[step % setup.products.length];
          return `/products/${p.category.toLowerCase()}/${p._id}`;
        },
      ],
      ['list', () => '/api/product/list'],
      ['slots', () => '/api/delivery/slots'],
      // Searching.
      ...Array(3).fill([
        'search',
        () => `/api/product/search?q=${encodeURIComponent(QUERIES[step % QUERIES.length])}`,
      ]),
      // Checkout and what follows it.
      ['checkout'],
      ['checkout'],
      ['cancel'],
      // Seller work.
      ['seller', () => '/api/order/seller?page=1&limit=20'],
      ['seller', () => '/api/seller/summary'],
      ['seller', () => '/api/seller/picking'],
      ['complete'],
      ['runSheet'],
      ['stock'],
    ];

    async function act(kind, pathFor) {
      step++;
      switch (kind) {
        case 'page': {
          const res = await request(base, 'GET', pathFor(), {
            headers: { accept: 'text/html,*/*;q=0.8', 'accept-encoding': 'br, gzip' },
          });
          return res.status === 200 ? undefined : `page ${res.status}`;
        }
        case 'list':
        case 'slots':
        case 'search': {
          const res = await request(base, 'GET', pathFor());
          return res.status === 200 ? undefined : `${kind} ${res.status}`;
        }
        case 'seller': {
          const res = await request(base, 'GET', pathFor(), { cookie: setup.seller });
          return res.status === 200 ? undefined : `${pathFor()} ${res.status}`;
        }
        case 'runSheet': {
          const date = domain.selectableDeliveryDate(new Date());
          const res = await request(
            base,
            'GET',
            `/api/seller/run-sheet?date=${date}&time=${encodeURIComponent(domain.DELIVERY_SLOTS[0])}`,
            { cookie: setup.seller },
          );
          return res.status === 200 ? undefined : `run sheet ${res.status}`;
        }
        case 'stock': {
          const p = setup.products[step % setup.products.length];
          const res = await request(base, 'POST', '/api/product/stock', {
            cookie: setup.seller,
            body: { id: p._id, stock: domain.MAX_STOCK },
          });
          return res.status === 200 ? undefined : `stock ${res.status}`;
        }
        case 'checkout': {
          const c = customers[step % customers.length];
          const picked = [0, 1].map((k) => setup.products[(step * 7 + k) % setup.products.length]);
          const lines = picked.map((p) => ({
            offerPrice: domain.poundsToPence(p.offerPrice),
            quantity: 1,
            vatBasisPoints: domain.percentToBasisPoints(p.vat),
          }));
          const totals = domain.priceOrder(lines, setup.shipping);
          const res = await request(base, 'POST', '/api/order/cod', {
            cookie: c.cookie,
            headers: { 'idempotency-key': crypto.randomUUID() },
            body: {
              items: picked.map((p) => ({ product: p._id, quantity: 1, vat: p.vat })),
              address: c.addressId,
              paymentType: 'COD',
              amount: domain.penceToPounds(totals.amount),
              shippingCharge: domain.penceToPounds(totals.shipping),
              totalVat: domain.penceToPounds(totals.vat),
              deliverySlot: {
                date: domain.selectableDeliveryDate(new Date()),
                time: domain.DELIVERY_SLOTS[step % domain.DELIVERY_SLOTS.length],
              },
            },
          });
          if (res.status !== 201)
            return `checkout ${res.status}: ${res.json?.message ?? res.text.slice(0, 80)}`;
          open.push({ id: res.json.orderId, customer: c });
          return undefined;
        }
        case 'cancel': {
          const order = open.shift();
          if (!order) return undefined;
          const res = await request(base, 'PUT', `/api/order/${order.id}/cancel`, {
            cookie: order.customer.cookie,
          });
          return res.status === 200 ? undefined : `cancel ${res.status}: ${res.json?.message ?? ''}`;
        }
        case 'complete': {
          const order = open.shift();
          if (!order) return undefined;
          // Past a day's deliveries the seller cancels instead (see DAY_DELIVERIES).
          const status = completed < DAY_DELIVERIES ? 'Completed' : 'Cancelled';
          const res = await request(base, 'PUT', `/api/order/${order.id}/status`, {
            cookie: setup.seller,
            body: { status },
          });
          if (res.status !== 200) return `${status} ${res.status}: ${res.json?.message ?? ''}`;
          if (status === 'Completed') completed += 1;
          return undefined;
        }
        default:
          throw new Error(kind);
      }
    }

    const minutes = [];
    let current = { latencies: [], errors: new Map(), rss: [] };
    const endAt = Date.now() + MINUTES * 60_000;
    await eventLoopLag(shop.metrics); // resets the histogram: the first minute measures the load only

    /** Closes the minute: one line of figures. */
    async function minuteDone() {
      const done = current;
      current = { latencies: [], errors: new Map(), rss: [] };
      const lag = await eventLoopLag(shop.metrics).catch(() => ({
        p99: NaN,
        max: NaN,
        heapMb: NaN,
        heapTotalMb: NaN,
        externalMb: NaN,
      }));
      const sorted = done.latencies.sort((a, b) => a - b);
      const errors = [...done.errors.values()].reduce((a, b) => a + b, 0);
      const row = {
        minute: minutes.length + 1,
        // The median of the minute's samples: one reading lands anywhere on the garbage collector's saw.
        rss: percentile(
          done.rss.sort((a, b) => a - b),
          50,
        ),
        heap: lag.heapMb,
        heapTotal: lag.heapTotalMb,
        external: lag.externalMb,
        lagP99: lag.p99,
        lagMax: lag.max,
        requests: sorted.length,
        p99: percentile(sorted, 99),
        errors,
      };
      minutes.push(row);
      log(
        `${String(row.minute).padStart(6)} ${row.rss.toFixed(1).padStart(8)} ${row.heap.toFixed(1).padStart(8)} ${row.heapTotal.toFixed(1).padStart(9)} ${row.external.toFixed(1).padStart(8)} ${row.lagP99.toFixed(1).padStart(12)} ` +
          `${row.lagMax.toFixed(1).padStart(12)} ${String(row.requests).padStart(10)} ${row.p99.toFixed(1).padStart(8)} ` +
          `${String(errors).padStart(8)}` +
          (errors ? `   ${[...done.errors].map(([k, v]) => `${v}× ${k}`).join('; ')}` : ''),
      );
    }

    // USERS people, each waiting for an answer before the next request and pacing themselves so that together
    // they ask RATE requests a second; one that falls behind (a slow answer) does not catch up in a burst.
    log(
      'minute   RSS MB  heap MB  heap tot.  ext. MB   lag p99 ms   lag max ms   requests   p99 ms   errors',
    );
    let n = 0;
    const person = async () => {
      const every = (USERS * 1000) / RATE;
      let next = performance.now() + Math.random() * every;
      while (!stopping && Date.now() < endAt && shop.child.exitCode === null) {
        const wait = next - performance.now();
        if (wait > 0) await sleep(wait);
        else next = performance.now();
        next += every;
        const [kind, pathFor] = actions[n++ % actions.length];
        const bucket = current;
        const t0 = performance.now();
        const error = await act(kind, pathFor).catch((err) => `${kind}: ${err.message}`);
        bucket.latencies.push(performance.now() - t0);
        if (error) bucket.errors.set(error, (bucket.errors.get(error) ?? 0) + 1);
      }
    };
    const people = Promise.all(Array.from({ length: USERS }, person));
    let minuteEnds = Date.now() + 60_000;
    while (!stopping && Date.now() < endAt) {
      if (shop.child.exitCode !== null) throw new Error(`the API exited (${shop.child.exitCode})`);
      await sleep(Math.min(5000, Math.max(0, minuteEnds - Date.now())));
      current.rss.push(rssMb(shop.child.pid));
      if (Date.now() >= minuteEnds) {
        minuteEnds += 60_000;
        await minuteDone();
      }
    }
    await people;

    if (minutes.length < 2) {
      log('too short to judge (under two minutes)');
      return minutes.some((m) => m.errors) ? 1 : 0;
    }
    // The first minute warms the process up (caches, JIT); the rest is measured against minutes 2 to 5 (the
    // median of their medians).
    const settled = minutes.slice(1, 5).map((m) => m.rss);
    const reference = percentile(
      settled.sort((a, b) => a - b),
      50,
    );
    const rssValues = minutes.slice(1).map((m) => m.rss);
    const highest = Math.max(...rssValues);
    const lowest = Math.min(...rssValues);
    const last = minutes[minutes.length - 1].rss;
    const errors = minutes.reduce((sum, m) => sum + m.errors, 0);
    const requests = minutes.reduce((sum, m) => sum + m.requests, 0);
    const withinTenPercent = highest <= reference * 1.1 && lowest >= reference * 0.9;
    log('');
    log(
      `summary: ${minutes.length} minutes, ${requests} requests, ${errors} errors; RSS ${minutes[0].rss.toFixed(1)} MB ` +
        `in minute 1, ${reference.toFixed(1)} MB in minutes 2-5, ${lowest.toFixed(1)}-${highest.toFixed(1)} MB from ` +
        `minute 2 on, ${last.toFixed(1)} MB at the end (${(((last - reference) / reference) * 100).toFixed(1)}%); ` +
        `worst minute p99 ${Math.max(...minutes.map((m) => m.p99)).toFixed(1)} ms, worst lag max ` +
        `${Math.max(...minutes.map((m) => m.lagMax)).toFixed(1)} ms`,
    );
    const pass = errors === 0 && withinTenPercent;
    log(pass ? 'PASS: RSS within 10% of minutes 2-5 from minute 2 on, 0 errors' : 'FAIL: see above');
    return pass ? 0 : 1;
  } finally {
    await shop?.stop();
    if (shop) fs.rmSync(shop.dataDir, { recursive: true, force: true });
    await dropDatabase().catch((err) => log(`could not drop ${dbName}: ${err.message}`));
    agent.destroy();
  }
}

main().then(
  (status) => process.exit(status),
  (err) => {
    log(`FAIL ${err.stack ?? err.message}`);
    process.exit(1);
  },
);
