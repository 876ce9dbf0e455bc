/**
 * Serves the built frontends from the API's port when their dist folders exist:
 * host-shell at `/`, the remotes under `/remotes/<name>/`, the remote manifest at `/remotes.json`,
 * and the host's index.html for any page request that matches no route (../http/page-fallback.ts), with the
 * files that route needs named in its head (./page-head.ts). The shop pages come rendered on the server by the
 * storefront's Node build (./server-render.ts, ./shop-pages.ts): those whose route the storefront's route
 * table, read from that build, marks as rendered on the server (home, all products, a category, a product).
 */
import fs from 'node:fs';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { appendPreHandler } from '../common/route-hooks';
import type { AppConfig } from '../config/app-config';
import { withPageHead, type PageHeadInput } from './page-head';
import { PageCache } from './page-cache';
import { RenderQueue } from './render-queue';
import { StorefrontServerRenderer } from './server-render';
import { pageSeo, withSeoHead, type CatalogueSource } from './seo';
import { fileStamp, ShopPages, type HostPage, type ShopPagesOptions } from './shop-pages';

const IMMUTABLE = 'public, max-age=31536000, immutable';
const REVALIDATE = 'no-cache';
/** webpack's content hash in a file name: main.3f2a9c1b.js, 412.0e1d2c3b4a5f.css */
const HASHED_NAME = /[.-][0-9a-f]{8,}\.[a-z0-9]+$/i;
/**
 * The seller area's service worker (host-shell/src/service-worker), built at the host's root. A browser checks it
 * for updates on every visit, so it is never kept; and it may control /seller/ pages only, never the shop's, even
 * if something registered it with a wider scope.
 */
export const SELLER_WORKER = { file: 'seller-sw.js', scope: '/seller/' } as const;

export function cacheControlFor(filePath: string): string {
  // Pre-compressed variants (main.3f2a9c1b.js.br) are cached like the file they encode.
  const name = path.basename(filePath).replace(/\.(br|gz)$/, '');
  if (
    name === 'index.html' ||
    name === SELLER_WORKER.file ||
    name === 'remoteEntry.js' ||
    name.endsWith('.html') ||
    name.endsWith('.json')
  ) {
    return REVALIDATE;
  }
  return HASHED_NAME.test(name) ? IMMUTABLE : REVALIDATE;
}

/**
 * A fetch answering the storefront's API calls from this server's own routes, without a network hop: as
 * the visitor (their address, and their cookies unless `withCookies` is false: a page kept for everyone is
 * fetched as nobody in particular), and read-only (a page render never changes anything).
 */
export function inProcessFetch(
  fastify: FastifyInstance,
  visitor: FastifyRequest,
  withCookies = true,
): typeof fetch {
  return async (input, init) => {
    const request = new Request(input, init);
    if (request.method !== 'GET') return new Response(null, { status: 405 });
    const url = new URL(request.url);
    const answer = await fastify.inject({
      method: 'GET',
      url: url.pathname + url.search,
      remoteAddress: visitor.ip,
      headers: {
        accept: 'application/json',
        ...(withCookies && visitor.headers.cookie ? { cookie: visitor.headers.cookie } : {}),
      },
    });
    return new Response(answer.rawPayload, {
      status: answer.statusCode,
      headers: { 'content-type': String(answer.headers['content-type'] ?? 'application/json') },
    });
  };
}

/**
 * Answers a GET or HEAD that no route took with the shop's page (rendered on the server, or the host's
 * index.html, which routes on the client), and tells whether it did: false when that request gets the JSON
 * 404.
 */
export type PageFallback = (request: FastifyRequest, reply: FastifyReply) => Promise<boolean>;

/** Paths that belong to the API or files; never answered with the single-page app. */
export function isApiPath(url: string): boolean {
  return /^\/(api|uploads|remotes)(\/|$|\?)/.test(url) || url === '/remotes.json';
}

