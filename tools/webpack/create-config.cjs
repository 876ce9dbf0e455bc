/*
 * One webpack configuration for the three Larder apps (host-shell, storefront, seller-portal).
 *
 * Each app's webpack.config.cjs is a few lines:
 *
 *   const { createConfig } = require('../tools/webpack/create-config.cjs');
 *   module.exports = createConfig({
 *     name: 'storefront',                         // container name: 'storefront' | 'sellerPortal'
 *     dir: __dirname,
 *     port: 4201,                                 // dev server: host 4200, storefront 4201, seller-portal 4202
 *     publicPath: 'auto',                         // remotes: chunks load relative to remoteEntry.js; the host uses '/'
 *     exposes: { './routes': './src/remote-entry.tsx' },
 *   });
 *
 * Source layout expected in every app:
 *   src/main.ts        only `import('./bootstrap');` (the async boundary lets shared singletons negotiate)
 *   src/bootstrap.tsx  renders the app. In a remote this is the standalone development shell: it creates its
 *                      own store (createStore from @larder/shared-state), wraps the routes in <Provider>, <BrowserRouter> and <Toaster/>, and imports
 *                      '@larder/shared-ui/src/theme.css' for the full Tailwind theme + base styles.
 *   src/remote-entry.tsx (remotes) default-exports the routes component and
 *                      imports './remote.css', the remote's own utilities only:
 *                          @import "../../shared-ui/src/remote.css";
 *                          @source "./";
 *                      The host ships the theme, the base layer and the utilities of shared-ui; a remote
 *                      ships only the utilities its own sources use (values inlined, nothing repeated).
 *                      shared-ui is bundled into each app (not shared), so a remote mounts its own
 *                      <ConfirmProvider> around its routes for useConfirm(); toast() from react-hot-toast
 *                      reaches the host's <Toaster/> because react-hot-toast is a shared singleton.
 *
 * Modes:
 *   - development (`webpack serve --mode development`): every app has an index.html, so a remote runs on
 *     its own at its port; remotes carry their own federation runtime so they work alone or under the host.
 *   - production (`webpack --mode production`): the host provides the federation runtime to the remotes
 *     (the external-runtime provider plugin on the host, experiments.externalRuntime on the remotes), so a
 *     remoteEntry.js no longer repeats it (about 15 KB gzip less per remote); remotes then build only
 *     remoteEntry.js and their chunks. LARDER_SHARE_MF_RUNTIME=false turns the sharing off.
 *
 * Server rendering: a remote with `serverExposes` also builds for Node (dist/server/remoteEntry.js, a CommonJS
 * federation container exposing those modules; everything bundled, nothing shared, CSS left out). The API
 * server loads it through the federation runtime to render shop pages (backend/src/web/server-render.ts).
 *
 * Shared singletons come from ./shared.cjs. `@larder/*` resolve to their sources (tsconfig.base.json paths).
 */
const path = require('node:path');
const fs = require('node:fs');
const { ModuleFederationPlugin } = require('@module-federation/enhanced/webpack');
const HtmlWebpackPlugin = require('html-webpack-plugin');
const MiniCssExtractPlugin = require('mini-css-extract-plugin');
const { ON_DEMAND_SHARED, sharedModules } = require('./shared.cjs');

const root = path.resolve(__dirname, '../..');
const EXTERNAL_RUNTIME_PROVIDER = path.join(
  path.dirname(require.resolve('@module-federation/inject-external-runtime-core-plugin')),
  'index.js',
);
const API_ORIGIN = process.env.LARDER_API_ORIGIN || 'http://localhost:3000';

const FAVICON =
  "data:image/svg+xml,%3Csvg xmlns='http://www.w3.org/2000/svg' viewBox='0 0 32 32'%3E%3Crect width='32' height='32' rx='7' fill='%2315803d'/%3E%3Cpath d='M10 8v16h12' stroke='white' stroke-width='4' fill='none' stroke-linecap='round' stroke-linejoin='round'/%3E%3C/svg%3E";

