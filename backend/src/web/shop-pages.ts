/**
 * Answers the shop pages rendered on the server: the paths whose route the storefront's route table (read
 * from its current server build, ./server-render.ts) marks `serverRendered` (home, all products, a category,
 * a product). Other pages are not its business: the page fallback sends them to be rendered in the browser.
 *
 * Anonymous visitors get the page from memory (./page-cache.ts) when it was rendered since the last catalogue
 * or settings change, for today's delivery date and the current builds; otherwise it is rendered once, for
 * everyone who asks meanwhile, as a visitor without cookies, and kept. A request with a session (a signed-in
 * customer or the seller) is rendered for that person alone, sent `no-store`, and never kept: a signed-in
 * customer's own page marked `personal` (the basket, favourites, orders, usuals) then comes with its content. A
 * customer's own page otherwise (a route marked `frame` for a visitor, or one not marked `personal`) is rendered
 * as its frame and skeleton alone, as a visitor without cookies whoever asks, kept and sent as an anonymous page
 * is; the browser fills in the content.
 *
 * Every render goes through one bounded queue with a time limit (./render-queue.ts): when the queue is full or
 * the render is late, the host page is sent as it is and the browser renders the page.
 *
 * A page is rendered and kept for its path and the query parameters its route reads (`pageUrl`): any other
 * parameter (`?utm=…`) is the same page. One client address has at most `rendersPerAddress` renders under way
 * at once; beyond it, its pages are rendered in the browser, so no one client fills the queue for others.
 */
import fs from 'node:fs';
import { Logger } from '@nestjs/common';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { orderCutoff, pageUrl, selectableDeliveryDate, type PageRoute } from '@larder/shared-domain';
import { carriesSession } from '../session/session-cookies';
import { matchesEtag, pickEncoding } from '../common/http-caching';
import { nameRoute } from '../metrics/http-metrics';
import { CachedPage, PageCache, preparePage } from './page-cache';
import { withPageHead, withRenderedPage, type PageHeadInput } from './page-head';
import { RenderQueue } from './render-queue';
import type { StorefrontServerRenderer } from './server-render';
import type { Metrics } from '../metrics/metrics';

const HTML = 'text/html; charset=utf-8';
/** Pages may be kept by browsers, but asked again (an ETag makes that a 304). */
const REVALIDATE = 'no-cache';
const VARY = 'accept-encoding, cookie';

/** mtime and size of a file, naming its current version; undefined when it is absent. */
export function fileStamp(file: string): string | undefined {
  try {
    const stat = fs.statSync(file);
    return `${stat.mtimeMs}:${stat.size}`;
  } catch {
    return undefined;
  }
}

export interface HostPage {
  html: string;
  /** names this version of the host's index.html */
  stamp: string;
}

export interface ChangeSource {
  readonly watching: boolean;
  onChange(listener: () => void): () => void;
}

export interface ShopPagesOptions {
  renderer: StorefrontServerRenderer;
  queue: RenderQueue;
  cache: PageCache;
  /** The shop's clock: the delivery date a page shows moves at the London cut-off. */
  clock: { now(): Date };
  /** Whether catalogue changes reach this process now, and a way to hear of them. */
  catalogue: ChangeSource;
  /** The same for the shop settings. */
  settings: ChangeSource;
  /** The host's index.html, undefined when there is none. */
  hostPage(): HostPage | undefined;
  /** Files besides the storefront's server build that a rendered page is made of (its federation manifest). */
  buildFiles: string[];
  /**
   * How long (ms) the builds' files, once checked, are taken to be unchanged: checking them costs a few
   * system calls, more than the rest of answering a kept page. 0 checks them on every request.
   */
  buildCheckMs: number;
  headInput(request: FastifyRequest): PageHeadInput;
  /** The API as seen by the page's render: as the visitor, or (`personal` false) as a visitor without cookies. */
  fetchFor(request: FastifyRequest, personal: boolean): typeof fetch;
  /** Last touches to a page's HTML, rendered or not (its title, description and structured data). */
  finishPage?(pathname: string, html: string): Promise<string>;
  /** Where renders and kept pages are counted. */
  metrics?: Pick<Metrics, 'pageCache' | 'startPageRender'>;
  /** Renders one client address may have under way at once (a page kept or being rendered for others is none). */
  rendersPerAddress: number;
}

export class ShopPages {
  private readonly logger = new Logger('ServerRendering');
  private readonly inflight = new Map<string, Promise<CachedPage | undefined>>();
  /** Renders under way by client address. */
  private readonly rendersBy = new Map<string, number>();
  private catalogueVersion = 0;
  private settingsVersion = 0;
  private deliveryDateMemo?: { date: string; from: number; until: number };
  private buildsMemo?: { checkedAt: number; host: HostPage; builds: string } | { checkedAt: number };
  private readonly stops: (() => unknown)[] = [];

