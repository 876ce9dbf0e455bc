#!/usr/bin/env node
/**
 * The two-replica crash test: two built API processes in production mode on the machine's PostgreSQL (a throw-away
 * database, created and dropped here) and Redis, behind Debian's nginx configured from deploy/nginx (the same
 * upstream settings and the same proxy rules as docker-compose); a local OpenID Connect server stands in for Google.
 * It checks that
 *   - a session made on one replica is accepted by the other, and a logout on one ends it on the other;
 *   - the sign-in rate limit counts across both replicas;
 *   - 200 signed-in customers checking out at once through nginx for fewer units than there are customers, while
 *     replica B is killed with SIGKILL mid-burst and clients retry with the same Idempotency-Key: B answered
 *     checkouts before it died, at least one retry was answered by A, exactly the counted units were sold (one
 *     order each), every refusal is the out-of-stock message, and nothing is lost, duplicated or oversold;
 *   - an order committed on B whose answer never left B (B dies before replying) is answered again, the same
 *     order, when the customer retries through A.
 * It installs nothing: it needs `npm run build` (backend/dist), `nginx` on the PATH (or NGINX), PostgreSQL
 * (CRASH_TEST_DATABASE_URL, default postgres://postgres@127.0.0.1:5432/postgres) and Redis (CRASH_TEST_REDIS_URL,
 * default redis://127.0.0.1:6379). Ports: CRASH_TEST_PORT (nginx) and the next two (the replicas); by default
 * three that the system says are free.
 * Prints a summary; exits non-zero on any failure; always stops what it started and drops its database.
 *
 * `npm run crash-test -- --restart-db` restarts the database instead: on a PostgreSQL cluster of its own (initdb
 * and pg_ctl from `pg_config --bindir` or /usr/lib/postgresql/<newest>/bin, in a temporary folder, on a free port;
 * run as the `postgres` user when started as root; never the machine's own server), with both replicas up and
 * a local SMTP server taking the shop's e-mails, it restarts the cluster (pg_ctl restart -m fast) in the middle of
 * the checkout burst through nginx, while the seller watches the order events on each replica. It checks that every
 * checkout is answered (clients retry a 5xx or a cut connection with the same Idempotency-Key), every acknowledged
 * order is stored once and nothing is oversold, both event streams carry every order placed (live or caught up
 * after the listening connection came back), the e-mail outbox sends each order's confirmation exactly once, and
 * both replicas take checkouts again; it prints how long checkouts failed.
 */
import { spawn, spawnSync } from 'node:child_process';
import crypto from 'node:crypto';
import fs from 'node:fs';
import http from 'node:http';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { createRequire } from 'node:module';
import { fileURLToPath } from 'node:url';
import { apiArgs } from './api-process.mjs';
import { freePort, freePorts } from './lib/ports.mjs';

const root = path.dirname(path.dirname(fileURLToPath(import.meta.url)));
const requireFromBackend = createRequire(path.join(root, 'backend/package.json'));
const { Client } = requireFromBackend('pg');
const { outOfStockMessage } = requireFromBackend('@larder/shared-domain');
const GOOGLE_CLIENT_ID = 'crash-test.apps.example';
/** The local OpenID Connect server that issues the customers' ID tokens (set in main). */
let oidc;

const CUSTOMERS = Number(process.env.CRASH_TEST_CUSTOMERS ?? 200);
const [LB_PORT, ...REPLICA_PORTS] = process.env.CRASH_TEST_PORT
  ? [0, 1, 2].map((n) => Number(process.env.CRASH_TEST_PORT) + n)
  : await freePorts(3);
/** Restart the database mid-burst (on a cluster of the test's own) instead of killing a replica. */
const RESTART_DB = process.argv.slice(2).includes('--restart-db');
/** The server the throw-away database lives on; in --restart-db mode, the test's own cluster (set in main). */
let SERVER_URL = process.env.CRASH_TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const REDIS_URL = process.env.CRASH_TEST_REDIS_URL ?? 'redis://127.0.0.1:6379';
const NGINX = process.env.NGINX ?? 'nginx';
const SIGN_IN_LIMIT = 5;
/** The counted stock of the product every customer buys: fewer units than customers. */
const COUNTED_STOCK = Math.floor(CUSTOMERS * 0.75);
/** Attempts per checkout: a restarting database is away for seconds, a killed replica only until nginx notices. */
const MAX_ATTEMPTS = RESTART_DB ? 60 : 12;
const PRODUCT_NAME = 'Crash test oats';

const runId = crypto.randomBytes(4).toString('hex');
const dbName = `larder_crash_${runId}`;
const workDir = fs.mkdtempSync(path.join(os.tmpdir(), 'larder-crash-'));
// Each run's clients come from their own loopback addresses (127.X.Y.Z), so rate-limit counters in the shared
// Redis never meet another run's.
const subnet = 100 + crypto.randomInt(150);
const clientAddress = (i) => `127.${subnet}.${1 + Math.floor(i / 250)}.${1 + (i % 250)}`;

const children = [];
const failures = [];
const log = (line) => process.stdout.write(`crash-test: ${line}\n`);
function check(ok, what) {
  if (ok) log(`ok   ${what}`);
  else {
    failures.push(what);
    log(`FAIL ${what}`);
  }
}

// ---------------------------------------------------------------- HTTP

/** One JSON request; resolves { status, body, cookies } or rejects on a network error. */
function call(port, method, urlPath, { body, cookie, from, forwardedFor, idempotencyKey, attempt } = {}) {
  return new Promise((resolve, reject) => {
    const payload = body === undefined ? undefined : JSON.stringify(body);
    const headers = { accept: 'application/json' };
    if (payload)
      Object.assign(headers, {
        'content-type': 'application/json',
        'content-length': Buffer.byteLength(payload),
      });
    if (cookie) headers.cookie = cookie;
    if (forwardedFor) headers['x-forwarded-for'] = forwardedFor;
    if (idempotencyKey) headers['idempotency-key'] = idempotencyKey;
    // Names the attempt in nginx's access log, which records the replica that answered it.
    if (attempt) headers['x-crash-attempt'] = attempt;
    const req = http.request(
      {
        host: '127.0.0.1',
        port,
        method,
        path: urlPath,
        headers,
        localAddress: from,
        agent: false,
        timeout: 30_000,
      },
      (res) => {
        const chunks = [];
        res.on('data', (c) => chunks.push(c));
        res.on('end', () => {
          const text = Buffer.concat(chunks).toString('utf8');
          let parsed;
          try {
            parsed = text ? JSON.parse(text) : undefined;
          } catch {
            parsed = text;
          }
          const cookies = {};
          for (const c of res.headers['set-cookie'] ?? []) {
            const [pair] = c.split(';');
            const eq = pair.indexOf('=');
            // Production cookies carry the __Host- prefix; they are looked up by their plain name.
            cookies[pair.slice(0, eq).replace(/^__Host-/, '')] = pair;
          }
          resolve({
            status: res.statusCode,
            body: parsed,
            cookies,
            retryAfter: res.headers['retry-after'],
            headers: res.headers,
          });
        });
        res.on('error', reject);
      },
    );
    req.on('timeout', () => req.destroy(new Error('timeout')));
    req.on('error', reject);
    if (payload) req.write(payload);
    req.end();
  });
}

