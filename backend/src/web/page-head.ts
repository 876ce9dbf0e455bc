/**
 * What the host page names up front, so the browser fetches it in parallel with the host's own script
 * instead of one file after another: the remote manifest (inline, as JSON data), the route's remote entry,
 * the modules the remote exposes and the current page's chunk, as `<link rel="preload">` (the host's
 * index.html already preloads the host's own startup chunks). File names come from the federation manifests
 * the builds write (`mf-manifest.json`), read again whenever a build replaces them, and the page's chunk from
 * the storefront's route table (./server-render.ts), so a new deploy of a remote is named without restarting
 * or rebuilding anything else.
 */
import fs from 'node:fs';
import path from 'node:path';
import { PAGE_REMOTES_ID, PAGE_STATE_ID } from '@larder/shared-domain';
import type { StorefrontRoutes } from './server-render';

export interface RemoteUrls {
  storefront: string;
  sellerPortal: string;
}

interface ManifestAssets {
  js?: { sync?: string[]; async?: string[] };
  css?: { sync?: string[]; async?: string[] };
}

interface FederationManifest {
  exposes?: { name: string; path?: string; assets?: ManifestAssets }[];
}

const cache = new Map<string, { mtimeMs: number; size: number; value: FederationManifest | undefined }>();

/** A build's federation manifest, read again when the file changes; undefined when absent or unreadable. */
export function readManifest(file: string): FederationManifest | undefined {
  let stat: fs.Stats;
  try {
    stat = fs.statSync(file);
  } catch {
    cache.delete(file);
    return undefined;
  }
  const cached = cache.get(file);
  if (cached && cached.mtimeMs === stat.mtimeMs && cached.size === stat.size) return cached.value;
  let value: FederationManifest | undefined;
  try {
    value = JSON.parse(fs.readFileSync(file, 'utf8')) as FederationManifest;
  } catch {
    value = undefined;
  }
  cache.set(file, { mtimeMs: stat.mtimeMs, size: stat.size, value });
  return value;
}

/** Characters that could end a <script> element or an attribute, as JSON escapes. */
export function jsonForHtml(value: unknown): string {
  return JSON.stringify(value)
    .replace(/</g, '\\u003c')
    .replace(/>/g, '\\u003e')
    .replace(/&/g, '\\u0026')
    .replace(/\u2028/g, '\\u2028')
    .replace(/\u2029/g, '\\u2029');
}

function escapeAttribute(value: string): string {
  return value.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;');
}

/** The folder URL a remote's files load from: where its remoteEntry.js is. */
function baseOf(entryUrl: string): string {
  return entryUrl.slice(0, entryUrl.lastIndexOf('/') + 1);
}

export interface PageHeadInput {
  pathname: string;
  remotes: RemoteUrls;
  /** dist folders of the builds (the host's is where its own style sheets are read from to be inlined) */
  dirs: { hostShell?: string; storefront: string; sellerPortal: string };
  /**
   * The storefront's routes, which name the chunk of a storefront page; without them (no server build has
   * loaded) no page chunk is named.
   */
  storefrontRoutes?: StorefrontRoutes;
  /** The page comes rendered: its style sheets are needed before the first paint, not just early. */
  rendered?: boolean;
  /** Whether the head preloads the API reads the page's route names (not when the page comes with them). */
  preloadData?: boolean;
}

/** The tags to add to the host page's <head> for a path. */
export function pageHeadTags({
  pathname,
  remotes,
  dirs,
  storefrontRoutes,
  rendered = false,
  preloadData = true,
}: PageHeadInput): string {
  const scripts = new Set<string>();
  const styles = new Set<string>();

  const seller = /^\/seller(\/|$)/.test(pathname);
  const entry = seller ? remotes.sellerPortal : remotes.storefront;
  if (entry) {
    scripts.add(entry);
    // The local build describes the remote only when this server is the one serving it.
    const local = entry.startsWith('/') && !entry.startsWith('//');
    const manifest = local
      ? readManifest(path.join(seller ? dirs.sellerPortal : dirs.storefront, 'mf-manifest.json'))
      : undefined;
    const base = baseOf(entry);
    const routes = manifest?.exposes?.find((e) => e.name === 'routes');
    for (const file of routes?.assets?.js?.sync ?? []) scripts.add(base + file);
    for (const file of routes?.assets?.css?.sync ?? []) styles.add(base + file);
    const page = seller ? undefined : storefrontRoutes?.(pathname)?.chunk;
    const pageFile = page && routes?.assets?.js?.async?.find((file) => file.startsWith(`${page}.`));
    if (pageFile) scripts.add(base + pageFile);
  }
  // The API reads the page starts with: fetched as the shop's client fetches them (same origin, with cookies),
  // so that its own request finds the answer already there; not for a page that comes with them in its state.
  const data = seller || !preloadData ? [] : (storefrontRoutes?.(pathname)?.data ?? []);

  return [
    `<script type="application/json" id="${PAGE_REMOTES_ID}">${jsonForHtml(remotes)}</script>`,
    ...[...styles].map((href) =>
      rendered
        ? `<link rel="stylesheet" href="${escapeAttribute(href)}">`
        : `<link rel="preload" as="style" href="${escapeAttribute(href)}">`,
    ),
    ...[...scripts].map((href) => `<link rel="preload" as="script" href="${escapeAttribute(href)}">`),
    ...data.map(
      (href) =>
        `<link rel="preload" as="fetch" href="${escapeAttribute(href)}" crossorigin="use-credentials">`,
    ),
  ].join('');
}

/** The host page with the tags for a path added at the end of its <head>. */
export function withPageHead(indexHtml: string, input: PageHeadInput): string {
  return insertBeforeHeadEnd(indexHtml, pageHeadTags(input));
}

