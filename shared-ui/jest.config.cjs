module.exports = {
  ...require('../jest.preset.cjs'),
  displayName: 'shared-ui',
  testEnvironment: 'jsdom',
  setupFilesAfterEnv: ['<rootDir>/jest.setup.ts', '<rootDir>/../tools/jest/dom-shims.cjs'],
};