/**
 * Whether a file of the built frontends may be served: never a directory listing or a Node build, and no
 * source maps (`*.map`, also pre-compressed) in production, where they would publish the original sources.
 * Every file the builds make has an extension, so a path whose last part has none (`/products/fruit/<id>`) is a
 * page: it goes to the page at once instead of being looked for on disk first.
 */
export function servesStaticPath(pathName: string, config: Pick<AppConfig, 'isProduction'>): boolean {
  return hasExtension(pathName) && !withheldFile(pathName, config);
}

function hasExtension(pathName: string): boolean {
  return pathName.lastIndexOf('.') > pathName.lastIndexOf('/');
}

/**
 * A file of the builds that is never sent, which a request for it does not turn into the page either: a
 * remote's Node build (dist/server, for the server to render with) and, in production, source maps.
 */
function withheldFile(pathName: string, config: Pick<AppConfig, 'isProduction'>): boolean {
  return (
    /^\/?server\//.test(pathName) ||
    // The federation manifest's companion names the build machine's paths (builds leave it out now).
    /(^|\/)mf-manifest-stats\.json(\.(br|gz))?$/i.test(pathName) ||
    (config.isProduction && /\.map(\.(br|gz))?$/i.test(pathName))
  );
}

/** What the shop pages need from the application: its clock and word of catalogue and settings changes. */
export interface ShopPageServices extends Pick<ShopPagesOptions, 'clock' | 'settings' | 'metrics'> {
  /** The live catalogue: its changes empty the page cache, its rows give each page its title and data. */
  catalogue: ShopPagesOptions['catalogue'] & CatalogueSource;
  /**
   * Registers a lookup run on every request before routing and middleware: when it answers a way to reply,
   * the request is answered that way (after the security headers) and goes no further.
   */
  answerFirst?(lookup: (request: FastifyRequest) => ((reply: FastifyReply) => void) | undefined): void;
}

