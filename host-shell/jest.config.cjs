module.exports = {
  ...require('../jest.preset.cjs'),
  displayName: 'host-shell',
  testEnvironment: 'jsdom',
  setupFilesAfterEnv: ['<rootDir>/jest.setup.ts', '<rootDir>/../tools/jest/dom-shims.cjs'],
};
