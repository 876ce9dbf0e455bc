// Runs the backend tests on embedded PGlite; when DATABASE_URL is set, runs them again on that server
// (each test file in its own throw-away database). Extra arguments go to jest (e.g. a path filter).
import { spawnSync } from 'node:child_process';
import { createRequire } from 'node:module';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const require = createRequire(import.meta.url);
const backendDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const jestBin = require.resolve('jest/bin/jest');
const args = process.argv.slice(2);
const serverUrl = process.env.DATABASE_URL;

function run(label, extraEnv) {
  process.stdout.write(`\n=== backend tests on ${label} ===\n`);
  const env = { ...process.env, ...extraEnv, NODE_ENV: 'test', LARDER_TEST_LABEL: label };
  env.NODE_OPTIONS = [
    process.env.NODE_OPTIONS,
    '--experimental-vm-modules',
    '--no-warnings=ExperimentalWarning',
  ]
    .filter(Boolean)
    .join(' ');
  for (const [k, v] of Object.entries(extraEnv)) if (v === undefined) delete env[k];
  const started = Date.now();
  const result = spawnSync(process.execPath, [jestBin, '--config', 'jest.config.cjs', ...args], {
    cwd: backendDir,
    env,
    stdio: 'inherit',
  });
  const seconds = ((Date.now() - started) / 1000).toFixed(1);
  process.stdout.write(`=== ${label}: ${result.status === 0 ? 'passed' : 'FAILED'} in ${seconds} s ===\n`);
  return result.status ?? 1;
}

let status = run('PGlite (embedded PostgreSQL)', { DATABASE_URL: undefined });
if (serverUrl) {
  const shown = serverUrl.replace(/\/\/[^@/]*@/, '//***@');
  status = run(`PostgreSQL server ${shown}`, { DATABASE_URL: serverUrl }) || status;
}
process.exit(status);
