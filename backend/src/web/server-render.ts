/**
 * Shop pages rendered on the server through Module Federation. The storefront remote has a Node build
 * (`storefront/dist/server/remoteEntry.js`, a CommonJS federation container exposing `./server`); this
 * module loads it with the federation runtime, as the host loads the browser build, reads the storefront's
 * route table from it (which paths the server renders, and each page's chunk) and asks it to render a page.
 * The container is loaded again when a new storefront build replaces its entry file, so a deploy of the
 * storefront, its routes included, is picked up without restarting or rebuilding anything else.
 *
 * Whatever goes wrong (no build, a broken build, an error while rendering), `render` answers undefined and
 * the caller sends the page to be rendered in the browser, as before. The build is told how long it may take,
 * but the caller keeps its own time limit (./render-queue.ts): a build that never answers cannot hold a page.
 */
import fs from 'node:fs';
import { createRequire } from 'node:module';
import vm from 'node:vm';
import path from 'node:path';
import { Logger } from '@nestjs/common';
import { createInstance } from '@module-federation/runtime';
import { isPageRouteTable, pageRouteMatcher, type PageRoute } from '@larder/shared-domain';

/** What the storefront's `./server` module provides (storefront/src/server-entry.tsx). */
export interface StorefrontServerModule {
  /** Every storefront route: its path pattern, its page's chunk, whether the server renders it. */
  routes: PageRoute[];
  renderPage(input: {
    url: string;
    fetch: typeof fetch;
    apiOrigin?: string;
    publicPath?: string;
    timeoutMs?: number;
    /** For the visitor whose cookies `fetch` sends alone: a signed-in customer's own page with its content. */
    personal?: boolean;
    /** The moment the page shows (ms since 1970), by the shop's clock. */
    now?: number;
  }): Promise<{ html: string; state: unknown }>;
}

export interface RenderedPage {
  html: string;
  state: unknown;
}

/** The storefront's routes, from a build: the route a path shows (undefined when none matches). */
export type StorefrontRoutes = (pathname: string) => PageRoute | undefined;

const CONTAINER = 'storefront';
/** After a failed load, the entry is tried again after this long (or at once when the file changes). */
const RETRY_AFTER_MS = 10_000;

interface LoadedBuild {
  /** mtime and size of the entry file it was loaded from */
  stamp: string;
  module: Promise<StorefrontServerModule>;
  failedAt?: number;
}

function stampOf(file: string): string | undefined {
  try {
    const stat = fs.statSync(file);
    return `${stat.mtimeMs}:${stat.size}`;
  } catch {
    return undefined;
  }
}

/**
 * Runs a CommonJS file afresh and answers its exports, as Node's require would but without its module
 * cache, so a new build under the same name is read again. Its own requires resolve from its folder.
 */
function requireFresh(file: string): unknown {
  const source = fs.readFileSync(file, 'utf8');
  const run = vm.runInThisContext(
    `(function (exports, require, module, __filename, __dirname) {${source}\n})`,
    { filename: file },
  ) as (...args: unknown[]) => void;
  const module = { exports: {} as unknown };
  run(module.exports, createRequire(file), module, file, path.dirname(file));
  return module.exports;
}

let instances = 0;

/**
 * Loads `storefront/server` from a container file through the federation runtime. `stamp` names the build:
 * the runtime keeps loaded containers by name and entry, so each build gets an entry of its own.
 */
function loadServerModule(entryFile: string, stamp: string): Promise<StorefrontServerModule> {
  const federation = createInstance({
    name: `larder_server_${++instances}`,
    remotes: [{ name: CONTAINER, entry: `${entryFile}?build=${stamp}` }],
    plugins: [
      {
        // The container is a file on this machine: run it (its chunks load from its own folder).
        name: 'larder-local-container',
        loadEntry: ({ remoteInfo }) => requireFresh(remoteInfo.entry.replace(/\?.*$/, '')) as never,
      },
    ],
  });
  return federation.loadRemote<StorefrontServerModule>(`${CONTAINER}/server`).then((module) => {
    if (!module || typeof module.renderPage !== 'function') {
      throw new Error(`${CONTAINER}/server has no renderPage`);
    }
    if (!isPageRouteTable(module.routes)) throw new Error(`${CONTAINER}/server has no route table`);
    return module;
  });
}

