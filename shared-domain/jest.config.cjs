// Run in a zone far from London: the delivery rules must not depend on the host's time zone.
process.env.TZ = 'Pacific/Auckland';

module.exports = { ...require('../jest.preset.cjs'), displayName: 'shared-domain', testEnvironment: 'node' };
