// @rtk-query/codegen-openapi: the RTK Query endpoints of the Larder API, generated from the backend's
// OpenAPI document. Run `npm run codegen -w shared-state`; `npm run check-codegen -w shared-state` fails when
// src/generated/api.ts is stale. Cache tags are added by hand in src/api.ts, never in the generated file.
const path = require('node:path');

// Server-side flows a browser never calls through fetch: webhooks and the OAuth redirect pair; the live order
// stream is opened with EventSource (order-events.ts).
const NOT_CLIENT_CALLS = [
  'stripeWebhook',
  'googleRedirect',
  'googleCallback',
  'getDevJwks',
  'streamOrderEvents',
];

/** @type {import('@rtk-query/codegen-openapi').ConfigFile} */
module.exports = {
  schemaFile: process.env.LARDER_OPENAPI_FILE || '../backend/openapi.json',
  apiFile: './src/base-api.ts',
  apiImport: 'baseApi',
  outputFile: './src/generated/api.ts',
  exportName: 'generatedApi',
  hooks: { queries: true, lazyQueries: true, mutations: true },
  tag: false,
  filterEndpoints: (name) => !NOT_CLIENT_CALLS.includes(name),
  endpointOverrides: [
    // Signing out is a GET in the contract but changes the session: mutations, so they can invalidate.
    { pattern: ['logoutUser', 'sellerLogout'], type: 'mutation' },
    // The browser's HTTP cache sends If-None-Match itself; keep the list query argument-free.
    { pattern: 'listProducts', parameterFilter: () => false },
    // One optional Idempotency-Key header per checkout attempt, whatever its spelling in the document.
    {
      pattern: ['placeCodOrder', 'placeStripeOrder'],
      parameterFilter: (name) => name.toLowerCase() === 'idempotency-key',
    },
  ],
  prettierConfigFile: path.join(__dirname, '../.prettierrc.json'),
};
