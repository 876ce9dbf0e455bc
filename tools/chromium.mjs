// The Chromium that the browser journeys (e2e/) and `npm run size` drive through playwright-core:
// Debian's package, headless, with the background traffic a measurement or a test does not want
// turned off.
export const CHROMIUM_PATH = '/usr/bin/chromium';

export const CHROMIUM_ARGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];
