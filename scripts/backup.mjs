#!/usr/bin/env node
// `npm run backup -- [FILE]` / `npm run restore -- FILE [--force]`: builds the API when needed (from the build
// cache when unchanged), then runs backend/dist/ops/backup-cli.js. See README "Backup and restore".
import { spawnSync } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.dirname(path.dirname(fileURLToPath(import.meta.url)));
const env = { ...process.env, NX_DAEMON: 'false', NX_NO_CLOUD: 'true', NX_TUI: 'false' };
if (process.env.SKIP_BUILD !== 'true') {
  const build = spawnSync('npx', ['nx', 'run', 'backend:build', '--outputStyle=static'], {
    cwd: root,
    env,
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  if (build.status !== 0) process.exit(build.status ?? 1);
}
const run = spawnSync(
  process.execPath,
  [path.join(root, 'backend/dist/ops/backup-cli.js'), ...process.argv.slice(2)],
  { cwd: root, stdio: 'inherit' },
);
process.exit(run.status ?? 1);
