// `npm test`: every project's tests, one project at a time (nx), output streamed as it comes. When a project
// fails, its failing tests are printed again at the very end, so that the last lines of a long log name them.
import { spawn } from 'node:child_process';
import { createRequire } from 'node:module';

const require = createRequire(import.meta.url);
const nxBin = require.resolve('nx/bin/nx.js');
const SUMMARY_LINES = 150;

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
  { stdio: ['inherit', 'pipe', 'pipe'] },
);

const lines = [];
let partial = '';
function keep(chunk) {
  const text = partial + chunk.toString('utf8');
  const parts = text.split('\n');
  partial = parts.pop() ?? '';
  for (const line of parts) lines.push(line);
}
child.stdout.on('data', (chunk) => {
  process.stdout.write(chunk);
  keep(chunk);
});
child.stderr.on('data', (chunk) => {
  process.stderr.write(chunk);
  keep(chunk);
});

// eslint-disable-next-line no-control-regex
const plain = (line) => line.replace(/\u001b\[[0-9;]*m/g, '');

/**
 * Jest's own "Summary of all failing tests" of each failed run (jest prints one when a run has many files), else
 * each FAIL line and each failure's heading (●) with the lines that say what was expected.
 */
function failures(all) {
  const text = all.map(plain);
  const picked = [];
  for (let i = 0; i < text.length; i += 1) {
    if (!/Summary of all failing tests/.test(text[i])) continue;
    for (let j = i; j < text.length && !/Test Suites:/.test(text[j]); j += 1) picked.push(text[j]);
  }
  if (picked.length) return picked;
  for (let i = 0; i < text.length; i += 1) {
    if (/\sFAIL\s/.test(text[i]) || /\bFAILED\b/.test(text[i])) picked.push(text[i]);
    else if (/●\s/.test(text[i]) && !/●\s+Console/.test(text[i])) picked.push(...text.slice(i, i + 6));
  }
  return picked;
}

child.on('close', (code, signal) => {
  if (partial) lines.push(partial);
  const status = code ?? (signal ? 1 : 0);
  if (status !== 0) {
    const found = failures(lines);
    process.stdout.write('\n=== Failing tests (printed again from above) ===\n');
    if (found.length === 0) process.stdout.write('(no failing test was named: see the output above)\n');
    const shown = found.slice(0, SUMMARY_LINES);
    process.stdout.write(`${shown.join('\n')}\n`);
    if (found.length > shown.length)
      process.stdout.write(`... and ${found.length - shown.length} more lines above\n`);
  }
  process.exit(status);
});
