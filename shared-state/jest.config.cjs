module.exports = {
  ...require('../jest.preset.cjs'),
  ...require('../tools/jest/with-msw.cjs'),
  displayName: 'shared-state',
  // jsdom with Node's fetch: the store runs as in the browser, and Testing Library's waitFor has a document.
  testEnvironment: '<rootDir>/../tools/jest/jsdom-fetch-environment.cjs',
  setupFilesAfterEnv: ['<rootDir>/../tools/jest/dom-shims.cjs'],
};
