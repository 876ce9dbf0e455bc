// API and unit tests of the backend. Run through scripts/test.mjs, which sets NODE_OPTIONS for PGlite.
const preset = require('../jest.preset.cjs');

module.exports = {
  ...preset,
  displayName: 'backend',
  rootDir: __dirname,
  testEnvironment: 'node',
  // otplib's hashing and base32 packages are published as ES modules only; jest loads them through SWC too.
  transformIgnorePatterns: ['node_modules/(?!(.*/)?(jose|content-disposition|@scure/base|@noble/hashes)/)'],
  testMatch: ['<rootDir>/src/**/*.spec.ts', '<rootDir>/test/**/*.spec.ts'],
  globalSetup: '<rootDir>/test/global-setup.ts',
  maxWorkers: 2,
  testTimeout: 60_000,
};
