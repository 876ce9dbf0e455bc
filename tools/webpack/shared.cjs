// The one list of modules shared as singletons between the host and the remotes.
// react-router is listed beside react-router-dom: v7's react-router-dom re-exports react-router, and a
// second copy of it would give a remote its own router context. react-hot-toast keeps its toasts in a
// module-level store: the host renders <Toaster/> and the remotes call toast(), so they need one copy.
const SINGLETONS = [
  'react',
  'react-dom',
  'react-router',
  'react-router-dom',
  '@reduxjs/toolkit',
  'react-redux',
  'react-hot-toast',
  '@larder/shared-state',
];

/** The installed major line of a package (every app builds from the one workspace node_modules). */
function requiredVersion(name) {
  try {
    return `^${require(`${name}/package.json`).version}`;
  } catch {
    return false;
  }
}

/** The `shared` option of the federation plugin: every entry a singleton, version mismatches only warn. */
function sharedModules() {
  return Object.fromEntries(
    SINGLETONS.map((name) => [
      name,
      { singleton: true, strictVersion: false, requiredVersion: requiredVersion(name) },
    ]),
  );
}

module.exports = { SINGLETONS, sharedModules };
