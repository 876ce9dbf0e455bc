module.exports = {
  ...require('../jest.preset.cjs'),
  ...require('../tools/jest/with-msw.cjs'),
  displayName: 'shared-state',
  testEnvironment: 'node',
};
