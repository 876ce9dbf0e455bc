import assert from 'node:assert/strict';
import { UI_TIMEOUT_MS } from './env.mjs';

/**
 * Retries `check` (which throws or rejects while the expectation does not hold) until it passes
 * or `timeout` ms have gone by; then rethrows the last failure.
 */
export async function eventually(check, { timeout = UI_TIMEOUT_MS, interval = 200 } = {}) {
  const deadline = Date.now() + timeout;
  for (;;) {
    try {
      return await check();
    } catch (err) {
      if (Date.now() >= deadline) throw err;
      await new Promise((r) => setTimeout(r, interval));
    }
  }
}

function describe(locator) {
  return String(locator).replace(/^Locator@/, '');
}

/** Waits until the locator shows (a user can see it). */
export async function expectVisible(locator, { timeout = UI_TIMEOUT_MS, what } = {}) {
  try {
    await locator.waitFor({ state: 'visible', timeout });
  } catch (err) {
    throw new Error(
      `expected to see ${what ?? describe(locator)} within ${timeout} ms\n${err.message.split('\n')[0]}`,
    );
  }
  return locator;
}

/** Waits until the locator is gone or hidden. */
export async function expectHidden(locator, { timeout = UI_TIMEOUT_MS, what } = {}) {
  try {
    await locator.waitFor({ state: 'hidden', timeout });
  } catch (err) {
    throw new Error(
      `expected ${what ?? describe(locator)} to disappear within ${timeout} ms\n${err.message.split('\n')[0]}`,
    );
  }
}

/** Waits until the page shows this text (exact string or RegExp) somewhere visible. */
export async function expectText(scope, text, options = {}) {
  const exact = typeof text === 'string' ? (options.exact ?? false) : undefined;
  const locator = scope
    .getByText(text, exact === undefined ? {} : { exact })
    .filter({ visible: true })
    .first();
  return expectVisible(locator, { ...options, what: `the text ${JSON.stringify(String(text))}` });
}

/** Waits until the locator's text content satisfies `expected` (string: equal after trimming, RegExp: matches). */
export async function expectLocatorText(locator, expected, options = {}) {
  let last;
  try {
    await eventually(async () => {
      last = ((await locator.textContent({ timeout: 2_000 })) ?? '').replace(/\s+/g, ' ').trim();
      if (expected instanceof RegExp) assert.match(last, expected);
      else assert.equal(last, expected);
    }, options);
  } catch {
    throw new Error(
      `expected ${describe(locator)} to read ${String(expected)}, but it reads ${JSON.stringify(last)}`,
    );
  }
}

/** Waits until the locator matches exactly `n` elements. */
export async function expectCount(locator, n, options = {}) {
  let last;
  try {
    await eventually(async () => {
      last = await locator.count();
      assert.equal(last, n);
    }, options);
  } catch {
    throw new Error(`expected ${n} of ${describe(locator)}, found ${last}`);
  }
}

/** Waits until the page is at a path matching `pattern` (string: exact pathname, RegExp: tested on pathname+search). */
export async function expectPath(page, pattern, { timeout = UI_TIMEOUT_MS } = {}) {
  try {
    await eventually(
      () => {
        const url = new URL(page.url());
        if (typeof pattern === 'string') assert.equal(url.pathname, pattern);
        else assert.match(url.pathname + url.search, pattern);
      },
      { timeout },
    );
  } catch {
    throw new Error(`expected the page to be at ${String(pattern)}, but it is at ${page.url()}`);
  }
}

/** "£1,234.50" or "£3.99" -> pence. */
export function pence(text) {
  const m = /£\s?([\d,]+(?:\.\d{1,2})?)/.exec(text);
  assert.ok(m, `no £ amount in ${JSON.stringify(text)}`);
  return Math.round(Number(m[1].replace(/,/g, '')) * 100);
}

export function formatPence(p) {
  return `£${(p / 100).toFixed(2)}`;
}

/** Waits until a form control holds `expected`. */
export async function expectValue(locator, expected, options = {}) {
  let last;
  try {
    await eventually(async () => {
      last = await locator.inputValue({ timeout: 2_000 });
      assert.equal(last, expected);
    }, options);
  } catch {
    throw new Error(
      `expected ${describe(locator)} to hold ${JSON.stringify(expected)}, but it holds ${JSON.stringify(last)}`,
    );
  }
}
