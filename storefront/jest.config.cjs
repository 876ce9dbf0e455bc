const preset = require('../jest.preset.cjs');

module.exports = {
  ...preset,
  ...require('../tools/jest/with-msw.cjs'),
  displayName: 'storefront',
  testEnvironment: '<rootDir>/../tools/jest/jsdom-fetch-environment.cjs',
  // Pages with long forms take several seconds per test when the machine is shared with other builds.
  testTimeout: 20_000,
  setupFilesAfterEnv: ['<rootDir>/jest.setup.ts', '<rootDir>/../tools/jest/dom-shims.cjs'],
  moduleNameMapper: {
    ...preset.moduleNameMapper,
    '\\.css$': '<rootDir>/test/style-stub.cjs',
    '\\.svg$': '<rootDir>/test/file-stub.cjs',
  },
};
