#!/usr/bin/env node
// `npm start`: builds whatever is missing or out of date (Nx caches unchanged projects),
// then serves the API, the host shell and both remotes from one port. It runs the server in development mode
// (the server alone, without NODE_ENV, runs as production and needs its secrets): set NODE_ENV to override.
import { spawnSync, spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import path from 'node:path';
import { apiArgs } from './api-process.mjs';

const root = path.dirname(path.dirname(fileURLToPath(import.meta.url)));
const env = { ...process.env, NX_DAEMON: 'false', NX_NO_CLOUD: 'true', NX_TUI: 'false' };

if (process.env.SKIP_BUILD !== 'true') {
  console.log('Building Larder (unchanged projects come from the build cache)...');
  const build = spawnSync('npx', ['nx', 'run-many', '-t', 'build', '--outputStyle=static'], {
    cwd: root,
    env,
    stdio: 'inherit',
  });
  if (build.status !== 0) {
    console.error('The build failed; see the messages above.');
    process.exit(build.status ?? 1);
  }
}

const server = spawn(process.execPath, apiArgs(), {
  cwd: root,
  env: {
    ...process.env,
    NODE_ENV: process.env.NODE_ENV ?? 'development',
    DATA_DIR: process.env.DATA_DIR ?? path.join(root, 'data'),
  },
  stdio: 'inherit',
});
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => server.kill(signal));
server.on('exit', (code) => process.exit(code ?? 0));