const DEFAULT_TITLE = 'Larder — groceries delivered';
const DEFAULT_DESCRIPTION =
  'Larder: fresh groceries from London, delivered to your door in Bristol, Cardiff, Somerset and Swindon.';

function indexHtml({ title, description }) {
  return `<!doctype html>
<html lang="en-GB">
  <head>
    <meta charset="utf-8" />
    <meta name="viewport" content="width=device-width, initial-scale=1" />
    <meta name="description" content="${description}" />
    <meta name="theme-color" content="#15803d" />
    <link rel="icon" type="image/svg+xml" href="${FAVICON}" />
    <title>${title}</title>
    <style>body{margin:0}</style>
  </head>
  <body>
    <div id="root"><p style="font-family:system-ui,sans-serif;color:#374151;margin:0;padding:2rem;text-align:center" role="status">Loading Larder…</p></div>
    <noscript>Larder needs JavaScript to run in your browser.</noscript>
  </body>
</html>`;
}

/**
 * Adds `<link rel="preload">` to the host's index.html for what its first render loads after main.js:
 * the chunks of the named async chunk groups (the bootstrap behind main.ts's async boundary, with the
 * vendor chunks split from it) and the chunks of the modules the host provides to the share scope (the
 * copies of react, react-dom, the router and the store every page uses; not those of ON_DEMAND_SHARED).
 * They then download beside main.js instead of one after another.
 */
class PreloadStartupChunksPlugin {
  constructor(groupNames) {
    this.groupNames = groupNames;
  }

  apply(compiler) {
    compiler.hooks.compilation.tap('PreloadStartupChunksPlugin', (compilation) => {
      HtmlWebpackPlugin.getHooks(compilation).alterAssetTagGroups.tap(
        'PreloadStartupChunksPlugin',
        (data) => {
          const publicPath = compilation.getPath(compilation.outputOptions.publicPath || '');
          const groups = this.groupNames.map((name) => compilation.namedChunkGroups.get(name));
          for (const module of compilation.modules) {
            if (module.constructor.name !== 'ProvideSharedModule') continue;
            if (ON_DEMAND_SHARED.includes(module._name)) continue; // loaded when first used
            for (const block of module.blocks) groups.push(compilation.chunkGraph.getBlockChunkGroup(block));
          }
          const files = new Set();
          for (const group of groups) {
            for (const chunk of group?.chunks ?? []) {
              for (const file of chunk.files) if (/\.(js|css)$/.test(file)) files.add(file);
            }
          }
          for (const file of [...files].sort()) {
            data.headTags.push({
              tagName: 'link',
              voidTag: true,
              attributes: {
                rel: 'preload',
                as: file.endsWith('.css') ? 'style' : 'script',
                href: publicPath + file,
              },
              meta: { plugin: 'PreloadStartupChunksPlugin' },
            });
          }
          return data;
        },
      );
    });
  }
}

/**
 * The host's shared singletons that every page needs to start (React, React DOM, the router, React Redux and
 * the store with its toolkit and the shared domain rules it uses) in one chunk: each would otherwise be a file of its own, loaded at the same
 * moment as the others, with its own request, headers and compression dictionary. The remotes still load
 * them from the host through the share scope. Shared modules loaded on demand (ON_DEMAND_SHARED) stay apart.
 */
/**
 * Leaves out the federation manifest's companion file (`mf-manifest-stats.json`): nothing loads it, and it names
 * the build machine's absolute paths, which a published site should not show.
 */
class DropManifestStatsPlugin {
  apply(compiler) {
    compiler.hooks.thisCompilation.tap('DropManifestStatsPlugin', (compilation) => {
      compilation.hooks.processAssets.tap(
        {
          name: 'DropManifestStatsPlugin',
          // After the federation plugin writes its manifest and stats (PROCESS_ASSETS_STAGE_OPTIMIZE_TRANSFER).
          stage: compiler.webpack.Compilation.PROCESS_ASSETS_STAGE_OPTIMIZE_TRANSFER + 1,
        },
        () => {
          for (const name of Object.keys(compilation.assets))
            if (/(^|\/)mf-manifest-stats\.json$/.test(name)) compilation.deleteAsset(name);
        },
      );
    });
  }
}

