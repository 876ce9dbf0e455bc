const { createConfig } = require('../tools/webpack/create-config.cjs');

module.exports = createConfig({
  name: 'storefront',
  dir: __dirname,
  port: 4201,
  // 'auto': chunks load from wherever remoteEntry.js was served (/remotes/storefront/ or its own site).
  publicPath: 'auto',
  exposes: { './routes': './src/remote-entry.tsx' },
  // The Node build the API server renders shop pages with (dist/server/remoteEntry.js).
  serverExposes: { './server': './src/server-entry.tsx' },
  title: 'Larder — groceries delivered',
});
