module.exports = {
  ...require('../jest.preset.cjs'),
  displayName: 'seller-portal',
  testEnvironment: 'jsdom',
  setupFilesAfterEnv: ['<rootDir>/jest.setup.ts', '<rootDir>/../tools/jest/dom-shims.cjs'],
  moduleNameMapper: {
    ...require('../jest.preset.cjs').moduleNameMapper,
    '\\.css$': '<rootDir>/test/style-stub.cjs',
  },
};