const STARTUP_SHARED_PACKAGES = [
  'react',
  'react-dom',
  'scheduler',
  'react-router',
  'react-redux',
  'use-sync-external-store',
  '@reduxjs/toolkit',
  'redux',
  'redux-thunk',
  'reselect',
  'immer',
  '@standard-schema/utils',
];

function startupSharedGroup() {
  const inPackage = new RegExp(
    `[\\\\/]node_modules[\\\\/](${STARTUP_SHARED_PACKAGES.map((p) => p.replace('/', '[\\\\/]')).join('|')})[\\\\/]`,
  );
  const ownShared = [
    path.join(root, 'shared-state', 'src') + path.sep,
    path.join(root, 'shared-domain', 'src') + path.sep,
    path.join(__dirname, 'react-router-dom.mjs'),
  ];
  return {
    name: 'startup-shared',
    chunks: 'async',
    enforce: true,
    priority: 20,
    test: (module) => {
      const resource = module.resource ?? '';
      return inPackage.test(resource) || ownShared.some((prefix) => resource.startsWith(prefix));
    },
  };
}

function swcRule(test, tsx, development) {
  return {
    test,
    exclude: /node_modules/,
    use: {
      loader: 'swc-loader',
      options: {
        jsc: {
          parser: { syntax: 'typescript', tsx },
          transform: { react: { runtime: 'automatic', development } },
          target: 'es2020',
        },
      },
    },
  };
}

function minimizers() {
  // SWC's minifier is several times faster than terser on this workspace's small CPUs.
  try {
    const MinimizerPlugin = require('minimizer-webpack-plugin');
    return [
      new MinimizerPlugin({
        minify: MinimizerPlugin.swcMinify,
        minimizerOptions: { compress: { passes: 2 }, mangle: true },
      }),
    ];
  } catch {
    return ['...'];
  }
}

/** Pictures and fonts: inlined when small, else files of their own (both builds name them alike). */
function assetRule() {
  return {
    test: /\.(png|jpe?g|gif|webp|avif|svg|woff2?)$/i,
    type: 'asset',
    parser: { dataUrlCondition: { maxSize: 4096 } },
  };
}

/** Where an app builds: <app>/dist, or LARDER_DIST_ROOT/<app> (scripts/size.mjs --out). */
function distDir(dir) {
  return process.env.LARDER_DIST_ROOT
    ? path.join(process.env.LARDER_DIST_ROOT, path.basename(dir))
    : path.join(dir, 'dist');
}

/** The rules that turn TypeScript and TSX into JavaScript (both builds). */
function scriptRules(production) {
  return [swcRule(/\.(ts|mts|cts)$/, false, !production), swcRule(/\.tsx$/, true, !production)];
}

const sourceAliases = {
  '@larder/shared-domain$': path.join(root, 'shared-domain/src/index.ts'),
  '@larder/shared-ui$': path.join(root, 'shared-ui/src/index.ts'),
  '@larder/shared-state$': path.join(root, 'shared-state/src/index.ts'),
};

/**
 * The Node build of a remote for server rendering: `<app>/dist/server/remoteEntry.js`, a CommonJS
 * federation container whose chunks load from its own folder. It shares nothing (the server has no share
 * scope to offer), imports of CSS are empty (the browser build ships the styles), and it is not minified.
 */