  constructor(private readonly options: ShopPagesOptions) {}

  /** Starts listening for the changes that make kept pages stale, and loads the storefront's build. */
  start(): void {
    void this.options.renderer.routes();
    this.stops.push(
      this.options.catalogue.onChange(() => {
        this.catalogueVersion += 1;
        this.options.cache.clear();
      }),
      this.options.settings.onChange(() => {
        this.settingsVersion += 1;
        this.options.cache.clear();
      }),
    );
  }

  stop(): void {
    for (const stop of this.stops.splice(0)) stop();
  }

  /** The delivery date pages show now (YYYY-MM-DD); worked out again only after the cut-off passes. */
  private deliveryDate(): string {
    const now = this.options.clock.now().getTime();
    const memo = this.deliveryDateMemo;
    if (memo && now >= memo.from && now < memo.until) return memo.date;
    const at = new Date(now);
    const date = selectableDeliveryDate(at);
    this.deliveryDateMemo = { date, from: now, until: orderCutoff(at).getTime() };
    return date;
  }

  /**
   * What an anonymous page depends on; undefined when the page must not be kept (no cache, no build, or
   * changes are not reaching this process just now).
   */
  private keyFor(url: string): { key: string; host: HostPage } | undefined {
    const { cache, catalogue, settings } = this.options;
    if (!cache.maxBytes || !catalogue.watching || !settings.watching) return undefined;
    const current = this.builds();
    if (!current) return undefined;
    const { host, builds } = current;
    const key = [url, this.catalogueVersion, this.settingsVersion, this.deliveryDate(), builds].join('\n');
    return { key, host };
  }

  /** The host page and the names of the builds a page is made of now; undefined without a server build. */
  private builds(): { host: HostPage; builds: string } | undefined {
    const { renderer, buildFiles, buildCheckMs, hostPage } = this.options;
    const now = Date.now();
    const memo = this.buildsMemo;
    if (memo && now >= memo.checkedAt && now - memo.checkedAt < buildCheckMs) {
      return 'host' in memo ? memo : undefined;
    }
    const host = hostPage();
    const entry = renderer.buildStamp();
    if (!host || !entry) {
      this.buildsMemo = { checkedAt: now };
      return undefined;
    }
    const builds = [entry, host.stamp, ...buildFiles.map(fileStamp)].join(' ');
    this.buildsMemo = { checkedAt: now, host, builds };
    return this.buildsMemo;
  }

  /**
   * Answers a page request when the storefront renders its path on the server, and tells whether it did:
   * false for a path the route table leaves to the browser, and without a host page or a server build that
   * has loaded.
   */
  async answer(request: FastifyRequest, reply: FastifyReply): Promise<boolean> {
    const routes = await this.options.renderer.routes();
    const route = routes?.(pathOf(request.url));
    if (!route?.serverRendered) return false;
    const host = this.options.hostPage();
    if (!host) return false;
    nameRoute(request, route.path);
    await this.handle(request, reply, host, route, pageUrl(route, request.url));
    return true;
  }

  private async handle(
    request: FastifyRequest,
    reply: FastifyReply,
    host: HostPage,
    { path: route, frame, personal }: PageRoute,
    url: string,
  ): Promise<unknown> {
    if (carriesSession(request) && (!frame || personal)) {
      // A signed-in visitor's page holds their session and cart: no cache may keep it, this one included.
      const html =
        (await this.limited(request, () => this.render(request, url, host, { personal: true }))) ??
        (await this.clientRendered(request, host));
      return reply.header('cache-control', 'no-store').header('vary', VARY).type(HTML).send(html);
    }

    const keyed = this.keyFor(url);
    if (keyed === undefined) {
      const html =
        (await this.limited(request, () => this.render(request, url, host, { personal: false }))) ??
        (await this.clientRendered(request, host));
      return reply.header('cache-control', REVALIDATE).header('vary', VARY).type(HTML).send(html);
    }
    const { key } = keyed;
    let page = this.options.cache.get(key);
    this.options.metrics?.pageCache(page ? 'hit' : 'miss');
    if (!page) {
      let pending = this.inflight.get(key);
      if (!pending) {
        pending = this.limited(request, () => this.renderToKeep(key, request, url, keyed.host, route));
        this.inflight.set(key, pending);
        void pending.finally(() => this.inflight.delete(key));
      }
      page = await pending;
    }
    if (!page) {
      this.options.metrics?.pageCache('fallback');
      return reply
        .header('cache-control', REVALIDATE)
        .header('vary', VARY)
        .type(HTML)
        .send(await this.clientRendered(request, host));
    }
    return sendPage(request, reply, page);
  }

