const path = require('node:path');

// The one list of modules shared as singletons between the host and the remotes.
// react-hot-toast keeps its toasts in a module-level store: the host renders <Toaster/> and the remotes
// show toasts (through `toast` from @larder/shared-state), so they need one copy. @reduxjs/toolkit is not
// listed: only @larder/shared-state imports it, and as part of that singleton it is bundled once, with only
// the parts the store uses.
const SINGLETONS = [
  'react',
  'react-dom',
  'react-router-dom',
  'react-redux',
  'react-hot-toast',
  '@larder/shared-state',
];

/**
 * Shared modules no page needs to start: the host's index.html does not preload them. react-hot-toast loads
 * with the first toast (`toast` from @larder/shared-state, the host's <ToasterOnDemand/>).
 */
const ON_DEMAND_SHARED = ['react-hot-toast'];

/**
 * Shared modules whose shared copy is a local module rather than the package's own entry:
 * react-router-dom is shared as ./react-router-dom.mjs, the few router exports the apps use (the full
 * package is about 60 KB gzip, the declarative router a fraction of it). Its version is react-router's.
 */
const LOCAL_IMPORTS = {
  'react-router-dom': { import: path.join(__dirname, 'react-router-dom.mjs'), versionOf: 'react-router' },
};

/** The installed major line of a package (every app builds from the one workspace node_modules). */
function installedVersion(name) {
  try {
    return require(`${name}/package.json`).version;
  } catch {
    return undefined;
  }
}

function requiredVersion(name) {
  const version = installedVersion(name);
  return version ? `^${version}` : false;
}

/**
 * The `shared` option of the federation plugin: every entry a singleton.
 *
 * A version range makes the federation runtime check, as each page starts, that the singleton it got satisfies
 * the range, and only warn in the console when not (strictVersion false). Every app builds from the one
 * workspace node_modules, so in a build of one commit the versions always agree; the check parses semver
 * ranges with regular expressions, 17-32% of the samples in the task that runs the host's entry script (the
 * home page under 4x CPU throttling, three loads). So the ranges are given in development builds (where the
 * warning would be read, e.g. a remote served from another checkout) and left out of production ones.
 * @param {{ checkVersions: boolean }} options
 */
function sharedModules({ checkVersions }) {
  const range = (name) => (checkVersions ? requiredVersion(name) : false);
  return Object.fromEntries(
    SINGLETONS.map((name) => {
      const local = LOCAL_IMPORTS[name];
      const config = { singleton: true, strictVersion: false, requiredVersion: range(name) };
      if (!local) return [name, config];
      return [
        name,
        {
          ...config,
          import: local.import,
          version: installedVersion(local.versionOf),
          requiredVersion: range(local.versionOf),
        },
      ];
    }),
  );
}

module.exports = { ON_DEMAND_SHARED, SINGLETONS, sharedModules };