async function waitFor(what, probe, timeoutMs = 120_000) {
  const started = Date.now();
  for (;;) {
    try {
      if (await probe()) return;
    } catch (err) {
      if (err.fatal) throw err;
      /* not yet */
    }
    if (Date.now() - started > timeoutMs)
      throw new Error(`timed out waiting for ${what} after ${timeoutMs / 1000} s`);
    await new Promise((r) => setTimeout(r, 250));
  }
}

/** Runs `work` over `items` with at most `limit` at a time. */
async function pool(items, limit, work) {
  const results = new Array(items.length);
  let next = 0;
  await Promise.all(
    Array.from({ length: Math.min(limit, items.length) }, async () => {
      while (next < items.length) {
        const i = next++;
        results[i] = await work(items[i], i);
      }
    }),
  );
  return results;
}

// ---------------------------------------------------------------- services

async function withServer(work) {
  const client = new Client({ connectionString: SERVER_URL });
  await client.connect();
  try {
    return await work(client);
  } finally {
    await client.end();
  }
}

function databaseUrl() {
  const url = new URL(SERVER_URL);
  url.pathname = `/${dbName}`;
  return url.toString();
}

function redisReachable() {
  const url = new URL(REDIS_URL);
  return new Promise((resolve) => {
    const socket = net.connect(Number(url.port || 6379), url.hostname);
    socket.setTimeout(3000);
    socket.on('connect', () => socket.write('PING\r\n'));
    socket.on('data', (d) => {
      socket.destroy();
      resolve(d.toString().startsWith('+PONG'));
    });
    socket.on('error', () => resolve(false));
    socket.on('timeout', () => {
      socket.destroy();
      resolve(false);
    });
  });
}

const secrets = {
  JWT_SECRET: crypto.randomBytes(32).toString('base64url'),
  SELLER_EMAIL: 'seller@crash-test.local',
  SELLER_PASSWORD: crypto.randomBytes(18).toString('base64url'),
};

function startReplica(name, port) {
  const out = fs.openSync(path.join(workDir, `${name}.log`), 'a');
  const child = spawn(process.execPath, apiArgs(), {
    cwd: root,
    stdio: ['ignore', out, out],
    env: {
      ...process.env,
      // As deployed: customers sign in with Google ID tokens, here from the local OpenID Connect server.
      NODE_ENV: 'production',
      ...secrets,
      HOST: '127.0.0.1',
      PORT: String(port),
      PUBLIC_URL: `http://127.0.0.1:${LB_PORT}`,
      DATABASE_URL: databaseUrl(),
      REDIS_URL,
      TRUST_PROXY: 'loopback',
      THROTTLE_LIMIT: String(SIGN_IN_LIMIT),
      THROTTLE_TTL_MS: '60000',
      SEED: 'false',
      GOOGLE_CLIENT_ID,
      GOOGLE_JWKS_URL: `${oidc.issuer.url}/jwks`,
      GOOGLE_ISSUER: oidc.issuer.url,
      DATA_DIR: path.join(workDir, name),
      LOG_LEVEL: 'warn',
      ...(smtp ? { SMTP_URL: `smtp://127.0.0.1:${smtp.port}`, MAIL_POLL_INTERVAL_MS: '250' } : {}),
    },
  });
  const entry = { name, child, exited: false };
  child.on('exit', (code, signal) => {
    entry.exited = true;
    entry.exitedWith = signal ?? `code ${code}`;
  });
  children.push(entry);
  return entry;
}

/** nginx.conf from deploy/nginx/host-shell.conf: its upstream and /api/ location, with local addresses. */
function writeNginxConfig() {
  const larderDir = path.join(workDir, 'larder');
  fs.mkdirSync(larderDir, { recursive: true });
  for (const f of ['tls-maps.conf', 'proxy-api.conf', 'proxy-events.conf']) {
    fs.copyFileSync(path.join(root, 'deploy/nginx', f), path.join(larderDir, f));
  }
  const template = fs.readFileSync(
    path.join(root, 'deploy/nginx/templates/security-headers.conf.template'),
    'utf8',
  );
  fs.writeFileSync(
    path.join(larderDir, 'security-headers.conf'),
    template.replaceAll('${LARDER_REMOTE_ORIGINS}', ''),
  );

  const site = fs
    .readFileSync(path.join(root, 'deploy/nginx/host-shell.conf'), 'utf8')
    .replaceAll('/etc/nginx/larder/', `${larderDir}/`)
    .replace('server api-1:3000', `server 127.0.0.1:${REPLICA_PORTS[0]}`)
    .replace('server api-2:3000', `server 127.0.0.1:${REPLICA_PORTS[1]}`)
    .replace('listen 80;', `listen 127.0.0.1:${LB_PORT};`)
    .replace('root /usr/share/nginx/html;', `root ${workDir}/html;`);
  if (/api-\d:3000/.test(site))
    throw new Error('deploy/nginx/host-shell.conf names more replicas than this test runs');
  fs.mkdirSync(path.join(workDir, 'html'), { recursive: true });
  // The seller area's service worker as built (a stand-in line without a build: its headers are nginx's).
  const worker = path.join(root, 'host-shell/dist/seller-sw.js');
  if (fs.existsSync(worker)) fs.copyFileSync(worker, path.join(workDir, 'html/seller-sw.js'));
  else fs.writeFileSync(path.join(workDir, 'html/seller-sw.js'), '// the seller area service worker\n');
  for (const d of ['client_body', 'proxy', 'fastcgi', 'uwsgi', 'scgi']) {
    fs.mkdirSync(path.join(workDir, 'tmp', d), { recursive: true });
  }
  const conf = `
worker_processes 1;
daemon off;
pid ${workDir}/nginx.pid;
error_log ${workDir}/nginx-error.log warn;
${process.getuid?.() === 0 ? 'user root;' : ''}
events { worker_connections 2048; }
http {
  # As the nginx image's own nginx.conf does, around the site's file in conf.d.
  include /etc/nginx/mime.types;
  default_type application/octet-stream;
  log_format crash '$msec "$upstream_addr" $status $http_x_crash_attempt';
  access_log ${workDir}/nginx-access.log crash;
  client_body_temp_path ${workDir}/tmp/client_body;
  proxy_temp_path ${workDir}/tmp/proxy;
  fastcgi_temp_path ${workDir}/tmp/fastcgi;
  uwsgi_temp_path ${workDir}/tmp/uwsgi;
  scgi_temp_path ${workDir}/tmp/scgi;
${site}
}
`;
  const file = path.join(workDir, 'nginx.conf');
  fs.writeFileSync(file, conf);
  return file;
}

