/**
 * The built shop served from one free port for a measurement (`npm run size`, `npm run lighthouse`):
 * backend/dist/app/main.js with a throw-away seeded database, serving the frontends' dist folders.
 */
import { spawn } from 'node:child_process';
import { cpSync, existsSync, mkdirSync, mkdtempSync, rmSync, symlinkSync } from 'node:fs';
import { createServer } from 'node:http';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { apiArgs } from '../api-process.mjs';

export const root = path.dirname(path.dirname(path.dirname(fileURLToPath(import.meta.url))));

export async function freePort() {
  return new Promise((resolve) => {
    const server = createServer();
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address();
      server.close(() => resolve(port));
    });
  });
}

export async function waitFor(url, timeoutMs) {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    try {
      const response = await fetch(url);
      if (response.ok) return;
    } catch {
      // not up yet
    }
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  throw new Error(`${url} did not answer within ${timeoutMs / 1000} s`);
}

export const backendMain = path.join(root, 'backend/dist/app/main.js');

/**
 * A build's folders: the API's entry and the frontends' dist folders, of this checkout (`dir` the repository) or
 * of a build kept with keepBuild.
 */
export function buildIn(dir = root) {
  return {
    backendMain: path.join(dir, 'backend/dist/app/main.js'),
    hostShell: path.join(dir, 'host-shell/dist'),
    storefront: path.join(dir, 'storefront/dist'),
    sellerPortal: path.join(dir, 'seller-portal/dist'),
  };
}

/** What a kept API build reads from its repository besides its dist folder (migrations, seed pictures, passwords). */
const BACKEND_SOURCES = ['drizzle', 'scripts', 'src', 'node_modules', 'openapi.json', 'package.json'];

/**
 * Copies this checkout's build (the API's and the three frontends' dist folders) to `dir`, so that a later build
 * can be measured beside it in one run (`startBackend(buildIn(dir))`). `dir` must lie inside the repository: the
 * kept API finds its packages in the repository's node_modules, and its migrations through links to this checkout.
 */
export function keepBuild(dir) {
  const target = path.resolve(dir);
  if (!target.startsWith(root + path.sep)) throw new Error(`${dir}: a kept build must lie inside ${root}`);
  if (!existsSync(backendMain)) throw new Error(`${backendMain} is missing: run npm run build first.`);
  rmSync(target, { recursive: true, force: true });
  for (const app of ['backend', 'host-shell', 'storefront', 'seller-portal']) {
    mkdirSync(path.join(target, app), { recursive: true });
    cpSync(path.join(root, app, 'dist'), path.join(target, app, 'dist'), { recursive: true });
  }
  for (const name of BACKEND_SOURCES) {
    const source = path.join(root, 'backend', name);
    if (existsSync(source)) symlinkSync(source, path.join(target, 'backend', name));
  }
  return target;
}

/**
 * Starts an API build (backend/dist/app/main.js of this checkout unless `dists.backendMain` names another) on a
 * free port.
 * @param {{ hostShell: string, storefront: string, sellerPortal: string, backendMain?: string }} dists the
 *   frontends' dist folders
 * @param {Record<string,string>} [env] extra environment
 */
export async function startBackend(dists, env = {}) {
  const main = dists.backendMain ?? backendMain;
  if (!existsSync(main)) throw new Error(`${main} is missing: run npm run build first.`);
  const port = await freePort();
  const origin = `http://127.0.0.1:${port}`;
  const dataDir = mkdtempSync(path.join(tmpdir(), 'larder-measure-'));
  const child = spawn(process.execPath, apiArgs(main), {
    cwd: root,
    env: {
      ...process.env,
      PORT: String(port),
      DATA_DIR: dataDir,
      LOG_LEVEL: 'warn',
      NODE_ENV: 'development',
      // Canonical URLs, the sitemap and the structured data name the address the pages are measured at.
      PUBLIC_URL: origin,
      STATIC_DIR_HOST_SHELL: dists.hostShell,
      STATIC_DIR_STOREFRONT: dists.storefront,
      STATIC_DIR_SELLER_PORTAL: dists.sellerPortal,
      ...env,
    },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  await waitFor(`${origin}/api/health`, 90_000);
  return {
    origin,
    real: true,
    stop: async () => {
      if (child.exitCode === null) {
        child.kill('SIGTERM');
        await new Promise((resolve) => child.once('exit', resolve));
      }
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/** A product page of the seeded catalogue (an in-stock product when there is one). */
export async function productPath(origin) {
  const list = await fetch(`${origin}/api/product/list`).then((r) => r.json());
  const product = list.products?.find((p) => p.inStock) ?? list.products?.[0];
  return product ? `/products/${product.category.toLowerCase()}/${product._id}` : undefined;
}
