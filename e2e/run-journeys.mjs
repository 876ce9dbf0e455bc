#!/usr/bin/env node
// Runs the browser journeys against the production build: starts the backend (which also serves the
// built host shell and both remotes) on a free port with a fresh seeded database, waits for it to be
// healthy, runs e2e/journeys/*.test.mjs with Node's test runner one file at a time, then stops the server.
//
// Environment:
//   E2E_TIMEOUT_MS   global limit for the whole run (default 20 minutes)
//   E2E_ONLY         comma-separated substrings of journey file names to run (default: all)
//   E2E_BASE_URL     run against an already running shop instead of starting one
/* global AbortSignal */
import { spawn } from 'node:child_process';
import {
  cpSync,
  createWriteStream,
  existsSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  rmSync,
} from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { CHROMIUM_PATH } from '../tools/chromium.mjs';

const e2eDir = path.dirname(fileURLToPath(import.meta.url));
const root = path.dirname(e2eDir);
const artifactsDir = path.join(e2eDir, 'artifacts');
const globalTimeoutMs = Number(process.env.E2E_TIMEOUT_MS ?? 20 * 60_000);
const healthTimeoutMs = 180_000;
const perTestTimeoutMs = 5 * 60_000;
const startedAt = Date.now();

function fail(message) {
  console.error(`\ne2e: ${message}`);
  process.exit(1);
}

function checkBuilds() {
  const required = [
    ['backend/dist/main.js', 'the backend'],
    ['host-shell/dist/index.html', 'the host shell'],
    ['storefront/dist/remoteEntry.js', 'the storefront remote'],
    ['seller-portal/dist/remoteEntry.js', 'the seller portal remote'],
  ];
  const missing = required.filter(([file]) => !existsSync(path.join(root, file)));
  if (missing.length) {
    fail(
      `the production build is missing:\n${missing.map(([file, what]) => `  - ${file} (${what})`).join('\n')}\n` +
        'Build first with `npm run build` from the repository root, then run `npm run e2e` again.',
    );
  }
  if (!existsSync(CHROMIUM_PATH)) {
    fail(`Chromium is not installed at ${CHROMIUM_PATH} (Debian: \`apt-get install chromium\`).`);
  }
}

function freePort() {
  return new Promise((resolve, reject) => {
    const srv = net.createServer();
    srv.unref();
    srv.on('error', reject);
    srv.listen(0, '127.0.0.1', () => {
      const { port } = srv.address();
      srv.close(() => resolve(port));
    });
  });
}

function journeyFiles() {
  const dir = path.join(e2eDir, 'journeys');
  const only = (process.env.E2E_ONLY ?? '')
    .split(',')
    .map((s) => s.trim())
    .filter(Boolean);
  return readdirSync(dir)
    .filter((f) => f.endsWith('.test.mjs'))
    .filter((f) => only.length === 0 || only.some((o) => f.includes(o)))
    .sort()
    .map((f) => path.join(dir, f));
}

/** Kills a child started with `detached: true` together with everything it spawned. */
function killGroup(child, signal) {
  if (!child || child.exitCode !== null || child.signalCode !== null) return;
  try {
    process.kill(-child.pid, signal);
  } catch {
    try {
      child.kill(signal);
    } catch {
      // already gone
    }
  }
}

function waitForExit(child, ms) {
  if (!child || child.exitCode !== null || child.signalCode !== null) return Promise.resolve(true);
  return new Promise((resolve) => {
    const timer = setTimeout(() => resolve(false), ms);
    child.once('exit', () => {
      clearTimeout(timer);
      resolve(true);
    });
  });
}

async function stopGroup(child, label) {
  if (!child || child.exitCode !== null || child.signalCode !== null) return;
  killGroup(child, 'SIGTERM');
  if (!(await waitForExit(child, 10_000))) {
    console.error(`e2e: ${label} did not stop within 10 s; killing it`);
    killGroup(child, 'SIGKILL');
    await waitForExit(child, 5_000);
  }
}

async function waitForHealth(baseUrl, server) {
  const deadline = Date.now() + healthTimeoutMs;
  let last = 'no answer yet';
  while (Date.now() < deadline) {
    if (server && server.exitCode !== null) throw new Error(`the server exited with code ${server.exitCode}`);
    try {
      const res = await fetch(`${baseUrl}/api/health`, { signal: AbortSignal.timeout(5_000) });
      if (res.ok) return;
      last = `HTTP ${res.status}`;
    } catch (err) {
      last = err.cause?.code ?? err.message;
    }
    await new Promise((r) => setTimeout(r, 500));
  }
  throw new Error(`/api/health did not answer 200 within ${healthTimeoutMs / 1000} s (last: ${last})`);
}

function tapSummary(file) {
  const counts = {};
  if (!existsSync(file)) return counts;
  for (const line of readFileSync(file, 'utf8').split('\n')) {
    const m = /^# (tests|suites|pass|fail|cancelled|skipped|todo|duration_ms) (\S+)/.exec(line);
    if (m) counts[m[1]] = m[2];
  }
  return counts;
}

