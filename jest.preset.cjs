// Shared jest settings: TypeScript through SWC, workspace packages resolved to their sources.
const os = require('node:os');
const path = require('node:path');
const root = __dirname;

module.exports = {
  transform: {
    '^.+\\.(t|j)sx?$': [
      '@swc/jest',
      {
        jsc: {
          parser: { syntax: 'typescript', tsx: true, decorators: true },
          transform: { legacyDecorator: true, decoratorMetadata: true, react: { runtime: 'automatic' } },
          target: 'es2022',
        },
        module: { type: 'commonjs' },
      },
    ],
  },
  moduleNameMapper: {
    '^@larder/shared-domain$': path.join(root, 'shared-domain/src/index.ts'),
    '^@larder/shared-ui$': path.join(root, 'shared-ui/src/index.ts'),
    '^@larder/shared-state$': path.join(root, 'shared-state/src/index.ts'),
    '^@larder/shared-state/testing$': path.join(root, 'shared-state/src/testing/index.ts'),
  },
  transformIgnorePatterns: ['node_modules/(?!(.*/)?(jose|content-disposition)/)'],
  testPathIgnorePatterns: ['/node_modules/', '/dist/'],
  // The page tests wait on timers and events about as long as they compute: one worker more than the cores keeps
  // the cores busy (jest's default, one fewer than the cores, is one worker on two). Measured on 2 cores: the
  // seller portal's tests 48 s on one worker, 22 s on three; the storefront's 22 s (under nx) and 14 s. The
  // backend sets its own (each worker holds a database).
  maxWorkers: os.availableParallelism() + 1,
  // The default output, and the failed tests written down for `npm test` to name again at its end.
  reporters: ['default', path.join(root, 'scripts/jest-failures-reporter.cjs')],
};
