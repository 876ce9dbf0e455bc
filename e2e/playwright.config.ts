import { defineConfig, devices } from '@playwright/test';
import { CHROMIUM_ARGS, CHROMIUM_PATH } from '../tools/chromium.mjs';
import { pinRunClock } from './support/clock';

/**
 * Browser journeys against the production build (run `npm run build` first), in Debian's Chromium.
 *
 * E2E_PORT      the port of the shop the run starts (default 3100)
 * E2E_BASE_URL  drive a shop that is already running instead of starting one
 * E2E_LONDON_TIME  the London time of day (HH:MM, default 10:00) the shop's and the browsers' clocks start at,
 *               today's date, whatever the hour of the run (support/clock.ts)
 */
const port = Number(process.env.E2E_PORT ?? 3100);
const external = process.env.E2E_BASE_URL?.replace(/\/+$/, '');
pinRunClock(external !== undefined);
const baseURL = external ?? `http://127.0.0.1:${port}`;

/** Debian's `chromium` package (tools/chromium.mjs); Playwright's own browsers are never downloaded. */
const chromium = { executablePath: CHROMIUM_PATH, args: CHROMIUM_ARGS };

export default defineConfig({
  testDir: './journeys',
  // The started shop takes more orders per delivery slot (support/global-setup.ts).
  globalSetup: './support/global-setup.ts',
  // Everything a run leaves behind lives under artifacts/ (gitignored; CI keeps it):
  // report/ (HTML report), results/ (traces and screenshots of failures), screenshots/, server.log.
  outputDir: './artifacts/results',
  reporter: [['list'], ['html', { outputFolder: './artifacts/report', open: 'never' }]],
  // One worker: the journeys share one shop, and some change what every other journey sees (the
  // catalogue, the shipping settings); in sequence, each sees the shop as it left it.
  workers: 1,
  fullyParallel: false,
  // A journey that passes only on a second try has a bug.
  retries: 0,
  forbidOnly: !!process.env.CI,
  // The machine is slow and shared: generous, but bounded.
  timeout: 180_000,
  expect: { timeout: 20_000 },
  use: {
    baseURL,
    locale: 'en-GB',
    timezoneId: 'Europe/London',
    contextOptions: { reducedMotion: 'reduce' },
    navigationTimeout: 60_000,
    actionTimeout: 20_000,
    trace: 'retain-on-failure',
    screenshot: 'only-on-failure',
    launchOptions: chromium,
  },
  projects: [
    {
      // Every journey, except those tagged @phone-only.
      name: 'desktop',
      use: { ...devices['Desktop Chrome'], viewport: { width: 1280, height: 800 }, launchOptions: chromium },
      grepInvert: /@phone-only/,
    },
    {
      // The narrowest screen the shop supports.
      name: 'phone',
      use: {
        viewport: { width: 360, height: 780 },
        isMobile: true,
        hasTouch: true,
        deviceScaleFactor: 2,
        launchOptions: chromium,
      },
      // Journeys tagged @phone run here too; @phone-only ones run only here.
      grep: /@phone/,
    },
  ],
  webServer: external
    ? undefined
    : {
        command: 'node serve-shop.mjs',
        url: `${baseURL}/api/health`,
        env: { E2E_PORT: String(port), E2E_CLOCK_START: process.env.E2E_CLOCK_START ?? '' },
        reuseExistingServer: false,
        timeout: 180_000,
        stdout: 'pipe',
        gracefulShutdown: { signal: 'SIGTERM', timeout: 15_000 },
      },
});
