import { loadManifest } from './remotes';

// Ask for the remote manifest now, while the shared modules and the bootstrap chunk download.
loadManifest().catch(() => undefined); // the routes show the failure and offer a retry

// The async boundary lets the federation runtime agree on shared singletons before any of them is used.
import(/* webpackChunkName: "bootstrap" */ './bootstrap');
