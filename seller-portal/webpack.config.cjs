const { createConfig } = require('../tools/webpack/create-config.cjs');

module.exports = createConfig({
  name: 'sellerPortal',
  dir: __dirname,
  port: 4202,
  // 'auto': chunks load from wherever remoteEntry.js was served (/remotes/seller-portal/ or its own site).
  publicPath: 'auto',
  exposes: { './routes': './src/remote-entry.tsx' },
  title: 'Larder seller portal',
  description: 'Larder seller portal: products, stock, shipping settings and orders.',
});