// ---------------------------------------------------------------- the test

/** A Google-style ID token for a customer, signed by the local OpenID Connect server. */
function idToken(email) {
  return oidc.issuer.buildToken({
    expiresIn: 600,
    scopesOrTransform: (_header, payload) => {
      Object.assign(payload, { aud: GOOGLE_CLIENT_ID, sub: `sub-${email}`, email, email_verified: true });
    },
  });
}

/** Signs a customer in on one replica, as the client address nginx would forward; adds their address. */
async function signIn(port, i) {
  const from = clientAddress(i);
  const email = `crash-${runId}-${i}@example.com`;
  const login = await call(port, 'POST', '/api/user/google-login', {
    forwardedFor: from,
    body: {
      tokenId: await idToken(email),
      firstName: 'Crash',
      lastName: `Tester ${i}`,
      phone: '07700 900123',
    },
  });
  if (login.status !== 200)
    throw new Error(`google-login answered ${login.status}: ${JSON.stringify(login.body)}`);
  const cookie = login.cookies.larder_customer;
  const address = await call(port, 'PUT', '/api/user/add-address', {
    forwardedFor: from,
    cookie,
    body: {
      address: {
        street: `${i} Crash Lane`,
        city: 'Bristol',
        state: 'Avon',
        postalCode: 'BS1 5TR',
        country: 'United Kingdom',
      },
    },
  });
  if (address.status !== 200) throw new Error(`add-address answered ${address.status}`);
  return { i, email, from, cookie, userId: login.body.user._id, addressId: address.body.newAddress._id };
}

async function sessionsAcrossReplicas() {
  const [a, b] = REPLICA_PORTS;
  const customer = await signIn(a, CUSTOMERS + 1);
  const onB = await call(b, 'GET', '/api/user/is-auth', { cookie: customer.cookie });
  check(
    onB.status === 200 && onB.body.user.email === customer.email,
    'a session made on replica A is accepted by replica B',
  );
  const logout = await call(b, 'POST', '/api/user/logout', { cookie: customer.cookie });
  const afterOnA = await call(a, 'GET', '/api/user/is-auth', { cookie: customer.cookie });
  check(
    logout.status === 200 && afterOnA.status === 401,
    'a logout on replica B ends the session on replica A',
  );

  const seller = await call(a, 'POST', '/api/seller/login', {
    body: { email: secrets.SELLER_EMAIL, password: secrets.SELLER_PASSWORD },
    forwardedFor: `198.18.${subnet}.1`,
  });
  const sellerOnB = await call(b, 'GET', '/api/seller/is-auth', { cookie: seller.cookies.larder_seller });
  await call(a, 'GET', '/api/seller/logout', { cookie: seller.cookies.larder_seller });
  const sellerAfter = await call(b, 'GET', '/api/seller/is-auth', { cookie: seller.cookies.larder_seller });
  check(
    seller.status === 200 && sellerOnB.status === 200 && sellerAfter.status === 401,
    'the seller session works on both replicas and a logout on one ends it on the other',
  );

  // One client alternating between the replicas: the limit counts across both (shared Redis).
  const client = `198.18.${subnet}.2`;
  const statuses = [];
  for (let n = 0; n <= SIGN_IN_LIMIT; n++) {
    const res = await call(REPLICA_PORTS[n % 2], 'POST', '/api/user/check-email', {
      body: { email: `probe-${n}@example.com` },
      forwardedFor: client,
    });
    statuses.push(res.status);
  }
  check(
    statuses.slice(0, SIGN_IN_LIMIT).every((s) => s === 200) && statuses[SIGN_IN_LIMIT] === 429,
    `the sign-in rate limit counts across both replicas (${SIGN_IN_LIMIT} allowed, then 429: ${statuses.join(' ')})`,
  );
}

/** The checkout body for one customer, with the server's delivery date and totals learnt from a probe. */
async function checkoutTemplate(customer, productId) {
  const probe = {
    userId: null,
    items: [{ product: productId, quantity: 1, vat: 0 }],
    address: customer.addressId,
    paymentType: 'COD',
    amount: 0,
    shippingCharge: 0,
    totalVat: 0,
    deliverySlot: { date: '2000-01-01', time: '10:00 - 11:00' },
  };
  const dated = await call(LB_PORT, 'POST', '/api/order/cod', {
    body: probe,
    cookie: customer.cookie,
    from: customer.from,
  });
  if (dated.status !== 409 || !dated.body.deliveryDate)
    throw new Error(`date probe answered ${dated.status}: ${JSON.stringify(dated.body)}`);
  probe.deliverySlot.date = dated.body.deliveryDate;
  const priced = await call(LB_PORT, 'POST', '/api/order/cod', {
    body: probe,
    cookie: customer.cookie,
    from: customer.from,
  });
  if (priced.status !== 409 || priced.body.amount === undefined)
    throw new Error(`price probe answered ${priced.status}: ${JSON.stringify(priced.body)}`);
  return {
    ...probe,
    amount: priced.body.amount,
    shippingCharge: priced.body.shippingCharge,
    totalVat: priced.body.totalVat,
  };
}

const SLOTS = ['10:00 - 11:00', '11:00 - 12:00', '12:00 - 13:00'];
// While the database restarts a replica answers 503 with Retry-After (a query on a connection the server ended, or
// no connection to be had): safe to retry, as every retry carries the same Idempotency-Key. A 500 is not retried.
const RETRYABLE = new Set([502, 503, 504]);

