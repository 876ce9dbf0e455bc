// The whole backend suite in parts (test/suite/part.ts): what `npm test` runs when no test file is named.
const config = require('./jest.config.cjs');

module.exports = {
  ...config,
  testMatch: ['<rootDir>/test/suite/part-*.suite.ts'],
};
