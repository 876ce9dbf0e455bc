// A second shop for a journey that needs the server set up differently from the shared one (started by
// serve-shop.mjs like the first, on the next port, with its own database and log).
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';

export interface RunningShop {
  url: string;
  stop(): Promise<void>;
}

const e2eDir = path.dirname(__dirname);

async function healthy(url: string, deadline: number): Promise<void> {
  while (Date.now() < deadline) {
    try {
      if ((await fetch(`${url}/api/health`)).ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  throw new Error(`the second shop at ${url} did not start (see e2e/artifacts/second-shop.log)`);
}

/**
 * Starts a shop. `brokenServerBuild`: its storefront server build throws as it loads, so every page must be
 * rendered in the browser.
 */
export async function startShop({ brokenServerBuild = false } = {}): Promise<RunningShop> {
  const port = Number(process.env.E2E_PORT ?? 3100) + 1;
  const scratch = fs.mkdtempSync(path.join(os.tmpdir(), 'larder-e2e-second-'));
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    E2E_PORT: String(port),
    E2E_SERVER_LOG: 'second-shop.log',
  };
  if (brokenServerBuild) {
    const entry = path.join(scratch, 'remoteEntry.js');
    fs.writeFileSync(entry, 'throw new Error("this storefront server build is broken");\n');
    env.SSR_STOREFRONT_ENTRY = entry;
  }
  const server = spawn(process.execPath, [path.join(e2eDir, 'serve-shop.mjs')], {
    cwd: e2eDir,
    env,
    stdio: 'ignore',
  });
  const exited = new Promise<void>((resolve) => server.once('exit', () => resolve()));
  const url = `http://127.0.0.1:${port}`;
  try {
    await healthy(url, Date.now() + 120_000);
  } catch (error) {
    server.kill('SIGTERM');
    throw error;
  }
  return {
    url,
    async stop() {
      server.kill('SIGTERM');
      await exited;
      fs.rmSync(scratch, { recursive: true, force: true });
    },
  };
}