/**
 * Places the customer's order through `port`, retrying a retryable answer or a cut connection with the same
 * Idempotency-Key; `onAttempt` hears of each attempt's outcome (a status, or 0 for a network error) and when.
 */
async function checkout(customer, template, onAnswer, port = LB_PORT, onAttempt = () => {}) {
  const key = `crash-${runId}-${customer.i}`;
  const body = {
    ...template,
    address: customer.addressId,
    deliverySlot: { ...template.deliverySlot, time: SLOTS[customer.i % 3] },
  };
  let retries = 0;
  for (let attempt = 1; attempt <= MAX_ATTEMPTS; attempt++) {
    try {
      const res = await call(port, 'POST', '/api/order/cod', {
        body,
        cookie: customer.cookie,
        from: customer.from,
        idempotencyKey: key,
        attempt: `${customer.i}-${attempt}`,
      });
      onAttempt(res.status, Date.now(), res.retryAfter);
      if (!RETRYABLE.has(res.status)) {
        onAnswer();
        return { status: res.status, body: res.body, retries };
      }
    } catch {
      /* connection reset by the killed replica: retry */
      onAttempt(0, Date.now());
    }
    retries++;
    await new Promise((r) => setTimeout(r, Math.min(50 * attempt, 1000)));
  }
  onAnswer();
  return { status: 0, body: undefined, retries };
}

/**
 * A TCP relay to one replica that passes the request on but never the answer: when the replica starts to answer,
 * the order is committed, and `onAnswer` runs before anything reaches the client, whose connection is then cut.
 */
function relayDroppingAnswers(port, onAnswer) {
  const server = net.createServer((client) => {
    const upstream = net.connect(port, '127.0.0.1');
    client.on('error', () => {});
    upstream.on('error', () => {});
    client.pipe(upstream);
    upstream.once('data', () => {
      onAnswer();
      client.destroy();
      upstream.destroy();
    });
  });
  return new Promise((resolve) => server.listen(0, '127.0.0.1', () => resolve(server)));
}

/**
 * Replica B (started again) commits an order and dies before its answer leaves it; the customer's retry through
 * nginx, with the same Idempotency-Key, is answered by A with that same order, and the stock moved once.
 */
async function answerLostOnTheWayBack(productId) {
  const [portA, portB] = REPLICA_PORTS;
  const b = startReplica('replica-b-again', portB);
  await waitFor(
    'replica B started again',
    async () => (await call(portB, 'GET', '/api/health')).status === 200,
  );
  const customer = await signIn(portA, CUSTOMERS + 2);
  const template = await checkoutTemplate(customer, productId);
  const relay = await relayDroppingAnswers(portB, () => b.child.kill('SIGKILL'));
  let firstTry;
  try {
    firstTry = await call(relay.address().port, 'POST', '/api/order/cod', {
      // The body and key that checkout() sends for this customer, so its retry is a true replay.
      body: { ...template, deliverySlot: { ...template.deliverySlot, time: SLOTS[customer.i % 3] } },
      cookie: customer.cookie,
      idempotencyKey: `crash-${runId}-${customer.i}`,
    }).then(
      (res) => `answered ${res.status}`,
      (err) => `cut off (${err.message})`,
    );
  } finally {
    relay.close();
  }
  // B is gone before the customer tries again.
  if (!b.exited) await new Promise((resolve) => b.child.once('exit', resolve));
  const retry = await checkout(customer, template, () => {});
  const db = new Client({ connectionString: databaseUrl() });
  await db.connect();
  let orders;
  let stock;
  try {
    orders = (await db.query('select id from orders where user_id = $1', [customer.userId])).rows;
    stock = (await db.query('select stock from products where id = $1', [productId])).rows[0].stock;
  } finally {
    await db.end();
  }
  check(
    firstTry.startsWith('cut off') &&
      b.child.signalCode === 'SIGKILL' &&
      retry.status === 201 &&
      orders.length === 1 &&
      orders[0].id === retry.body?.orderId &&
      stock === 9,
    `an order committed on B that died before answering is answered again by A, the same order, once ` +
      `(first try ${firstTry}; B ${b.child.signalCode ?? 'still running'}; retry ${retry.status} ` +
      `${retry.body?.orderId === orders[0]?.id ? 'with the stored order' : `with ${retry.body?.orderId}`}; ` +
      `${orders.length} order(s) stored; ${stock} of 10 left)`,
  );
}

/** Checks what the test needs, creates its database, starts both replicas and nginx in front of them. */
async function setUp() {
  if (!fs.existsSync(path.join(root, 'backend/dist/app/main.js')))
    throw new Error('backend/dist/app/main.js is missing: run `npm run build` first');
  if (spawnSync(NGINX, ['-v']).status !== 0)
    throw new Error(`nginx is not installed (apt-get install nginx), or set NGINX`);
  if (!(await redisReachable())) throw new Error(`Redis is not reachable at ${REDIS_URL}`);

  const { OAuth2Server } = await import(requireFromBackend.resolve('oauth2-mock-server'));
  oidc = new OAuth2Server();
  await oidc.issuer.keys.generate('RS256');
  await oidc.start(0, '127.0.0.1');

  await withServer((c) => c.query(`create database ${dbName}`));
  log(`database ${dbName}, work files in ${workDir}`);

  const replicas = REPLICA_PORTS.map((port, n) => startReplica(`replica-${'ab'[n]}`, port));
  for (const [n, port] of REPLICA_PORTS.entries()) {
    await waitFor(`replica ${'AB'[n]} on port ${port}`, async () => {
      if (replicas[n].exited)
        throw Object.assign(
          new Error(`replica ${'AB'[n]} exited (${replicas[n].exitedWith}); see its log below`),
          { fatal: true },
        );
      return (await call(port, 'GET', '/api/health')).status === 200;
    });
  }
  const nginxConf = writeNginxConfig();
  const test = spawnSync(
    NGINX,
    ['-t', '-q', '-c', nginxConf, '-p', workDir, '-e', path.join(workDir, 'nginx-error.log')],
    { encoding: 'utf8' },
  );
  if (test.status !== 0) throw new Error(`nginx refused the configuration:\n${test.stderr}`);
  const nginx = spawn(NGINX, ['-c', nginxConf, '-p', workDir, '-e', path.join(workDir, 'nginx-error.log')], {
    stdio: 'ignore',
  });
  const nginxEntry = { name: 'nginx', child: nginx, exited: false };
  nginx.on('exit', () => (nginxEntry.exited = true));
  children.push(nginxEntry);
  await waitFor('nginx', async () => (await call(LB_PORT, 'GET', '/api/health')).status === 200);
  log(`two replicas on ports ${REPLICA_PORTS.join(' and ')} behind nginx on ${LB_PORT}`);
  return replicas;
}