async function main() {
  checkBuilds();
  const files = journeyFiles();
  if (files.length === 0) fail('no journey matched E2E_ONLY');
  mkdirSync(artifactsDir, { recursive: true });
  for (const file of readdirSync(artifactsDir)) {
    if (file.startsWith('failed-')) rmSync(path.join(artifactsDir, file), { force: true });
  }

  let server;
  let tests;
  let dataDir;
  let timedOut = false;
  let cleaningUp;

  const cleanup = async () => {
    cleaningUp ??= (async () => {
      await stopGroup(tests, 'the test runner');
      await stopGroup(server, 'the server');
      if (dataDir) rmSync(dataDir, { recursive: true, force: true });
    })();
    return cleaningUp;
  };
  for (const signal of ['SIGINT', 'SIGTERM']) {
    process.once(signal, () => {
      console.error(`\ne2e: ${signal} received, stopping`);
      cleanup().finally(() => process.exit(130));
    });
  }
  const globalTimer = setTimeout(() => {
    timedOut = true;
    console.error(
      `\ne2e: the run exceeded its limit of ${Math.round(globalTimeoutMs / 1000)} s (E2E_TIMEOUT_MS); stopping`,
    );
    cleanup().finally(() => process.exit(1));
  }, globalTimeoutMs);
  globalTimer.unref();

  let baseUrl = process.env.E2E_BASE_URL?.replace(/\/+$/, '');
  try {
    if (!baseUrl) {
      const port = await freePort();
      baseUrl = `http://127.0.0.1:${port}`;
      dataDir = mkdtempSync(path.join(os.tmpdir(), 'larder-e2e-'));
      // The run serves its own copy of the built frontends, so a rebuild during the run cannot mix versions.
      const staticRoot = path.join(dataDir, 'static');
      for (const app of ['host-shell', 'storefront', 'seller-portal']) {
        cpSync(path.join(root, app, 'dist'), path.join(staticRoot, app, 'dist'), { recursive: true });
      }
      const logFile = path.join(artifactsDir, 'server.log');
      const log = createWriteStream(logFile);
      console.log(
        `e2e: starting the shop on ${baseUrl} (database in ${dataDir}, log in ${path.relative(root, logFile)})`,
      );
      server = spawn(process.execPath, [path.join(root, 'backend/dist/main.js')], {
        cwd: root,
        detached: true,
        stdio: ['ignore', 'pipe', 'pipe'],
        env: {
          ...process.env,
          PORT: String(port),
          DATA_DIR: path.join(dataDir, 'data'),
          STATIC_ROOT: staticRoot,
          STATIC_DIR_HOST_SHELL: '',
          STATIC_DIR_STOREFRONT: '',
          STATIC_DIR_SELLER_PORTAL: '',
          REMOTE_STOREFRONT_URL: '',
          REMOTE_SELLER_PORTAL_URL: '',
          PUBLIC_URL: '',
          SEED: 'true',
          NODE_ENV: 'development',
          GOOGLE_CLIENT_ID: '',
          DATABASE_URL: '',
          REDIS_URL: '',
          ALLOWED_ORIGINS: `http://127.0.0.1:${port},http://localhost:${port}`,
          // Every journey signs customers in from the same address; the production limit would refuse them.
          THROTTLE_LIMIT: '100000',
          LOG_LEVEL: process.env.E2E_LOG_LEVEL ?? 'info',
        },
      });
      server.stdout.pipe(log);
      server.stderr.pipe(log);
      server.on('exit', (code, signal) => {
        if (!cleaningUp)
          console.error(`e2e: the server exited unexpectedly (code ${code}, signal ${signal})`);
      });
      await waitForHealth(baseUrl, server);
      console.log(`e2e: the shop is up after ${((Date.now() - startedAt) / 1000).toFixed(1)} s`);
    } else {
      await waitForHealth(baseUrl, null);
      console.log(`e2e: using the running shop at ${baseUrl}`);
    }

    const tapFile = path.join(artifactsDir, 'results.tap');
    rmSync(tapFile, { force: true });
    tests = spawn(
      process.execPath,
      [
        '--test',
        '--test-concurrency=1',
        `--test-timeout=${perTestTimeoutMs}`,
        '--test-reporter=spec',
        '--test-reporter-destination=stdout',
        '--test-reporter=tap',
        `--test-reporter-destination=${tapFile}`,
        ...files,
      ],
      {
        cwd: root,
        detached: true,
        stdio: 'inherit',
        env: { ...process.env, LARDER_BASE_URL: baseUrl, LARDER_ARTIFACTS: artifactsDir },
      },
    );
    const code = await new Promise((resolve) => tests.once('exit', (c, s) => resolve(c ?? (s ? 1 : 0))));
    const summary = tapSummary(tapFile);
    await cleanup();
    clearTimeout(globalTimer);
    if (timedOut) return;
    const seconds = ((Date.now() - startedAt) / 1000).toFixed(0);
    console.log(`\ne2e: finished in ${seconds} s; screenshots in ${path.relative(root, artifactsDir)}/`);
    for (const key of ['tests', 'pass', 'fail', 'cancelled', 'skipped']) {
      if (summary[key] !== undefined) console.log(`# ${key} ${summary[key]}`);
    }
    const failed = code !== 0 || Number(summary.fail ?? 0) > 0 || Number(summary.cancelled ?? 0) > 0;
    process.exit(failed ? 1 : 0);
  } catch (err) {
    console.error(`\ne2e: ${err.message}`);
    const logFile = path.join(artifactsDir, 'server.log');
    if (existsSync(logFile)) {
      const tail = readFileSync(logFile, 'utf8').split('\n').slice(-30).join('\n');
      console.error(`--- last lines of ${path.relative(root, logFile)} ---\n${tail}`);
    }
    await cleanup();
    process.exit(1);
  }
}

main();