  /**
   * How to answer with an anonymous page kept in memory, for a hook that runs before routing and middleware
   * (which a page read from memory does not need); undefined when the request is not for one.
   */
  keptAnswer(request: FastifyRequest): ((reply: FastifyReply) => void) | undefined {
    if (request.method !== 'GET' || !this.options.cache.size) return undefined;
    const route = this.options.renderer.routesLoaded()?.(pathOf(request.url));
    if (!route?.serverRendered) return undefined;
    if (carriesSession(request) && (!route.frame || route.personal)) return undefined;
    const keyed = this.keyFor(pageUrl(route, request.url));
    const page = keyed && this.options.cache.get(keyed.key);
    if (!page) return undefined;
    this.options.metrics?.pageCache('hit');
    if (page.route) nameRoute(request, page.route);
    return (reply) => void sendPage(request, reply, page);
  }

  /** Runs a render for the request's address, or answers undefined when that address has its share under way. */
  private async limited<T>(
    request: FastifyRequest,
    render: () => Promise<T | undefined>,
  ): Promise<T | undefined> {
    const address = request.ip;
    const running = this.rendersBy.get(address) ?? 0;
    if (running >= this.options.rendersPerAddress) return undefined;
    this.rendersBy.set(address, running + 1);
    try {
      return await render();
    } finally {
      const left = (this.rendersBy.get(address) ?? 1) - 1;
      if (left > 0) this.rendersBy.set(address, left);
      else this.rendersBy.delete(address);
    }
  }

  /** Renders an anonymous page and keeps it, unless the catalogue or settings changed meanwhile. */
  private async renderToKeep(
    key: string,
    request: FastifyRequest,
    url: string,
    host: HostPage,
    route: string,
  ): Promise<CachedPage | undefined> {
    const versions = `${this.catalogueVersion}:${this.settingsVersion}`;
    try {
      const html = await this.render(request, url, host, { personal: false });
      if (html === undefined) return undefined;
      const page = await preparePage(html, route);
      if (versions === `${this.catalogueVersion}:${this.settingsVersion}`) this.options.cache.set(key, page);
      return page;
    } catch (error) {
      this.logger.warn(`${pathOf(request.url)} is rendered in the browser: ${String(error)}`);
      return undefined;
    }
  }

  /**
   * The host page with the page rendered in it, or undefined when it could not be rendered in time: for the
   * visitor (`personal`), or as no one.
   */
  private async render(
    request: FastifyRequest,
    url: string,
    host: HostPage,
    { personal }: { personal: boolean },
  ): Promise<string | undefined> {
    const { renderer, queue, metrics } = this.options;
    const path = pathOf(url);
    const rendered = metrics?.startPageRender();
    const result = await queue.run(() =>
      renderer.render(url, this.options.fetchFor(request, personal), {
        personal,
        // The moment a page for one customer is drawn for (a page kept for everyone is drawn for none).
        now: personal ? this.options.clock.now().getTime() : undefined,
      }),
    );
    const page = result.outcome === 'done' ? result.value : undefined;
    rendered?.(page ? 'rendered' : 'fallback');
    if (result.outcome === 'timeout') {
      this.logger.warn(`${path} is rendered in the browser: not rendered within ${queue.timeoutMs} ms`);
    }
    const html =
      page && withRenderedPage(host.html, this.options.headInput(request), page, { preloadData: !personal });
    return html === undefined ? undefined : this.finish(path, html);
  }

  private clientRendered(request: FastifyRequest, host: HostPage): Promise<string> {
    return this.finish(pathOf(request.url), withPageHead(host.html, this.options.headInput(request)));
  }

  private async finish(pathname: string, html: string): Promise<string> {
    return this.options.finishPage ? this.options.finishPage(pathname, html) : html;
  }
}

function pathOf(url: string): string {
  return url.split('?')[0] ?? '/';
}

let lastAccepted: { header: string | undefined; encoding: ReturnType<typeof pickEncoding> } | undefined;

/** The encoding for an Accept-Encoding header; a browser sends the same header every time. */
function encodingFor(header: string | undefined): ReturnType<typeof pickEncoding> {
  const last = lastAccepted;
  if (last && last.header === header) return last.encoding;
  const encoding = pickEncoding(header);
  lastAccepted = { header, encoding };
  return encoding;
}

/** Answers with a kept page: 304 when the client holds it, else the best encoding the client accepts. */
function sendPage(request: FastifyRequest, reply: FastifyReply, page: CachedPage): FastifyReply {
  reply.header('cache-control', REVALIDATE).header('vary', VARY).header('etag', page.etag);
  if (matchesEtag(request.headers['if-none-match'], page.etag)) return reply.code(304).send();
  const encoding = encodingFor(request.headers['accept-encoding']);
  if (encoding) reply.header('content-encoding', encoding);
  return reply.code(200).type(HTML).send(page.body(encoding));
}