/** The product of the burst, with a counted stock (fewer units than customers), and another of 10 units. */
function addProducts() {
  return withServer(async () => {
    const db = new Client({ connectionString: databaseUrl() });
    await db.connect();
    try {
      await db.query('update shop_settings set slot_capacity = 1000');
      const ids = [];
      for (const [name, stock] of [
        [PRODUCT_NAME, COUNTED_STOCK],
        ['Crash test rice', 10],
      ]) {
        const { rows } = await db.query(
          `insert into products (name, category, description, price, offer_price, vat_basis_points, images, listed, stock)
           values ($1, 'Grains', '["From the crash test"]', 250, 200, 0, '[]', true, $2) returning id`,
          [name, stock],
        );
        ids.push(rows[0].id);
      }
      await db.query('update catalog_state set version = version + 1');
      return ids;
    } finally {
      await db.end();
    }
  });
}

/** Signs every customer in, half on each replica. */
async function signInCustomers() {
  const signInStarted = Date.now();
  const customers = await pool(
    Array.from({ length: CUSTOMERS }, (_, i) => i),
    16,
    (i) => signIn(REPLICA_PORTS[i % 2], i),
  );
  log(
    `${customers.length} customers signed in on both replicas, each from its own address, in ${((Date.now() - signInStarted) / 1000).toFixed(1)} s`,
  );
  return customers;
}

/**
 * What the database holds after the burst against what the customers were told: every checkout answered, every
 * confirmed order stored once under its id, nothing stored for a refusal, exactly the counted units sold, and every
 * refusal the out-of-stock message.
 */
async function checkStored(customers, results, productId) {
  const db = new Client({ connectionString: databaseUrl() });
  await db.connect();
  let stored;
  let stock;
  try {
    stored = (
      await db.query(
        `select o.user_id, o.id, o.idempotency_key, coalesce(sum(i.quantity), 0)::int as units
         from orders o left join order_items i on i.order_id = o.id group by o.id`,
      )
    ).rows;
    stock = (await db.query('select stock from products where id = $1', [productId])).rows[0].stock;
  } finally {
    await db.end();
  }

  const byUser = new Map();
  for (const row of stored) byUser.set(row.user_id, [...(byUser.get(row.user_id) ?? []), row]);
  const placed = results.filter((r) => r.status === 201);
  const refused = results.filter((r) => r.status === 409);
  const unanswered = results.filter((r) => r.status !== 201 && r.status !== 409);
  const retried = results.filter((r) => r.retries > 0);
  const duplicated = [...byUser.values()].filter((rows) => rows.length > 1).length;
  const lost = customers.filter((c, n) => {
    const rows = byUser.get(c.userId) ?? [];
    return results[n].status === 201 && !(rows.length === 1 && rows[0].id === results[n].body.orderId);
  }).length;
  const silentOrders = customers.filter(
    (c, n) => results[n].status !== 201 && (byUser.get(c.userId) ?? []).length > 0,
  ).length;
  const sold = stored.reduce((sum, r) => sum + r.units, 0);

  check(
    unanswered.length === 0,
    `every checkout got an answer (${unanswered.length} without: ${[...new Set(unanswered.map((r) => r.status))].join(', ') || '-'})`,
  );
  check(
    lost === 0,
    `0 lost: every confirmed order is stored once, under the id the customer was given (${lost} lost)`,
  );
  check(duplicated === 0, `0 duplicated: no customer has two orders (${duplicated} duplicated)`);
  check(silentOrders === 0, `no order stored for a customer who was told it failed (${silentOrders})`);
  check(
    stored.length === placed.length,
    `orders stored (${stored.length}) = orders confirmed (${placed.length})`,
  );
  check(
    placed.length === COUNTED_STOCK && sold === COUNTED_STOCK && stock === 0,
    `exactly the counted units sold, one order each: ${placed.length} orders, ${sold} of ${COUNTED_STOCK} units, ${stock} left`,
  );
  const soldOut = outOfStockMessage(PRODUCT_NAME);
  const otherRefusals = refused.filter((r) => r.body?.message !== soldOut);
  check(
    refused.length === CUSTOMERS - COUNTED_STOCK && otherRefusals.length === 0,
    `every refusal (${refused.length}) says "${soldOut}" (${otherRefusals.length} other: ${[...new Set(otherRefusals.map((r) => r.body?.message))].join('; ') || '-'})`,
  );
  return { placed, refused, unanswered, retried, lost, duplicated };
}

/** nginx serves the seller area's service worker as deploy/nginx/host-shell.conf says. */
async function workerHeaders() {
  const res = await call(LB_PORT, 'GET', '/seller-sw.js');
  const allowed = res.headers['service-worker-allowed'];
  const cache = res.headers['cache-control'];
  check(
    res.status === 200 &&
      allowed === '/seller/' &&
      cache === 'no-cache' &&
      /javascript/.test(res.headers['content-type']),
    `nginx serves the seller's service worker for /seller/ only, checked on every visit (${res.status}, ` +
      `Service-Worker-Allowed ${allowed}, Cache-Control ${cache}, ${res.headers['content-type']})`,
  );
}