function serverConfig(options, mode) {
  const { name, dir, serverExposes } = options;
  const production = mode === 'production';
  return {
    name: `${name}-server`,
    mode,
    context: dir,
    target: 'async-node',
    devtool: 'source-map',
    entry: {},
    output: {
      path: path.join(distDir(dir), 'server'),
      // Set by the server for each render (renderPage's publicPath): where browsers get the files.
      publicPath: '',
      filename: '[name].js',
      chunkFilename: production ? '[name].[contenthash:8].js' : '[name].js',
      assetModuleFilename: `assets/[name]${production ? '.[contenthash:8]' : ''}[ext]`,
      uniqueName: `${name}-server`,
      clean: true,
    },
    resolve: { extensions: ['.tsx', '.ts', '.mjs', '.js', '.json'], alias: sourceAliases },
    module: {
      rules: [
        ...scriptRules(production),
        { test: /\.css$/, use: path.join(__dirname, 'empty-module-loader.cjs') },
        // Files (pictures) get the browser build's names and are not written again: the server's markup
        // points at the browser build's copies (renderPage sets the public path they are served from).
        { ...assetRule(), generator: { emit: false } },
      ],
    },
    plugins: [
      new ModuleFederationPlugin({
        name,
        filename: 'remoteEntry.js',
        library: { type: 'commonjs-module' },
        exposes: serverExposes,
        shared: {},
        dts: false,
        manifest: false,
        experiments: { optimization: { disableSnapshot: true, target: 'node' } },
      }),
    ],
    optimization: { minimize: false, moduleIds: 'deterministic' },
    performance: { hints: false },
    cache: {
      type: 'filesystem',
      name: `${name}-server-${mode}`,
      cacheDirectory: path.join(root, 'node_modules/.cache/webpack'),
      buildDependencies: {
        config: [path.join(__dirname, 'create-config.cjs'), path.join(dir, 'webpack.config.cjs')],
      },
    },
    infrastructureLogging: { level: 'warn' },
    stats: 'errors-warnings',
  };
}

/**
 * @param {object} options
 * @param {string} options.name federation container name (a JS identifier)
 * @param {string} options.dir the app folder (__dirname of its webpack.config.cjs)
 * @param {number} options.port dev-server port
 * @param {string} options.publicPath production URL prefix of the built files
 * @param {Record<string,string>} [options.exposes] modules a remote exposes
 * @param {Record<string,string>} [options.serverExposes] modules the remote's Node build exposes (server rendering)
 * @param {boolean} [options.isHost] the shell that loads the remotes
 * @param {Record<string,string>} [options.remotes] build-time remotes (the host registers its remotes at run time)
 * @param {string} [options.title] document title
 * @param {string} [options.description] meta description
 */
function createConfig(options) {
  const browser = browserConfig(options);
  return (env, argv = {}) => {
    const mode = argv.mode || process.env.NODE_ENV || 'production';
    const web = browser(env, argv);
    // The development server serves the browser build only.
    if (!options.serverExposes || mode !== 'production') return web;
    return [web, serverConfig(options, mode)];
  };
}

