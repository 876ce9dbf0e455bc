// API and unit tests of the backend. Run through scripts/test.mjs, which sets NODE_OPTIONS for PGlite.
const preset = require('../jest.preset.cjs');

module.exports = {
  ...preset,
  displayName: 'backend',
  rootDir: __dirname,
  testEnvironment: 'node',
  testMatch: ['<rootDir>/src/**/*.spec.ts', '<rootDir>/test/**/*.spec.ts'],
  globalSetup: '<rootDir>/test/global-setup.ts',
  maxWorkers: 2,
  testTimeout: 60_000,
};
