// jsdom plus Node's WHATWG fetch, streams and files, which the real store (fetchBaseQuery) and the fake
// API (MSW, answering at the fetch boundary) need; jsdom has none of them or its own incompatible ones.
// matchMedia and the rest of what jsdom lacks come from dom-shims.cjs, which every jsdom config loads.
// Packages resolve their Node builds ("node" export condition): msw/node has no browser build.
const { TestEnvironment } = require('jest-environment-jsdom');

class JsdomWithFetchEnvironment extends TestEnvironment {
  constructor(config, context) {
    super(config, context);
    this._configuredExportConditions = ['node', 'node-addons'];
    const g = this.global;
    const names = ['fetch', 'Request', 'Response', 'Headers', 'FormData', 'Blob', 'File'];
    names.push('AbortController', 'AbortSignal', 'TextEncoder', 'TextDecoder', 'structuredClone');
    names.push('ReadableStream', 'WritableStream', 'TransformStream', 'BroadcastChannel');
    for (const name of names) g[name] = globalThis[name];
  }
}

module.exports = JsdomWithFetchEnvironment;
