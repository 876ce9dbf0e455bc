// Runs the backend tests on embedded PGlite; when DATABASE_URL is set, runs them again on that server
// (each test file in its own throw-away database). Extra arguments go to jest (e.g. a path filter).
//
// Without DATABASE_URL the tests that only mean something on a server (test/server-races.cjs: row locks,
// SKIP LOCKED, LISTEN/NOTIFY between replicas) run a second time on the machine's PostgreSQL server
// (LARDER_RACE_DATABASE_URL, default postgres://postgres@127.0.0.1:5432/postgres) when it answers. In CI
// (CI set) a server that does not answer fails the run: on PGlite alone those tests pass whatever the code does.
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import { createRequire } from 'node:module';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const require = createRequire(import.meta.url);
const backendDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const jestBin = require.resolve('jest/bin/jest');
const args = process.argv.slice(2);
const serverUrl = process.env.DATABASE_URL;
const raceServerUrl = process.env.LARDER_RACE_DATABASE_URL || 'postgres://postgres@127.0.0.1:5432/postgres';
const inCi = Boolean(process.env.CI && process.env.CI !== 'false');
const hidePassword = (url) => url.replace(/\/\/([^@/:]*):[^@/]*@/, '//$1:***@');

/** The OpenAPI fuzz test's seed for one pass: FUZZ_SEED when set, else a new one per pass (printed, to replay). */
const fuzzSeed = () => process.env.FUZZ_SEED ?? String(1 + Math.floor(Math.random() * 2_000_000_000));

/**
 * Whether the command line names test files (a path pattern): then jest runs those files on their own; without one
 * it runs the whole suite in parts (jest.suite.config.cjs, test/suite/part.ts).
 */
function namesFiles(jestArgs) {
  const takesValue = /^(-t|--testNamePattern|--outputFile|--maxWorkers|-w|--shard|--seed|--testTimeout|--reporters)$/;
  return jestArgs.some((a, i) => !a.startsWith('-') && !(i > 0 && takesValue.test(jestArgs[i - 1])));
}

function run(label, extraEnv, jestArgs = args) {
  const seed = fuzzSeed();
  process.stdout.write(`\n=== backend tests on ${label} (fuzz seed ${seed}) ===\n`);
  const env = { ...process.env, FUZZ_SEED: seed, ...extraEnv, NODE_ENV: 'test', LARDER_TEST_LABEL: label };
  env.NODE_OPTIONS = [
    process.env.NODE_OPTIONS,
    '--experimental-vm-modules',
    '--no-warnings=ExperimentalWarning',
  ]
    .filter(Boolean)
    .join(' ');
  for (const [k, v] of Object.entries(extraEnv)) if (v === undefined) delete env[k];
  const started = Date.now();
  const config = namesFiles(jestArgs) ? 'jest.config.cjs' : 'jest.suite.config.cjs';
  const result = spawnSync(process.execPath, [jestBin, '--config', config, ...jestArgs], {
    cwd: backendDir,
    env,
    stdio: 'inherit',
  });
  const seconds = ((Date.now() - started) / 1000).toFixed(1);
  process.stdout.write(`=== ${label}: ${result.status === 0 ? 'passed' : 'FAILED'} in ${seconds} s ===\n`);
  return result.status ?? 1;
}

/** Whether a PostgreSQL server answers at `url` (a connection and `select 1` within 5 s). */
function serverAnswers(url) {
  const probe = spawnSync(
    process.execPath,
    [
      '-e',
      `const { Client } = require('pg');
       const c = new Client({ connectionString: process.argv[1], connectionTimeoutMillis: 5000 });
       c.connect().then(() => c.query('select 1')).then(() => c.end()).then(
         () => process.exit(0),
         (err) => { console.error(err.message); process.exit(1); });`,
      url,
    ],
    { cwd: backendDir, encoding: 'utf8', timeout: 15_000 },
  );
  return { ok: probe.status === 0, why: (probe.stderr || probe.error?.message || '').trim() };
}

/**
 * The race tests on the server: the listed files (those a path given on the command line selects), only the tests
 * their patterns name. Answers the exit status; fails when a listed file ran none of its tests.
 */
function runRaces() {
  const races = require(path.join(backendDir, 'test/server-races.cjs'));
  for (const { file } of races) {
    if (!fs.existsSync(path.join(backendDir, file))) {
      process.stderr.write(`test/server-races.cjs names ${file}, which does not exist: name its new place\n`);
      return 1;
    }
  }
  // Paths given on the command line (jest path patterns) choose among the race files; flags pass on.
  const patterns = args.filter((a) => !a.startsWith('-') && (a.includes('/') || a.endsWith('.ts')));
  const flags = args.filter((a) => !patterns.includes(a));
  const matches = (file) =>
    patterns.some((p) => {
      const full = path.join(backendDir, file);
      try {
        return new RegExp(p).test(full);
      } catch {
        return full.includes(p);
      }
    });
  const chosen = patterns.length ? races.filter((r) => matches(r.file)) : races;
  if (chosen.length === 0) return 0;

  const shown = hidePassword(raceServerUrl);
  const reached = serverAnswers(raceServerUrl);
  if (!reached.ok) {
    const message =
      `No PostgreSQL server answers at ${shown} (${reached.why || 'no answer'}).\n` +
      `The race tests (backend/test/server-races.cjs) need one: on embedded PGlite they pass whether the ` +
      `locks are there or not. Start the machine's server (pg_ctlcluster <version> main start) or set ` +
      `LARDER_RACE_DATABASE_URL.\n`;
    if (inCi) {
      process.stderr.write(`\nFAIL: ${message}`);
      return 1;
    }
    process.stdout.write(`\nSkipped the race tests on a server. ${message}`);
    return 0;
  }

  const report = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'larder-races-')), 'report.json');
  const namePattern = chosen.map((r) => `(?:${r.tests})`).join('|');
  const status = run(`PostgreSQL server ${shown}, the race tests`, { DATABASE_URL: raceServerUrl }, [
    '--testNamePattern',
    namePattern,
    '--json',
    '--outputFile',
    report,
    ...flags,
    '--',
    ...chosen.map((r) => `${backendDir}/${r.file}`.replace(/[.*+?^${}()|[\]\\]/g, '\\$&') + '$'),
  ]);
  let ranNone = [];
  try {
    const results = JSON.parse(fs.readFileSync(report, 'utf8')).testResults;
    const passedIn = (file) =>
      results
        .filter((r) => r.name === path.join(backendDir, file))
        .flatMap((r) => r.assertionResults)
        .filter((a) => a.status === 'passed').length;
    ranNone = chosen.filter((r) => passedIn(r.file) === 0).map((r) => r.file);
  } catch {
    // No report: jest failed before running anything, and said why.
  } finally {
    fs.rmSync(path.dirname(report), { recursive: true, force: true });
  }
  if (ranNone.length && !flags.some((f) => f.startsWith('-t') || f.startsWith('--testNamePattern'))) {
    process.stderr.write(
      `\nFAIL: no race test passed in ${ranNone.join(', ')}: test/server-races.cjs names tests there that ` +
        `are gone or renamed (name them again), or they failed.\n`,
    );
    return status || 1;
  }
  return status;
}

let status = run('PGlite (embedded PostgreSQL)', { DATABASE_URL: undefined });
if (serverUrl) {
  status = run(`PostgreSQL server ${hidePassword(serverUrl)}`, { DATABASE_URL: serverUrl }) || status;
} else {
  status = runRaces() || status;
}
process.exit(status);
