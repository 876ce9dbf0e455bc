import { after, before } from 'node:test';
import { writeFileSync } from 'node:fs';
import path from 'node:path';
import { chromium } from 'playwright-core';
import { AxeBuilder } from '@axe-core/playwright';
import { CHROMIUM_ARGS, CHROMIUM_PATH } from '../../tools/chromium.mjs';
import { ARTIFACTS_DIR, BASE_URL, UI_TIMEOUT_MS } from './env.mjs';

export const DESKTOP = { viewport: { width: 1280, height: 800 } };
export const PHONE = { viewport: { width: 360, height: 780 }, isMobile: true, hasTouch: true };

export function launchBrowser() {
  return chromium.launch({ executablePath: CHROMIUM_PATH, args: CHROMIUM_ARGS });
}

/**
 * One Chromium per journey file, started before its first test and closed after the last.
 * Returns a holder whose `browser` is set once `before` has run.
 */
export function useBrowser() {
  const holder = { browser: undefined };
  before(async () => {
    holder.browser = await launchBrowser();
  });
  after(async () => {
    await holder.browser?.close();
  });
  return holder;
}

/** A fresh, isolated browser context (its own cookies and storage) on the shop. */
export async function newContext(browser, device = DESKTOP) {
  const context = await browser.newContext({
    ...device,
    baseURL: BASE_URL,
    locale: 'en-GB',
    timezoneId: 'Europe/London',
    reducedMotion: 'reduce',
  });
  context.setDefaultTimeout(UI_TIMEOUT_MS);
  context.setDefaultNavigationTimeout(60_000);
  return context;
}

function fileSafe(name) {
  return name
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-|-$/g, '')
    .slice(0, 80);
}

/**
 * Runs `body(page, context)` in a fresh context and page. Uncaught page errors fail the journey;
 * when it fails, a screenshot of the page at that moment and the browser console are kept in artifacts/.
 */
export async function inPage(t, holder, body, device = DESKTOP) {
  const context = await newContext(holder.browser, device);
  const page = await context.newPage();
  const pageErrors = [];
  const consoleLines = [];
  page.on('pageerror', (err) => pageErrors.push(`${err.name}: ${err.message}`));
  page.on('console', (msg) => {
    if (msg.type() === 'error' || msg.type() === 'warning')
      consoleLines.push(`[${msg.type()}] ${msg.text()}`);
  });
  page.on('requestfailed', (req) => {
    const failure = req.failure()?.errorText ?? 'failed';
    if (failure !== 'net::ERR_ABORTED')
      consoleLines.push(`[request] ${req.method()} ${req.url()} ${failure}`);
  });
  try {
    await body(page, context);
    if (pageErrors.length) {
      throw new Error(`the page threw uncaught errors:\n  ${pageErrors.join('\n  ')}`);
    }
  } catch (err) {
    const name = `failed-${fileSafe(t.fullName ?? t.name)}`;
    await page
      .screenshot({ path: path.join(ARTIFACTS_DIR, `${name}.png`), fullPage: true, timeout: 10_000 })
      .catch(() => {});
    t.diagnostic(`page at failure: ${page.url()} (screenshot artifacts/${name}.png)`);
    for (const line of [...pageErrors.map((e) => `[pageerror] ${e}`), ...consoleLines].slice(-25)) {
      t.diagnostic(line);
    }
    throw err;
  } finally {
    await context.close().catch(() => {});
  }
}

/**
 * Scrolls through the page so that lazy images start loading, then waits (bounded) until every
 * image has finished. Returns the sources of images that finished without a picture (broken).
 */
export async function loadAllImages(page, { timeout = 15_000 } = {}) {
  await page.evaluate(async () => {
    const frame = () => new Promise((r) => requestAnimationFrame(() => r()));
    const step = Math.max(200, window.innerHeight / 2);
    for (let y = 0; y < document.documentElement.scrollHeight; y += step) {
      window.scrollTo(0, y);
      await frame();
      await frame();
    }
    window.scrollTo(0, 0);
    await frame();
  });
  const pending = () =>
    page.evaluate(() => Array.from(document.images).filter((img) => img.src && !img.complete).length);
  const deadline = Date.now() + timeout;
  while ((await pending()) > 0 && Date.now() < deadline) await page.waitForTimeout(250);
  return page.evaluate(() =>
    Array.from(document.images)
      .filter((img) => img.src && img.complete && img.naturalWidth === 0)
      .map((img) => img.currentSrc || img.src),
  );
}

/** Saves a screenshot (full page unless told otherwise) as artifacts/{name}.png once its images have loaded. */
export async function screenshot(page, name, { fullPage = true } = {}) {
  await loadAllImages(page);
  await page.waitForLoadState('networkidle', { timeout: 10_000 }).catch(() => {});
  const file = path.join(ARTIFACTS_DIR, `${fileSafe(name)}.png`);
  await page.screenshot({ path: file, fullPage, animations: 'disabled' });
  return file;
}

function describeViolation(v) {
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
 * Runs axe-core on the page as it is now and returns a readable list of its serious or critical
 * violations (empty when there are none). The full result is kept as artifacts/axe-{name}.json.
 */
export async function a11yProblems(page, name) {
  const results = await new AxeBuilder({ page }).analyze();
  writeFileSync(
    path.join(ARTIFACTS_DIR, `axe-${fileSafe(name)}.json`),
    JSON.stringify({ url: results.url, violations: results.violations }, null, 2),
  );
  const blocking = results.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical');
  if (blocking.length === 0) return '';
  return (
    `axe found ${blocking.length} serious/critical accessibility violation(s) on ${name} (${page.url()}):\n` +
    blocking.map(describeViolation).join('\n')
  );
}

/** Fails on serious or critical axe violations, listing each with the elements concerned. */
export async function checkA11y(page, name) {
  const problems = await a11yProblems(page, name);
  if (problems) throw new Error(problems);
}
