// Test set-up shared by the frontends' jest configs (listed in their setupFilesAfterEnv). What jsdom lacks:
// TextEncoder/TextDecoder (react-router reads them at import time) and matchMedia (jsdom has no layout, so
// media queries never match; the toaster asks about reduced motion).
/* global window */
const { TextDecoder, TextEncoder } = require('node:util');

Object.assign(globalThis, { TextEncoder, TextDecoder });

// A test that runs in Node (`@jest-environment node`, e.g. server rendering) has no window to shim.
if (typeof window !== 'undefined' && !window.matchMedia) {
  window.matchMedia = (query) => ({
    matches: false,
    media: query,
    onchange: null,
    addEventListener: () => {},
    removeEventListener: () => {},
    addListener: () => {},
    removeListener: () => {},
    dispatchEvent: () => false,
  });
}

// findBy*/waitFor give up after 1 s by default; on a busy machine (tests of several projects running at
// once) a render can take longer than that, so they wait up to 5 s. A passing test is not slowed down.
require('@testing-library/react').configure({ asyncUtilTimeout: 5000 });
