module.exports = {
  ...require('../jest.preset.cjs'),
  ...require('../tools/jest/with-msw.cjs'),
  displayName: 'seller-portal',
  testEnvironment: '<rootDir>/../tools/jest/jsdom-fetch-environment.cjs',
  // Screens with long forms take several seconds per test when the machine is shared with other builds.
  testTimeout: 20_000,
  setupFilesAfterEnv: ['<rootDir>/jest.setup.ts', '<rootDir>/../tools/jest/dom-shims.cjs'],
  moduleNameMapper: {
    ...require('../jest.preset.cjs').moduleNameMapper,
    '\\.css$': '<rootDir>/test/style-stub.cjs',
  },
};