export class StorefrontServerRenderer {
  private readonly logger = new Logger('ServerRendering');
  private build: LoadedBuild | undefined;
  /** The route table of the last build that loaded. */
  private loadedRoutes: StorefrontRoutes | undefined;
  /** The last load problem logged, so a missing or broken build is reported once, not on every page. */
  private reported: string | undefined;

  /**
   * @param entryFile the storefront's Node remote entry (dist/server/remoteEntry.js)
   * @param publicPath where browsers get the storefront's browser build (pictures in the markup point there)
   * @param timeoutMs the longest a page may take to render before the browser renders it instead
   */
  constructor(
    private readonly entryFile: string,
    private readonly publicPath: string,
    private readonly timeoutMs = 3000,
  ) {}

  /** Names the storefront build a render is made with now (its entry file's stamp); undefined without one. */
  buildStamp(): string | undefined {
    return stampOf(this.entryFile);
  }

  private module(): Promise<StorefrontServerModule> {
    const stamp = stampOf(this.entryFile);
    if (!stamp) return Promise.reject(new Error(`no storefront server build at ${this.entryFile}`));
    const build = this.build;
    const retry = build?.failedAt !== undefined && Date.now() - build.failedAt > RETRY_AFTER_MS;
    if (build && build.stamp === stamp && !retry) return build.module;

    const next: LoadedBuild = { stamp, module: loadServerModule(this.entryFile, stamp) };
    next.module.then(
      (module) => {
        // Compiled once a build, matched on every page request.
        if (this.build === next) this.loadedRoutes = pageRouteMatcher(module.routes);
      },
      () => {
        next.failedAt = Date.now();
      },
    );
    if (build) this.logger.log(`Loading the storefront's server build again (${this.entryFile})`);
    this.build = next;
    return next.module;
  }

  /** The current build's module; undefined (and a warning logged once) when it cannot be loaded. */
  private async loaded(): Promise<StorefrontServerModule | undefined> {
    try {
      const module = await this.module();
      this.reported = undefined;
      return module;
    } catch (error) {
      const problem = messageOf(error);
      if (problem !== this.reported) {
        this.reported = problem;
        this.logger.warn(`Shop pages are rendered in the browser: ${problem}`);
      }
      return undefined;
    }
  }

  /**
   * The storefront's routes as its current build declares them, loading the build when it is new. When it
   * cannot be loaded, those of the last build that loaded (its pages then go to the browser as they fail to
   * render); undefined when none has loaded.
   */
  async routes(): Promise<StorefrontRoutes | undefined> {
    await this.loaded();
    return this.loadedRoutes;
  }

  /** The routes of the last build that loaded, without loading anything (see `routes`). */
  routesLoaded(): StorefrontRoutes | undefined {
    return this.loadedRoutes;
  }

  /** The page rendered on the server, or undefined when it cannot be (the browser then renders it). */
  async render(
    url: string,
    apiFetch: typeof fetch,
    { personal = false, now }: { personal?: boolean; now?: number } = {},
  ): Promise<RenderedPage | undefined> {
    const module = await this.loaded();
    if (!module) return undefined;
    try {
      return await module.renderPage({
        url,
        fetch: apiFetch,
        publicPath: this.publicPath,
        timeoutMs: this.timeoutMs,
        personal,
        now,
      });
    } catch (error) {
      this.logger.warn(`${url.split('?')[0]} is rendered in the browser: ${messageOf(error)}`);
      return undefined;
    }
  }
}

function messageOf(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}
