// Looking at whole pages: every picture loaded, a full-page screenshot for people to look at, and axe-core.
import path from 'node:path';
import { AxeBuilder } from '@axe-core/playwright';
import { expect, test, type Page, type TestInfo } from '@playwright/test';

/** Screenshots of the main pages, kept after the run (gitignored; CI keeps e2e/artifacts/). */
export const SCREENSHOTS_DIR = path.join(__dirname, '..', 'artifacts', 'screenshots');

/**
 * Scrolls through the page so that lazy images start loading, then waits until every image has
 * finished. Returns the sources of images that finished without a picture (broken).
 */
export async function loadAllImages(page: Page): Promise<string[]> {
  await page.evaluate(async () => {
    const frame = () => new Promise<void>((r) => requestAnimationFrame(() => r()));
    const step = Math.max(200, window.innerHeight / 2);
    for (let y = 0; y < document.documentElement.scrollHeight; y += step) {
      window.scrollTo(0, y);
      await frame();
      await frame();
    }
    window.scrollTo(0, 0);
    await frame();
  });
  await expect
    .poll(
      () => page.evaluate(() => Array.from(document.images).filter((img) => img.src && !img.complete).length),
      {
        message: 'every image on the page has finished loading',
      },
    )
    .toBe(0);
  return page.evaluate(() =>
    Array.from(document.images)
      .filter((img) => img.src && img.complete && img.naturalWidth === 0)
      .map((img) => img.currentSrc || img.src),
  );
}

/** Saves a screenshot as artifacts/screenshots/{project}-{name}.png and attaches it to the report. */
export async function screenshot(
  page: Page,
  testInfo: TestInfo,
  name: string,
  { fullPage = true }: { fullPage?: boolean } = {},
): Promise<void> {
  const file = path.join(SCREENSHOTS_DIR, `${testInfo.project.name}-${name}.png`);
  await page.screenshot({ path: file, fullPage, animations: 'disabled' });
  await testInfo.attach(`${testInfo.project.name}-${name}`, { path: file, contentType: 'image/png' });
}

interface Violation {
  id: string;
  impact?: string | null;
  help: string;
  helpUrl: string;
  nodes: { target: unknown[]; failureSummary?: string }[];
}

function describeViolation(v: Violation): string {
  const nodes = v.nodes
    .slice(0, 6)
    .map(
      (n) =>
        `      - ${n.target.join(' ')}\n        ${(n.failureSummary ?? '').replace(/\n/g, '\n        ')}`,
    )
    .join('\n');
  const more = v.nodes.length > 6 ? `\n      ... and ${v.nodes.length - 6} more` : '';
  return `  [${v.impact}] ${v.id}: ${v.help} (${v.nodes.length} element(s))\n    ${v.helpUrl}\n${nodes}${more}`;
}

/**
 * Runs axe-core on the page as it is now, attaches every finding to the report, and returns a readable
 * list of its serious or critical violations (empty when there are none).
 */
export async function a11yProblems(page: Page, testInfo: TestInfo, name: string): Promise<string> {
  const results = await new AxeBuilder({ page }).analyze();
  await testInfo.attach(`axe-${testInfo.project.name}-${name}.json`, {
    body: JSON.stringify({ url: results.url, violations: results.violations }, null, 2),
    contentType: 'application/json',
  });
  const blocking = results.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical');
  if (blocking.length === 0) return '';
  return (
    `axe found ${blocking.length} serious/critical accessibility violation(s) on ${name} (${page.url()}):\n` +
    blocking.map(describeViolation).join('\n')
  );
}

/** A page looked at: its full-page screenshot kept, and no serious accessibility problem axe finds. */
export async function lookedAt(page: Page, name: string): Promise<void> {
  await screenshot(page, test.info(), name);
  expect(await a11yProblems(page, test.info(), name)).toBe('');
}