/** The browser build of an app (see createConfig). */
function browserConfig(options) {
  const { name, dir, port, exposes, isHost = false, remotes } = options;
  const isRemote = !isHost && exposes && Object.keys(exposes).length > 0;

  return (_env, argv = {}) => {
    const mode = argv.mode || process.env.NODE_ENV || 'production';
    const production = mode === 'production';
    const publicPath = isHost ? '/' : production ? options.publicPath : `http://localhost:${port}/`;
    const hash = production ? '.[contenthash:8]' : '';
    const standalone = isHost || !production;
    // LARDER_SHARE_MF_RUNTIME=false builds every app with its own runtime copy (to measure the saving).
    const shareRuntime = production && process.env.LARDER_SHARE_MF_RUNTIME !== 'false';
    const main = path.join(dir, 'src/main.ts');

    return {
      name,
      mode,
      context: dir,
      target: 'web',
      devtool: production ? 'source-map' : 'eval-cheap-module-source-map',
      entry: standalone ? { main } : {},
      output: {
        path: distDir(dir),
        publicPath,
        filename: `[name]${hash}.js`,
        chunkFilename: `[name]${hash}.js`,
        assetModuleFilename: `assets/[name]${hash}[ext]`,
        uniqueName: name,
        // dist/server is the Node build's (serverConfig), written by the same run.
        clean: { keep: /^server\// },
      },
      resolve: { extensions: ['.tsx', '.ts', '.mjs', '.js', '.json'], alias: sourceAliases },
      module: {
        rules: [
          ...scriptRules(production),
          {
            test: /\.css$/,
            use: [
              MiniCssExtractPlugin.loader,
              { loader: 'css-loader', options: { importLoaders: 1 } },
              {
                loader: 'postcss-loader',
                options: {
                  postcssOptions: {
                    plugins: [
                      require('@tailwindcss/postcss')({
                        base: dir,
                        optimize: production && { minify: true },
                      }),
                    ],
                  },
                },
              },
            ],
          },
          assetRule(),
        ],
      },
      plugins: [
        new MiniCssExtractPlugin({ filename: `[name]${hash}.css`, chunkFilename: `[name]${hash}.css` }),
        new ModuleFederationPlugin({
          name,
          filename: isRemote ? 'remoteEntry.js' : undefined,
          exposes: isRemote ? exposes : undefined,
          remotes: remotes ?? {},
          shared: sharedModules({ checkVersions: !production }),
          shareStrategy: 'loaded-first',
          dts: false,
          manifest: isRemote ? { fileName: 'mf-manifest.json' } : false,
          experiments: {
            optimization: { disableSnapshot: true, target: 'web' },
            ...(shareRuntime && isRemote ? { externalRuntime: true } : {}),
          },
          // The host hands its federation runtime to the remotes. This is what `provideExternalRuntime`
          // does, but through the plugin's ES module build: the option picks the CommonJS build, which
          // drags a second copy of the runtime core into the host.
          runtimePlugins: shareRuntime && isHost ? [EXTERNAL_RUNTIME_PROVIDER] : [],
        }),
        ...(isRemote && production ? [new DropManifestStatsPlugin()] : []),
        ...(standalone
          ? [
              new HtmlWebpackPlugin({
                templateContent: indexHtml({
                  title: options.title ?? DEFAULT_TITLE,
                  description: options.description ?? DEFAULT_DESCRIPTION,
                }),
                publicPath,
                chunks: ['main'],
                scriptLoading: 'defer',
              }),
              ...(isHost ? [new PreloadStartupChunksPlugin(['bootstrap'])] : []),
            ]
          : []),
      ],
      optimization: production
        ? {
            minimizer: minimizers(),
            moduleIds: 'deterministic',
            ...(isHost ? { splitChunks: { cacheGroups: { startupShared: startupSharedGroup() } } } : {}),
          }
        : {},
      performance: { hints: false },
      cache: {
        type: 'filesystem',
        name: `${name}-${mode}`,
        version: shareRuntime ? 'shared-runtime' : 'own-runtime',
        cacheDirectory: path.join(root, 'node_modules/.cache/webpack'),
        buildDependencies: {
          config: [
            path.join(__dirname, 'create-config.cjs'),
            path.join(__dirname, 'shared.cjs'),
            path.join(dir, 'webpack.config.cjs'),
          ],
        },
      },
      infrastructureLogging: { level: 'warn' },
      stats: 'errors-warnings',
      devServer: {
        port,
        host: 'localhost',
        hot: true,
        historyApiFallback: true,
        allowedHosts: 'all',
        headers: isHost
          ? {}
          : {
              'Access-Control-Allow-Origin': '*',
              'Access-Control-Allow-Methods': 'GET, OPTIONS',
              'Access-Control-Allow-Headers': '*',
            },
        static: fs.existsSync(path.join(dir, 'public'))
          ? { directory: path.join(dir, 'public'), publicPath: '/' }
          : false,
        proxy: [{ context: ['/api', '/uploads'], target: API_ORIGIN, changeOrigin: false }],
        client: { overlay: { errors: true, warnings: false } },
      },
    };
  };
}

module.exports = { createConfig };
