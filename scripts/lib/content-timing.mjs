/**
 * When a page shows its frame, its skeleton and its content, as a phone on a slow network sees it: Chromium
 * (playwright-core) slowed down through the DevTools protocol as Lighthouse's mobile preset slows it (4x slower
 * CPU, 562.5 ms round trips, 1.47 Mbit/s down), a phone's screen, and the page watched from its first byte on.
 * Lighthouse's own figures (FCP, LCP) cannot tell a skeleton from the content it stands for; this can, by the
 * elements the page draws: the frame is the shop's header, a skeleton is anything marked `aria-busy="true"`
 * in the page's main region, and the content is what the caller names (e.g. the basket's lines).
 *
 * Each run is a first visit (nothing cached), then a repeat visit in the same browser context (the scripts and
 * styles cached, as for a customer who comes back), both slowed down, and a last repeat visit at the full speed
 * of this machine and its loopback network (`fast`). With a session cookie, also the visit of a customer who has
 * just signed in on the shop's pages (`afterShop`): a fresh browser opens the home page as a visitor, and once it
 * is idle, the page signed in, slowed down as well.
 */
/* global document, MutationObserver, performance, requestAnimationFrame, window -- run in the page */
import { chromium } from 'playwright-core';

/** Lighthouse's mobile throttling (its `throttling.mobileSlow4G` as applied with `--throttling-method=devtools`). */
const NETWORK = {
  offline: false,
  latency: 562.5,
  downloadThroughput: (1474.56 * 1024) / 8,
  uploadThroughput: (675 * 1024) / 8,
};
const CPU_SLOWDOWN = 4;
const PHONE = {
  viewport: { width: 412, height: 823 },
  deviceScaleFactor: 1.75,
  isMobile: true,
  hasTouch: true,
};

/**
 * Notes, in the page, the time (ms from the navigation's start) of the first animation frame after each of the
 * named elements first appeared: the frame that paints it, unless the page has not painted yet (see visit).
 * Runs before any of the page's own scripts.
 */
function watchPage(selectors) {
  const seen = {};
  Object.defineProperty(window, '__larderSeen', { value: seen });
  const check = () => {
    for (const [name, selector] of Object.entries(selectors)) {
      if (name in seen || seen[`${name}-pending`]) continue;
      if (!document.querySelector(selector)) continue;
      seen[`${name}-pending`] = true;
      // The next frame is the one that paints it.
      requestAnimationFrame(() => {
        seen[name] = performance.now();
      });
    }
  };
  new MutationObserver(check).observe(document, { subtree: true, childList: true, attributes: true });
}

/** Sends the session cookie (`name=value`) with the context's requests to the page's origin from now on. */
async function signIn(context, url, cookie) {
  const [name, ...value] = cookie.split('=');
  await context.addCookies([{ name, value: value.join('='), url: new URL(url).origin }]);
}

/** The visits measured, in the order they are printed (`afterShop` only for a signed-in page). */
export const VISITS = ['first', 'afterShop', 'repeat', 'fast'];

export class ContentTimer {
  /** @param {{ executablePath: string, args: string[] }} browser how to start Chromium */
  constructor(browser) {
    this.browserOptions = browser;
  }

  async start() {
    this.browser = await chromium.launch({ ...this.browserOptions, headless: true });
  }

  async stop() {
    await this.browser?.close();
  }

  /**
   * One first visit and one repeat visit of `url`.
   * @param {string} url
   * @param {{ cookie?: string, content: string }} what the session cookie to send, and the selector of the
   *   page's content
   * @returns {Promise<{ first: Timing, afterShop?: Timing, repeat: Timing, fast: Timing }>} with Timing = { fcp, frame, skeleton,
   *   content } in ms
   *   (undefined: never seen within the time allowed)
   */
  async measure(url, { cookie, content }) {
    const afterShop = cookie ? await this.measureAfterShop(url, { cookie, content }) : undefined;
    const { context, page, cdp } = await this.slowPhone(content);
    if (cookie) await signIn(context, url, cookie);
    try {
      const first = await this.visit(page, url);
      const repeat = await this.visit(page, url);
      await cdp.send('Network.emulateNetworkConditions', {
        offline: false,
        latency: 0,
        downloadThroughput: -1,
        uploadThroughput: -1,
      });
      await cdp.send('Emulation.setCPUThrottlingRate', { rate: 1 });
      const fast = await this.visit(page, url);
      return { first, ...(afterShop ? { afterShop } : {}), repeat, fast };
    } finally {
      await context.close();
    }
  }

  /** The page, signed in, in a fresh browser that has just shown the home page to a visitor and gone idle. */
  async measureAfterShop(url, { cookie, content }) {
    const { context, page } = await this.slowPhone(content);
    try {
      await page.goto(new URL('/', url).href, { waitUntil: 'load' });
      await page.waitForLoadState('networkidle');
      await signIn(context, url, cookie);
      return await this.visit(page, url);
    } finally {
      await context.close();
    }
  }

  /** A new browser context with a phone's screen, slowed down, watching for the page's parts. */
  async slowPhone(content) {
    const context = await this.browser.newContext({ ...PHONE });
    await context.addInitScript(watchPage, {
      frame: 'header',
      skeleton: 'main [aria-busy="true"]',
      content,
    });
    const page = await context.newPage();
    const cdp = await context.newCDPSession(page);
    await cdp.send('Network.enable');
    await cdp.send('Network.emulateNetworkConditions', NETWORK);
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: CPU_SLOWDOWN });
    return { context, page, cdp };
  }

  async visit(page, url) {
    await page.goto(url, { waitUntil: 'commit' });
    await page
      .waitForFunction(
        () =>
          'content' in (window.__larderSeen ?? {}) &&
          performance.getEntriesByName('first-contentful-paint').length > 0,
        undefined,
        { timeout: 30_000 },
      )
      .catch(() => undefined);
    return page.evaluate(() => {
      const seen = window.__larderSeen ?? {};
      const fcp = performance.getEntriesByName('first-contentful-paint')[0]?.startTime;
      // The browser runs animation frames while a linked style sheet still holds the page's first paint back:
      // nothing is shown before that first paint.
      const shown = (at) => (at === undefined || fcp === undefined ? at : Math.max(at, fcp));
      return { fcp, frame: shown(seen.frame), skeleton: shown(seen.skeleton), content: shown(seen.content) };
    });
  }
}
