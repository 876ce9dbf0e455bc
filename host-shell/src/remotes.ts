import { init, loadRemote, registerRemotes } from '@module-federation/enhanced/runtime';
import type { ComponentType } from 'react';
import { PAGE_REMOTES_ID } from '@larder/shared-domain';
import type { AppStore } from '@larder/shared-state';

/** The remotes the shell knows, by their key in /remotes.json and their federation container name. */
export const REMOTES = {
  storefront: { container: 'storefront' },
  sellerPortal: { container: 'sellerPortal' },
} as const;

export type RemoteKey = keyof typeof REMOTES;

/** What a remote's `./routes` module provides. */
export interface RemoteRoutesModule {
  default: ComponentType;
  /**
   * Loads the code of the page a path shows, so a server-rendered page hydrates in one pass; given the store, it
   * asks for the page's data at the same time.
   */
  preloadRoute?: (pathname: string, store?: AppStore) => Promise<void>;
}

export type RemoteManifest = Record<RemoteKey, string>;

/** The federation container name of this shell (the name its webpack config gives the plugin). */
const HOST_NAME = 'host_shell';

let manifest: Promise<RemoteManifest> | undefined;

/** The manifest the server put in the page (its `PAGE_REMOTES_ID` element), if any. */
function inlineManifest(): RemoteManifest | undefined {
  const text = typeof document === 'undefined' ? null : document.getElementById(PAGE_REMOTES_ID)?.textContent;
  if (!text) return undefined;
  try {
    return JSON.parse(text) as RemoteManifest;
  } catch {
    return undefined;
  }
}

async function fetchManifest(): Promise<RemoteManifest> {
  const response = await fetch('/remotes.json', { credentials: 'same-origin' });
  if (!response.ok) throw new Error(`remotes.json answered ${response.status}`);
  return (await response.json()) as RemoteManifest;
}

/**
 * Reads the remote manifest once (from the page when the server put it there, else /remotes.json)
 * and registers its remotes with the federation runtime.
 */
export function loadManifest(): Promise<RemoteManifest> {
  const inline = inlineManifest();
  manifest ??= (inline ? Promise.resolve(inline) : fetchManifest())
    .then((urls) => {
      init({
        name: HOST_NAME,
        remotes: (Object.keys(REMOTES) as RemoteKey[])
          .filter((key) => typeof urls[key] === 'string')
          .map((key) => ({ name: REMOTES[key].container, entry: urls[key] })),
      });
      return urls;
    })
    .catch((error: unknown) => {
      manifest = undefined; // let a retry fetch it again
      throw error;
    });
  return manifest;
}

const loaded = new Map<RemoteKey, Promise<RemoteRoutesModule>>();
const ready = new Map<RemoteKey, RemoteRoutesModule>();

/** A remote's `./routes` module if it has already arrived (a server-rendered page hydrates with it). */
export function loadedRemoteRoutes(key: RemoteKey): RemoteRoutesModule | undefined {
  return ready.get(key);
}

/**
 * Loads a remote's `./routes` module once. A failed attempt is forgotten,
 * and a retry registers the remote afresh so the federation runtime fetches its entry again.
 */
export function loadRemoteRoutes(key: RemoteKey, { retry = false } = {}): Promise<RemoteRoutesModule> {
  const cached = loaded.get(key);
  if (cached) return cached;
  const attempt = loadManifest()
    .then(async (urls) => {
      const container = REMOTES[key].container;
      if (!urls[key]) throw new Error(`remotes.json has no URL for ${key}`);
      if (retry) registerRemotes([{ name: container, entry: urls[key] }], { force: true });
      const module = await loadRemote<RemoteRoutesModule>(`${container}/routes`);
      if (!module || typeof module.default !== 'function')
        throw new Error(`${container}/routes has no default export`);
      ready.set(key, module);
      return module;
    })
    .catch((error: unknown) => {
      loaded.delete(key);
      throw error;
    });
  loaded.set(key, attempt);
  return attempt;
}
