/**
 * The whole backend suite in a few parts, for `npm test` (scripts/test.mjs) and CI.
 *
 * Jest gives every test file its own module registry, so each spec file on its own pays for loading NestJS,
 * Drizzle, Fastify and the shop's modules again (about 3 s of CPU). A part loads them once and runs a share of the
 * spec files, each inside a `describe` named after its path: its top-level hooks (`beforeAll`, `afterEach`...)
 * stay its own, and a failure names the file. Every spec file under src/ and test/ is in exactly one part
 * (the parts are worked out from the files on disk, so a new spec file needs nothing here); running one spec
 * file by its path (`npm test -w backend -- src/cart/cart.spec.ts`) runs it on its own, as before.
 *
 * What a spec file does at its top level (outside any hook) now runs while its part is collected, beside the
 * other files of that part: keep set-up in hooks.
 */
import fs from 'node:fs';
import path from 'node:path';

const BACKEND = path.resolve(__dirname, '../..');

/** How many parts the suite is cut into (part-1.suite.ts ... part-N.suite.ts). */
export const PARTS = 8;

function specFiles(dir: string): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((e) => {
    const full = path.join(dir, e.name);
    if (e.isDirectory()) return e.name === 'node_modules' ? [] : specFiles(full);
    return e.name.endsWith('.spec.ts') ? [full] : [];
  });
}

/**
 * The spec files of part `n` (1-based): the longest first, each to the part with the least so far (file size
 * stands in for running time), so that the parts take about as long as each other.
 */
export function filesOfPart(n: number): string[] {
  const files = [...specFiles(path.join(BACKEND, 'src')), ...specFiles(path.join(BACKEND, 'test'))]
    .map((file) => ({ file, weight: fs.statSync(file).size }))
    .sort((a, b) => b.weight - a.weight || a.file.localeCompare(b.file));
  const parts = Array.from({ length: PARTS }, () => ({ weight: 0, files: [] as string[] }));
  for (const { file, weight } of files) {
    const lightest = parts.reduce((min, p) => (p.weight < min.weight ? p : min));
    lightest.weight += weight;
    lightest.files.push(file);
  }
  return parts[n - 1].files.sort();
}

/** Runs the spec files of part `n`, each in a describe block named after its path. */
export function runPart(n: number): void {
  for (const file of filesOfPart(n)) {
    describe(path.relative(BACKEND, file), () => {
      // eslint-disable-next-line @typescript-eslint/no-require-imports
      require(file);
    });
  }
}