export async function registerStaticContent(
  fastify: FastifyInstance,
  config: AppConfig,
  services?: ShopPageServices,
): Promise<PageFallback> {
  let decorated = false;
  const prefixes = new Set<string>();
  // @fastify/static reads the directories along a path (to check its spelling) before it asks allowedPath. A
  // path whose last part has no extension is never a file of the builds: its route hands it to the page (the
  // not-found handler, as allowedPath would) just before the file handler, without reading the disk.
  fastify.addHook('onRoute', (route) => {
    const prefix = route.url.endsWith('*') ? route.url.slice(0, -1) : undefined;
    if (prefix === undefined || !prefixes.has(prefix)) return;
    appendPreHandler(route, (request: FastifyRequest, reply: FastifyReply, done: () => void) => {
      if (hasExtension(request.url.split('?')[0] ?? '')) return done();
      reply.callNotFound();
    });
  });
  const serve = async (
    root: string,
    prefix: string,
    cacheFor: (file: string) => string,
    preCompressed = true,
  ) => {
    prefixes.add(prefix);
    await fastify.register(fastifyStatic, {
      root,
      prefix,
      // The frontend builds ship .br and .gz beside each file (tools/precompress.mjs).
      preCompressed,
      // The ETag revalidates entry files; a second validator would only add bytes to every answer.
      lastModified: false,
      decorateReply: !decorated,
      cacheControl: false,
      index: false,
      redirect: false,
      wildcard: true,
      // Directories are not listed: `/` and deep links fall through to the single-page app;
      // source maps are not served in production.
      allowedPath: (pathName: string) => servesStaticPath(pathName, config),
      setHeaders: (reply: FastifyReply | { setHeader(name: string, value: string): void }, file: string) => {
        const headers: Record<string, string> = { 'cache-control': cacheFor(file) };
        if (path.basename(file).replace(/\.(br|gz)$/, '') === SELLER_WORKER.file)
          headers['service-worker-allowed'] = SELLER_WORKER.scope;
        for (const [name, value] of Object.entries(headers)) {
          if ('header' in reply && typeof reply.header === 'function') reply.header(name, value);
          else if ('setHeader' in reply) reply.setHeader(name, value);
        }
      },
    });
    decorated = true;
  };

  const { hostShell, storefront, sellerPortal } = config.staticDirs;
  if (fs.existsSync(path.join(storefront, 'remoteEntry.js')))
    await serve(storefront, '/remotes/storefront/', cacheControlFor);
  if (fs.existsSync(path.join(sellerPortal, 'remoteEntry.js'))) {
    await serve(sellerPortal, '/remotes/seller-portal/', cacheControlFor);
  }

  const remotes = { storefront: config.remoteStorefrontUrl, sellerPortal: config.remoteSellerPortalUrl };
  fastify.get('/remotes.json', async (_req, reply) => {
    return reply.header('cache-control', REVALIDATE).send(remotes);
  });

  const hostIndex = path.join(hostShell, 'index.html');
  if (!fs.existsSync(hostIndex)) return async () => false;
  await serve(hostShell, '/', cacheControlFor);

  let hostMemo: HostPage | undefined;
  /** The host's index.html, read again when the file changes. */
  const hostPage = (): HostPage | undefined => {
    const stamp = fileStamp(hostIndex);
    if (!stamp) return undefined;
    if (hostMemo?.stamp === stamp) return hostMemo;
    try {
      hostMemo = { stamp, html: fs.readFileSync(hostIndex, 'utf8') };
    } catch {
      return undefined;
    }
    return hostMemo;
  };
  const readIndex = () => hostPage()?.html;
  const storefrontBase = remotes.storefront.slice(0, remotes.storefront.lastIndexOf('/') + 1);
  const renderer =
    config.storefrontServerEntry && services
      ? new StorefrontServerRenderer(config.storefrontServerEntry, storefrontBase, config.ssrTimeoutMs)
      : undefined;
  const headInput = (request: FastifyRequest): PageHeadInput => ({
    pathname: request.url.split('?')[0] ?? '/',
    remotes,
    dirs: config.staticDirs,
    // Read afresh by ShopPages.answer before any page is sent, so these are the current build's.
    storefrontRoutes: renderer?.routesLoaded(),
  });

  const pages =
    renderer && services
      ? new ShopPages({
          ...services,
          renderer,
          queue: new RenderQueue(config.ssrConcurrency, config.ssrQueueLength, config.ssrTimeoutMs),
          cache: new PageCache(config.pageCacheBytes),
          hostPage,
          buildFiles: [path.join(storefront, 'mf-manifest.json')],
          buildCheckMs: config.ssrBuildCheckMs,
          headInput,
          fetchFor: (request, personal) => inProcessFetch(fastify, request, personal),
          finishPage: async (pathname, html) =>
            withSeoHead(html, pageSeo(pathname, await services.catalogue.get(), config.publicUrl)),
          metrics: services.metrics,
          rendersPerAddress: config.ssrRendersPerAddress,
        })
      : undefined;
  if (pages) {
    pages.start();
    fastify.addHook('onClose', async () => pages.stop());
    services?.answerFirst?.((request) => pages.keptAnswer(request));
  }

  return async (request, reply) => {
    // Any Accept: a browser, curl (`*/*`), a crawler or an uptime monitor all get the page.
    if (isApiPath(request.url) || withheldFile(request.url.split('?')[0] ?? '', config)) return false;
    // A page the storefront's route table has rendered on the server; any other goes to the browser.
    if (pages && (await pages.answer(request, reply))) return true;
    const html = readIndex();
    if (html === undefined) return false;
    reply
      .status(200)
      .header('cache-control', REVALIDATE)
      .type('text/html; charset=utf-8')
      .send(withPageHead(html, headInput(request)));
    return true;
  };
}