function insertBeforeHeadEnd(html: string, tags: string): string {
  const at = html.indexOf('</head>');
  return at === -1 ? html : html.slice(0, at) + tags + html.slice(at);
}

const ROOT = '<div id="root">';

/**
 * The preload React writes for the page's main picture (an <img fetchPriority="high">: a product's picture, the
 * first of a list), at the start of the rendered markup, which comes after the whole <head>.
 */
const MAIN_PICTURE_PRELOAD = /<link rel="preload" as="image"[^>]*? fetchPriority="high"[^>]*>/;

/**
 * `tags` at the start of the <head>, before its first script, link or style element: a page's main picture is
 * then asked for before the scripts, which would otherwise take every connection the browser opens to the shop
 * (six over HTTP/1.1) while the picture waits.
 */
function insertAtHeadStart(html: string, tags: string): string {
  const head = html.indexOf('<head');
  if (!tags || head === -1) return html;
  const headEnd = html.indexOf('</head>', head);
  const first = /<(?:script|link|style)\b/g;
  first.lastIndex = head;
  const found = first.exec(html);
  const at = found && (headEnd === -1 || found.index < headEnd) ? found.index : headEnd;
  return at === -1 ? html : html.slice(0, at) + tags + html.slice(at);
}

const sheets = new Map<string, { stamp: string; text: string | undefined }>();

/** A build's style sheet file, as text to put in a page; undefined when it cannot be (see localStyleSheet). */
function sheetText(file: string): string | undefined {
  let stat: fs.Stats;
  try {
    stat = fs.statSync(file);
  } catch {
    return undefined;
  }
  const stamp = `${stat.mtimeMs}:${stat.size}`;
  const known = sheets.get(file);
  if (known?.stamp === stamp) return known.text;
  let text: string | undefined = fs.readFileSync(file, 'utf8');
  if (/<\/style/i.test(text) || /url\(\s*['"]?(?![a-z][a-z0-9+.-]*:|\/|#)/i.test(text)) text = undefined;
  sheets.set(file, { stamp, text });
  return text;
}

/**
 * A style sheet of the host's or the storefront's build, by the URL the page links it with: its text, and the
 * name the build's style loader looks for before it adds the sheet itself (the host's loads from `/`, so the
 * URL; the storefront's from wherever its remoteEntry.js is, so the name under that folder). Undefined when it is
 * not one of theirs, is absent, could end the <style> element, or points to files by relative URLs (those would
 * resolve against the page instead of the sheet).
 */
function localStyleSheet(href: string, input: PageHeadInput): { text: string; name: string } | undefined {
  if (!href.endsWith('.css') || href.includes('..')) return undefined;
  const storefrontBase = baseOf(input.remotes.storefront);
  let file: string | undefined;
  let name = href;
  if (href.startsWith(storefrontBase) && href.startsWith('/') && !href.startsWith('//')) {
    name = href.slice(storefrontBase.length);
    file = path.join(input.dirs.storefront, name);
  } else if (input.dirs.hostShell && /^\/[\w.-]+$/.test(href)) {
    file = path.join(input.dirs.hostShell, href.slice(1));
  }
  const text = file && sheetText(file);
  return text === undefined ? undefined : { text, name };
}

/**
 * The page's style sheets put in the page itself, named as their build's style loader knows them (`data-href`)
 * so it does not load them again: the first paint then waits for nothing but the document, which is what a
 * first visit wants, and costs a repeat visit only their compressed bytes (about 9 KB). Each is also prefetched
 * (fetched when the page is idle, and kept by the browser) for the pages rendered in the browser, which link
 * them.
 */
function inlineStyleSheets(html: string, input: PageHeadInput): string {
  return html.replace(/<link rel="stylesheet" href="([^"]+)">/g, (link, href: string) => {
    const sheet = localStyleSheet(href, input);
    return sheet
      ? `<style data-href="${escapeAttribute(sheet.name)}">${sheet.text}</style>` +
          `<link rel="prefetch" as="style" href="${href}">`
      : link;
  });
}

/**
 * The host page holding a page rendered on the server: the markup inside the root element (marked
 * `data-rendered`, which tells the host to hydrate it), the store's state as JSON data for the browser's
 * store, the style sheets of the host's and the storefront's builds inside the page (inlineStyleSheets), and no
 * "needs JavaScript" notice. Without `preloadData`, the page was rendered with its own data (a customer's own
 * page), which its head then does not preload. The preload of the page's main picture moves to the start of the
 * head (insertAtHeadStart). Undefined when the host page has no root element to fill.
 */
export function withRenderedPage(
  indexHtml: string,
  input: PageHeadInput,
  page: { html: string; state: unknown },
  { preloadData = true }: { preloadData?: boolean } = {},
): string | undefined {
  const start = indexHtml.indexOf(ROOT);
  const end = start === -1 ? -1 : indexHtml.indexOf('</div>', start);
  if (end === -1) return undefined;
  const picture = MAIN_PICTURE_PRELOAD.exec(page.html)?.[0];
  const markup = picture ? page.html.replace(picture, '') : page.html;
  const body =
    insertAtHeadStart(indexHtml.slice(0, start), picture ?? '') +
    `<div id="root" data-rendered="storefront">${markup}` +
    indexHtml.slice(end).replace(/<noscript>[\s\S]*?<\/noscript>/, '');
  const styled = body.replace(/<link rel="preload" as="style" /g, '<link rel="stylesheet" ');
  const html = insertBeforeHeadEnd(
    styled,
    pageHeadTags({ ...input, rendered: true, preloadData }) +
      `<script type="application/json" id="${PAGE_STATE_ID}">${jsonForHtml(page.state)}</script>`,
  );
  return inlineStyleSheets(html, input);
}
