// jsdom plus the WHATWG fetch classes of Node, which RTK Query's fetchBaseQuery needs (jsdom has none).
const { TestEnvironment } = require('jest-environment-jsdom');

class JsdomWithFetchEnvironment extends TestEnvironment {
  constructor(config, context) {
    super(config, context);
    const g = this.global;
    const names = ['fetch', 'Request', 'Response', 'Headers', 'FormData', 'AbortController', 'AbortSignal'];
    names.push('TextEncoder', 'TextDecoder', 'ReadableStream', 'structuredClone');
    for (const name of names) g[name] = globalThis[name];
    g.matchMedia ??= (query) => ({
      matches: false,
      media: query,
      onchange: null,
      addListener() {},
      removeListener() {},
      addEventListener() {},
      removeEventListener() {},
      dispatchEvent: () => false,
    });
  }
}

module.exports = JsdomWithFetchEnvironment;
