module.exports = { ...require('../jest.preset.cjs'), displayName: 'shared-state', testEnvironment: 'node' };
