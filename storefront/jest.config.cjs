const preset = require('../jest.preset.cjs');

module.exports = {
  ...preset,
  displayName: 'storefront',
  testEnvironment: '<rootDir>/test/jsdom-environment.cjs',
  setupFilesAfterEnv: ['<rootDir>/jest.setup.ts', '<rootDir>/../tools/jest/dom-shims.cjs'],
  moduleNameMapper: {
    ...preset.moduleNameMapper,
    '\\.css$': '<rootDir>/test/style-stub.cjs',
  },
};
