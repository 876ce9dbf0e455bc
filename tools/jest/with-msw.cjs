// Jest settings for the projects whose tests use the fake API (shared-state/src/testing, built on msw):
// msw's dependencies are ESM only (.mjs files, and until-async), so they are compiled to CommonJS like
// the project's own sources.
const preset = require('../../jest.preset.cjs');

const compile = preset.transform['^.+\\.(t|j)sx?$'];

module.exports = {
  transform: { ...preset.transform, '^.+\\.mjs$': compile },
  transformIgnorePatterns: ['node_modules/(?!(.*/)?(jose|content-disposition|until-async)/)(?!.*\\.mjs$)'],
};
