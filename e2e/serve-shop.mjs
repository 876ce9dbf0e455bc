#!/usr/bin/env node
// The shop the journeys drive, started by Playwright's `webServer` (playwright.config.ts): the built
// backend serving the built host shell and both remotes, on a fresh embedded PGlite database in a
// temporary folder, seeded with the demo catalogue and with the development sign-in for customers.
// The run serves its own copy of the built frontends, so a rebuild during the run cannot mix versions.
// On SIGTERM/SIGINT (Playwright stopping the server) it stops the backend and removes the folder.
//
// Playwright's webServer runs a command; this is that command, because the shop needs a throw-away data
// folder and a copy of the frontends that must be removed again when the run ends.
import { spawn } from 'node:child_process';
import { cpSync, createWriteStream, existsSync, mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { apiArgs } from '../scripts/api-process.mjs';

const e2eDir = path.dirname(fileURLToPath(import.meta.url));
const root = path.dirname(e2eDir);
const port = Number(process.env.E2E_PORT ?? 3100);

const required = [
  ['backend/dist/app/main.js', 'the backend'],
  ['host-shell/dist/index.html', 'the host shell'],
  ['storefront/dist/remoteEntry.js', 'the storefront remote'],
  ['seller-portal/dist/remoteEntry.js', 'the seller portal remote'],
];
const missing = required.filter(([file]) => !existsSync(path.join(root, file)));
if (missing.length) {
  console.error(
    `e2e: the production build is missing:\n${missing.map(([file, what]) => `  - ${file} (${what})`).join('\n')}\n` +
      'Build first with `npm run build` from the repository root, then run `npm run e2e` again.',
  );
  process.exit(1);
}

const tempDir = mkdtempSync(path.join(os.tmpdir(), 'larder-e2e-'));
const staticRoot = path.join(tempDir, 'static');
for (const app of ['host-shell', 'storefront', 'seller-portal']) {
  cpSync(path.join(root, app, 'dist'), path.join(staticRoot, app, 'dist'), { recursive: true });
}
const artifacts = path.join(e2eDir, 'artifacts');
mkdirSync(artifacts, { recursive: true });
// E2E_SERVER_LOG names the log of a second shop a journey starts (support/second-shop.ts).
const logName = process.env.E2E_SERVER_LOG ?? 'server.log';
const log = createWriteStream(path.join(artifacts, logName));
console.log(
  `e2e: starting the shop on port ${port} (database in ${tempDir}, log in e2e/artifacts/${logName})`,
);

const server = spawn(process.execPath, apiArgs(), {
  cwd: root,
  stdio: ['ignore', 'pipe', 'pipe'],
  env: {
    ...process.env,
    PORT: String(port),
    DATA_DIR: path.join(tempDir, 'data'),
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
    // The shop's clock starts at the run's London time of day (support/clock.ts; never honoured in production).
    CLOCK_START: process.env.E2E_CLOCK_START ?? '',
  },
});
server.stdout.pipe(log);
server.stderr.pipe(log);

let stopping = false;
function cleanUp() {
  rmSync(tempDir, { recursive: true, force: true });
}
server.on('exit', (code, signal) => {
  cleanUp();
  if (!stopping) console.error(`e2e: the shop exited unexpectedly (code ${code}, signal ${signal})`);
  process.exit(stopping ? 0 : 1);
});
for (const signal of ['SIGTERM', 'SIGINT']) {
  process.on(signal, () => {
    stopping = true;
    server.kill('SIGTERM');
    setTimeout(() => server.kill('SIGKILL'), 10_000).unref();
  });
}
