// A jest reporter that, when LARDER_TEST_FAILURES_DIR is set (scripts/test.mjs sets it), writes each failed test
// (its file, its name and the first lines of what went wrong, without colours) to a file there, so that
// `npm test` can name them again at the end of a long log. Without the variable it does nothing.
const fs = require('node:fs');
const path = require('node:path');

const MESSAGE_LINES = 12;
const repoRoot = path.resolve(__dirname, '..');
/** A stack frame of a dependency or of node itself, which says nothing about what failed. */
const outsideFrame = (line) => /^\s*at\s/.test(line) && /node_modules|<anonymous>|node:/.test(line);
// eslint-disable-next-line no-control-regex
const plain = (text) => String(text).replace(/\u001b\[[0-9;]*m/g, '');
const firstLines = (text) =>
  plain(text)
    .split('\n')
    .filter((line) => line.trim() !== '' && !outsideFrame(line))
    .slice(0, MESSAGE_LINES)
    .map((line) => `      ${line}`);

class FailuresReporter {
  onRunComplete(_contexts, results) {
    const dir = process.env.LARDER_TEST_FAILURES_DIR;
    if (!dir) return;
    const label = process.env.LARDER_TEST_LABEL ? ` (${process.env.LARDER_TEST_LABEL})` : '';
    const out = [];
    for (const file of results.testResults) {
      const failed = file.testResults.filter((test) => test.status === 'failed');
      if (!failed.length && !file.testExecError) continue;
      out.push(`FAIL ${path.relative(repoRoot, file.testFilePath)}${label}`);
      if (file.testExecError)
        out.push(...firstLines(file.testExecError.message ?? file.failureMessage ?? ''));
      for (const test of failed) {
        out.push(`  ● ${test.fullName}`);
        out.push(...firstLines(test.failureMessages.join('\n')));
      }
    }
    if (!out.length) return;
    fs.mkdirSync(dir, { recursive: true });
    fs.writeFileSync(path.join(dir, `${process.pid}-${Date.now()}.txt`), `${out.join('\n')}\n`);
  }
}

module.exports = FailuresReporter;
