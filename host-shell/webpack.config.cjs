const path = require('node:path');
const { InjectManifest } = require('workbox-webpack-plugin');
const { createConfig } = require('../tools/webpack/create-config.cjs');

const config = createConfig({
  name: 'host_shell',
  dir: __dirname,
  port: 4200,
  publicPath: '/',
  isHost: true,
});

const root = path.resolve(__dirname, '..');
/** Where the worker is compiled before the host's build names its files in it. */
const workerOut = path.join(root, 'node_modules/.cache/larder-seller-sw');

/**
 * The seller area's service worker (src/service-worker/seller-sw.ts) on its own: a worker, with none of the
 * federation plugin's runtime (which a child compilation of the host's build would inherit).
 */
function workerConfig() {
  return {
    name: 'seller-sw',
    mode: 'production',
    context: __dirname,
    target: 'webworker',
    devtool: false,
    entry: { 'seller-sw': path.join(__dirname, 'src/service-worker/seller-sw.ts') },
    output: { path: workerOut, filename: '[name].js', clean: true },
    resolve: { extensions: ['.ts', '.mjs', '.js'] },
    module: {
      rules: [
        {
          test: /\.ts$/,
          exclude: /node_modules/,
          use: {
            loader: 'swc-loader',
            options: { jsc: { parser: { syntax: 'typescript' }, target: 'es2020' } },
          },
        },
      ],
    },
    performance: { hints: false },
    infrastructureLogging: { level: 'warn' },
    stats: 'errors-warnings',
  };
}

/**
 * Production builds add the worker: /seller-sw.js, at the root of the host's site so that it may control
 * /seller/ (the seller portal's Run page registers it there), with the host's own scripts and styles named in
 * it to precache. The seller portal is built apart, so its files are kept as the Run page loads them (the
 * worker's runtime routes).
 */
module.exports = (env, argv = {}) => {
  const web = config(env, argv);
  const mode = argv.mode || process.env.NODE_ENV || 'production';
  if (mode !== 'production') return web;
  web.dependencies = ['seller-sw'];
  web.plugins.push(
    new InjectManifest({
      swSrc: path.join(workerOut, 'seller-sw.js'),
      swDest: 'seller-sw.js',
      compileSrc: false,
      // The page itself comes from the network first (the server names its files in its head); source maps and
      // licence notes are never needed offline.
      exclude: [/\.map$/, /\.html$/, /LICENSE/i, /^remotes\.json$/],
      maximumFileSizeToCacheInBytes: 1024 * 1024,
    }),
  );
  return [workerConfig(), web];
};
