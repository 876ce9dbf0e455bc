// `npm test`: every project's tests, one project at a time (nx), output streamed as it comes. The failed tests
// are written down by a jest reporter (scripts/jest-failures-reporter.cjs) and printed again at the very end, so
// that the last lines of a long log name them.
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import { createRequire } from 'node:module';
import os from 'node:os';
import path from 'node:path';

const require = createRequire(import.meta.url);
const nxBin = require.resolve('nx/bin/nx.js');
const failuresDir = fs.mkdtempSync(path.join(os.tmpdir(), 'larder-test-failures-'));
const startedAt = Date.now();

const child = spawn(
  process.execPath,
  [
    nxBin,
    'run-many',
    '-t',
    'test',
    '--parallel=1',
    '--outputStyle=stream',
    '--skip-nx-cache',
    ...process.argv.slice(2),
  ],
  { stdio: 'inherit', env: { ...process.env, LARDER_TEST_FAILURES_DIR: failuresDir } },
);

/** What the reporter wrote, oldest first. */
function writtenFailures() {
  return fs
    .readdirSync(failuresDir)
    .map((name) => path.join(failuresDir, name))
    .sort((a, b) => fs.statSync(a).mtimeMs - fs.statSync(b).mtimeMs)
    .map((file) => fs.readFileSync(file, 'utf8'))
    .join('');
}

child.on('close', (code, signal) => {
  const status = code ?? (signal ? 1 : 0);
  const failures = writtenFailures();
  fs.rmSync(failuresDir, { recursive: true, force: true });
  if (status !== 0 || failures) {
    process.stdout.write('\n=== Failing tests (printed again from above) ===\n');
    process.stdout.write(failures || '(no failing test was named: see the output above)\n');
  }
  const seconds = Math.round((Date.now() - startedAt) / 1000);
  const took = `${Math.floor(seconds / 60)} min ${seconds % 60} s`;
  process.stdout.write(
    `\n=== npm test: ${status === 0 ? 'passed' : 'FAILED'} in ${took} (${seconds} s) ===\n`,
  );
  process.exit(status);
});