async function main() {
  const started = Date.now();
  const replicas = await setUp();
  await workerHeaders();
  await sessionsAcrossReplicas();
  // The catalogue: the product of the burst, and another for the answer lost on its way back.
  const [productId, otherProductId] = await addProducts();
  const customers = await signInCustomers();
  const template = await checkoutTemplate(customers[0], productId);

  // The burst: every customer checks out at once; replica B is killed once a quarter have been answered.
  let answered = 0;
  let killedAt;
  let killedAtMs;
  const victim = replicas[1];
  const burstStarted = Date.now();
  const results = await Promise.all(
    customers.map((c) =>
      checkout(c, template, () => {
        answered++;
        if (killedAt === undefined && answered >= Math.ceil(CUSTOMERS / 4)) {
          killedAt = answered;
          killedAtMs = Date.now();
          victim.child.kill('SIGKILL');
        }
      }),
    ),
  );
  const burstSeconds = (Date.now() - burstStarted) / 1000;
  check(
    killedAt !== undefined && victim.child.signalCode === 'SIGKILL',
    `replica B killed with SIGKILL after ${killedAt} of ${CUSTOMERS} answers`,
  );

  const { placed, refused, unanswered, retried, lost, duplicated } = await checkStored(
    customers,
    results,
    productId,
  );

  // Who answered what, from nginx's access log: "msec "upstreams" status customer-attempt".
  const [portA, portB] = REPLICA_PORTS.map(String);
  const attempts = fs
    .readFileSync(path.join(workDir, 'nginx-access.log'), 'utf8')
    .split('\n')
    .map((line) => line.match(/^([\d.]+) "([^"]*)" (\d+) (\d+)-(\d+)$/))
    .filter(Boolean)
    .map(([, msec, upstreams, status, , attempt]) => ({
      at: Number(msec) * 1000,
      replica: upstreams.split(', ').pop().split(':').pop(),
      status: Number(status),
      attempt: Number(attempt),
    }));
  const answeredByBBeforeKill = attempts.filter(
    (a) => a.replica === portB && a.at <= killedAtMs && (a.status === 201 || a.status === 409),
  ).length;
  const retriesAnsweredByA = attempts.filter(
    (a) => a.attempt > 1 && a.replica === portA && (a.status === 201 || a.status === 409),
  ).length;
  check(
    answeredByBBeforeKill > 0,
    `replica B answered ${answeredByBBeforeKill} checkouts before it was killed`,
  );
  check(retriesAnsweredByA > 0, `${retriesAnsweredByA} retries were answered by replica A`);

  const survivor = await call(LB_PORT, 'GET', '/api/user/is-auth', {
    cookie: customers[0].cookie,
    from: customers[0].from,
  });
  check(survivor.status === 200, 'sessions still work through nginx with one replica down');

  await answerLostOnTheWayBack(otherProductId);

  log('');
  log(
    `summary: ${CUSTOMERS} concurrent checkouts through nginx in ${burstSeconds.toFixed(1)} s; replica B SIGKILLed after ${killedAt} answers`,
  );
  log(
    `         ${placed.length} placed, ${refused.length} refused (409), ${unanswered.length} unanswered; ${retried.length} clients retried with their Idempotency-Key`,
  );
  log(
    `         lost ${lost}, duplicated ${duplicated}; total ${((Date.now() - started) / 1000).toFixed(1)} s`,
  );
}

// ---------------------------------------------------------------- --restart-db

/** The local SMTP server the replicas send their e-mails to in --restart-db mode (set there). */
let smtp;
/** The PostgreSQL cluster this test owns in --restart-db mode (set there). */
let cluster;
/** The seller's event streams in --restart-db mode. */
const streams = [];

/** The folder of initdb and pg_ctl: `pg_config --bindir`, else the newest /usr/lib/postgresql/<version>/bin. */
function postgresBinDir() {
  const candidates = [];
  const config = spawnSync('pg_config', ['--bindir'], { encoding: 'utf8' });
  if (config.status === 0) candidates.push(config.stdout.trim());
  const installed = '/usr/lib/postgresql';
  if (fs.existsSync(installed)) {
    for (const version of fs.readdirSync(installed).sort((a, b) => Number(b) - Number(a)))
      candidates.push(path.join(installed, version, 'bin'));
  }
  const found = candidates.find((dir) =>
    ['initdb', 'pg_ctl'].every((tool) => fs.existsSync(path.join(dir, tool))),
  );
  if (!found)
    throw new Error(
      'initdb and pg_ctl were not found (pg_config --bindir, /usr/lib/postgresql/*/bin): install postgresql',
    );
  return found;
}

/**
 * A PostgreSQL cluster of the test's own: initdb in a temporary folder, started on a free port on loopback. As root
 * the tools run as the `postgres` user (the server refuses to run as root), with the folder given to that user.
 */
async function startOwnCluster() {
  const bin = postgresBinDir();
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'larder-crash-pg-'));
  const data = path.join(dir, 'data');
  const asRoot = process.getuid?.() === 0;
  if (asRoot) {
    const ids = (flag) => Number(spawnSync('id', [flag, 'postgres'], { encoding: 'utf8' }).stdout.trim());
    const [uid, gid] = [ids('-u'), ids('-g')];
    if (!Number.isInteger(uid) || uid <= 0)
      throw new Error('there is no `postgres` user to run the cluster as');
    fs.chownSync(dir, uid, gid);
  }
  const tool = (name, args) =>
    asRoot
      ? ['runuser', ['-u', 'postgres', '--', path.join(bin, name), ...args]]
      : [path.join(bin, name), args];
  const run = (name, args) =>
    new Promise((resolve, reject) => {
      const [command, argv] = tool(name, args);
      const child = spawn(command, argv, { cwd: dir, stdio: ['ignore', 'pipe', 'pipe'] });
      let output = '';
      child.stdout.on('data', (d) => (output += d));
      child.stderr.on('data', (d) => (output += d));
      child.on('error', reject);
      child.on('exit', (code) =>
        code === 0
          ? resolve(output)
          : reject(new Error(`${name} ${args.join(' ')} failed (${code}):\n${output}`)),
      );
    });
  const port = await freePort();
  await run('initdb', ['-D', data, '-U', 'postgres', '-A', 'trust', '-E', 'UTF8', '--no-instructions']);
  const options = `-p ${port} -c listen_addresses=127.0.0.1 -c unix_socket_directories=${dir}`;
  const pgCtl = (...args) =>
    run('pg_ctl', ['-D', data, '-l', path.join(dir, 'server.log'), '-w', '-t', '60', ...args]);
  await pgCtl('-o', options, 'start');
  const handle = {
    dir,
    url: `postgres://postgres@127.0.0.1:${port}/postgres`,
    /** Restarts the server: its sessions are ended (-m fast), then it starts again; resolves once it is up. */
    restart: () => pgCtl('-m', 'fast', 'restart'),
    async stop() {
      await pgCtl('-m', 'immediate', 'stop').catch(() => undefined);
      fs.rmSync(dir, { recursive: true, force: true });
    },
  };
  log(`own PostgreSQL cluster (${bin}) on port ${port} in ${dir}`);
  return handle;
}

/** A local SMTP server that keeps the Message-ID and subject of each message it accepts. */
async function startSmtp() {
  const { SMTPServer } = requireFromBackend('smtp-server');
  const received = [];
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS', 'AUTH'],
    logger: false,
    onData(stream, _session, callback) {
      const chunks = [];
      stream.on('data', (c) => chunks.push(c));
      stream.on('end', () => {
        const head = Buffer.concat(chunks)
          .toString('utf8')
          .split(/\r?\n\r?\n/)[0]
          .replace(/\r?\n[ \t]+/g, ' ');
        received.push({
          messageId: /^Message-ID: (.*)$/im.exec(head)?.[1].trim() ?? '',
          subject: /^Subject: (.*)$/im.exec(head)?.[1].trim() ?? '',
        });
        callback();
      });
    },
  });
  await new Promise((resolve, reject) => {
    server.server.once('error', reject);
    server.listen(0, '127.0.0.1', resolve);
  });
  return { port: server.server.address().port, received, close: () => new Promise((r) => server.close(r)) };
}

/**
 * The seller's order events from one replica, read as a browser's EventSource does: when the stream ends it is
 * opened again after a second with Last-Event-ID. Keeps the order ids it was told of.
 */
function watchOrders(port, cookie, from) {
  const watcher = { port, orderIds: new Set(), reconnections: 0, stopped: false, lastEventId: undefined };
  const open = () => {
    if (watcher.stopped) return;
    const headers = { accept: 'text/event-stream', cookie, 'x-forwarded-for': from };
    if (watcher.lastEventId) headers['last-event-id'] = watcher.lastEventId;
    const req = http.get(
      { host: '127.0.0.1', port, path: '/api/order/events', headers, agent: false },
      (res) => {
        watcher.status = res.statusCode;
        let buffer = '';
        res.setEncoding('utf8');
        res.on('data', (chunk) => {
          buffer += chunk;
          let end;
          while ((end = buffer.indexOf('\n\n')) >= 0) {
            const event = buffer.slice(0, end);
            buffer = buffer.slice(end + 2);
            const id = /^id: (.*)$/m.exec(event)?.[1];
            const data = /^data: (.*)$/m.exec(event)?.[1];
            if (id) watcher.lastEventId = id;
            if (data) watcher.orderIds.add(JSON.parse(data).id);
          }
        });
        res.on('error', () => undefined);
        res.on('close', again);
      },
    );
    req.on('error', again);
    watcher.request = req;
  };
  let pending = false;
  const again = () => {
    if (watcher.stopped || pending) return;
    pending = true;
    watcher.reconnections++;
    setTimeout(() => {
      pending = false;
      open();
    }, 1000).unref();
  };
  watcher.stop = () => {
    watcher.stopped = true;
    watcher.request?.destroy();
  };
  open();
  streams.push(watcher);
  return watcher;
}

async function restartDatabaseRun() {
  const started = Date.now();
  cluster = await startOwnCluster();
  SERVER_URL = cluster.url;
  smtp = await startSmtp();
  await setUp();
  const [productId] = await addProducts();
  const customers = await signInCustomers();
  const template = await checkoutTemplate(customers[0], productId);

  // The seller watches the orders on each replica, straight from it (as each browser tab holds one replica).
  const seller = await call(LB_PORT, 'POST', '/api/seller/login', {
    body: { email: secrets.SELLER_EMAIL, password: secrets.SELLER_PASSWORD },
    forwardedFor: `198.18.${subnet}.1`,
  });
  if (seller.status !== 200) throw new Error(`seller login answered ${seller.status}`);
  const watchers = REPLICA_PORTS.map((port, n) =>
    watchOrders(port, seller.cookies.larder_seller, `198.18.${subnet}.${10 + n}`),
  );
  await waitFor('both event streams open', async () => streams.every((w) => w.status === 200), 10_000);

  const startedAt = await withServer(async (c) =>
    Number((await c.query('select extract(epoch from pg_postmaster_start_time()) * 1000 as t')).rows[0].t),
  );
  // The burst: every customer checks out at once; the database restarts once a quarter have been answered.
  let answered = 0;
  let restartAt;
  let restartedAt;
  let restart;
  const attempts = [];
  const burstStarted = Date.now();
  const results = await Promise.all(
    customers.map((c) =>
      checkout(
        c,
        template,
        () => {
          answered++;
          if (restart === undefined && answered >= Math.ceil(CUSTOMERS / 4)) {
            restartAt = Date.now();
            log(`restarting the database after ${answered} of ${CUSTOMERS} answers`);
            restart = cluster.restart().then(() => {
              restartedAt = Date.now();
            });
          }
        },
        LB_PORT,
        (status, at, retryAfter) => attempts.push({ status, at, retryAfter }),
      ),
    ),
  );
  await restart;
  const burstSeconds = (Date.now() - burstStarted) / 1000;
  const startedAgainAt = await withServer(async (c) =>
    Number((await c.query('select extract(epoch from pg_postmaster_start_time()) * 1000 as t')).rows[0].t),
  );
  check(
    restartAt !== undefined && startedAgainAt > startedAt,
    `the database restarted in the middle of the burst (pg_ctl restart -m fast took ${((restartedAt - restartAt) / 1000).toFixed(1)} s)`,
  );

  const { placed, refused, unanswered, retried, lost, duplicated } = await checkStored(
    customers,
    results,
    productId,
  );
  const failed = attempts.filter(
    (a) => (a.at >= restartAt && RETRYABLE.has(a.status)) || (a.at >= restartAt && a.status === 0),
  );
  const firstFailure = Math.min(...failed.map((a) => a.at));
  const backAt = Math.min(
    ...attempts.filter((a) => a.at >= restartedAt && a.status === 201).map((a) => a.at),
  );
  const away = attempts.filter((a) => a.at >= restartAt && a.status >= 500);
  const busy = away.filter((a) => a.status === 503 && Number(a.retryAfter) > 0);
  check(
    busy.length === away.length,
    `while the database was away every failed checkout was answered 503 with Retry-After (${busy.length} of ${away.length}: ${[...new Set(away.map((a) => a.status))].join(', ') || 'none'})`,
  );
  const retriedAnswered = retried.filter((r) => r.status === 201 || r.status === 409).length;
  check(
    retried.length > 0 && retriedAnswered === retried.length,
    `every retried checkout was answered (${retriedAnswered} of ${retried.length}; ${failed.length} attempts failed while the database was away)`,
  );
  check(
    Number.isFinite(backAt) || placed.length === COUNTED_STOCK,
    `checkouts succeed again after the restart`,
  );

  // Both replicas take checkouts again (on their own, not through nginx).
  const after = await Promise.all(
    REPLICA_PORTS.map(async (port, n) => {
      const customer = await signIn(port, CUSTOMERS + 10 + n);
      const probe = await checkoutTemplate(customer, await addOneMore(n));
      return (await checkout(customer, probe, () => {}, port)).status;
    }),
  );
  check(
    after.every((s) => s === 201),
    `both replicas place orders after the restart (${after.join(', ')})`,
  );

  // The event streams: each replica's stream told the seller of every order placed, live or caught up.
  const expected = await withServer(async () => {
    const db = new Client({ connectionString: databaseUrl() });
    await db.connect();
    try {
      return (await db.query('select id from orders')).rows.map((r) => r.id);
    } finally {
      await db.end();
    }
  });
  await waitFor(
    'every order on both event streams',
    async () => watchers.every((w) => expected.every((id) => w.orderIds.has(id))),
    30_000,
  ).catch(() => undefined);
  for (const [n, w] of watchers.entries()) {
    const missing = expected.filter((id) => !w.orderIds.has(id)).length;
    check(
      missing === 0,
      `replica ${'AB'[n]}'s event stream told the seller of all ${expected.length} orders (${missing} missing; reopened ${w.reconnections} time(s))`,
    );
  }

  // The e-mail outbox: each order's confirmation sent once, the outbox empty.
  let outbox;
  await waitFor(
    'the e-mail outbox to empty',
    async () => {
      outbox = await withServer(async () => {
        const db = new Client({ connectionString: databaseUrl() });
        await db.connect();
        try {
          return (
            await db.query(
              `select count(*)::int as rows, count(*) filter (where sent_at is null)::int as unsent,
                      count(*) filter (where kind = 'order-placed')::int as placed from email_outbox`,
            )
          ).rows[0];
        } finally {
          await db.end();
        }
      });
      return outbox.unsent === 0 && smtp.received.length >= outbox.rows;
    },
    60_000,
  ).catch(() => undefined);
  const ids = smtp.received.map((m) => m.messageId);
  const twice = ids.length - new Set(ids).size;
  check(
    outbox.unsent === 0 && outbox.placed === expected.length && ids.length === outbox.rows && twice === 0,
    `the e-mail outbox sent every confirmation once (${outbox.placed} for ${expected.length} orders; ` +
      `${outbox.unsent} unsent; ${ids.length} received for ${outbox.rows} messages, ${twice} twice)`,
  );

  const down = Number.isFinite(firstFailure) ? firstFailure : restartAt;
  log('');
  log(
    `summary: ${CUSTOMERS} concurrent checkouts through nginx in ${burstSeconds.toFixed(1)} s; the database restarted after ${Math.ceil(CUSTOMERS / 4)} answers`,
  );
  log(
    `         ${placed.length} placed, ${refused.length} refused (409), ${unanswered.length} unanswered; ${retried.length} clients retried with their Idempotency-Key; lost ${lost}, duplicated ${duplicated}`,
  );
  log(
    `         checkouts failed from ${((down - restartAt) / 1000).toFixed(1)} s after the restart began; the database was back after ${((restartedAt - restartAt) / 1000).toFixed(1)} s; ` +
      `checkouts succeeded again ${((backAt - restartAt) / 1000).toFixed(1)} s after the restart began (${((backAt - restartedAt) / 1000).toFixed(1)} s after the database was back)`,
  );
  log(`         total ${((Date.now() - started) / 1000).toFixed(1)} s`);
}

/** A product of its own for one replica's check after the restart (10 units). */
async function addOneMore(n) {
  const db = new Client({ connectionString: databaseUrl() });
  await db.connect();
  try {
    const { rows } = await db.query(
      `insert into products (name, category, description, price, offer_price, vat_basis_points, images, listed, stock)
       values ($1, 'Grains', '["From the crash test"]', 250, 200, 0, '[]', true, 10) returning id`,
      [`Crash test barley ${n}`],
    );
    await db.query('update catalog_state set version = version + 1');
    return rows[0].id;
  } finally {
    await db.end();
  }
}

async function cleanUp() {
  await oidc?.stop().catch(() => {});
  for (const watcher of streams) watcher.stop();
  if (failures.length && cluster) {
    fs.copyFileSync(path.join(cluster.dir, 'server.log'), path.join(workDir, 'postgres.log'));
  }
  for (const entry of children.reverse()) {
    if (entry.exited) continue;
    entry.child.kill('SIGTERM');
    const exited = await Promise.race([
      new Promise((r) => entry.child.once('exit', () => r(true))),
      new Promise((r) => setTimeout(() => r(false), 10_000)),
    ]);
    if (!exited) entry.child.kill('SIGKILL');
  }
  await withServer((c) => c.query(`drop database if exists ${dbName} with (force)`)).catch((err) =>
    log(`could not drop ${dbName}: ${err.message}`),
  );
  await smtp?.close().catch(() => {});
  await cluster?.stop();
  if (failures.length === 0) fs.rmSync(workDir, { recursive: true, force: true });
  else {
    log(`logs kept in ${workDir}`);
    printLogTails();
  }
}

/** The end of every log in the work folder, so that a failure in CI shows why without the folder. */
function printLogTails(lines = 40) {
  let files = [];
  try {
    files = fs.readdirSync(workDir).filter((f) => f.endsWith('.log'));
  } catch {
    return;
  }
  for (const file of files) {
    const text = fs.readFileSync(path.join(workDir, file), 'utf8').trimEnd();
    if (!text) continue;
    log(`--- last ${lines} lines of ${file} ---`);
    for (const line of text.split('\n').slice(-lines)) log(`  ${line}`);
  }
}

let interrupted = false;
for (const signal of ['SIGINT', 'SIGTERM']) {
  process.on(signal, () => {
    if (interrupted) return;
    interrupted = true;
    failures.push(`interrupted by ${signal}`);
    void cleanUp().finally(() => process.exit(1));
  });
}

try {
  await (RESTART_DB ? restartDatabaseRun() : main());
} catch (err) {
  failures.push(err.message);
  log(`FAIL ${err.stack ?? err.message}`);
} finally {
  if (!interrupted) await cleanUp();
}
if (failures.length) {
  // Said again after the logs' tails, so that the end of the output (all a CI summary may keep) names them.
  for (const what of failures) log(`FAIL ${what}`);
  log(`${failures.length} failure(s)`);
  process.exit(1);
}
log('passed');
