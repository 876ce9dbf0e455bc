/**
 * Anonymous shop pages kept rendered in memory, ready to send.
 *
 * An anonymous page depends only on its URL (path and query), the catalogue, the shop settings, the delivery
 * date offered (it moves at 15:00 London) and the builds it is made from (the storefront's server build and
 * the host page). The cache is keyed by all of these; a catalogue or settings change empties it at once (the
 * pages it held can never be asked for again), the date and the builds simply lead to new keys, and the oldest
 * entries give way when the pages held exceed a size in bytes, so walking every product cannot grow it
 * without limit.
 *
 * Each page is kept as its UTF-8 bytes with a strong ETag, and compressed with gzip and brotli once, on
 * libuv's thread pool rather than the thread that answers the API.
 */
import crypto from 'node:crypto';
import { promisify } from 'node:util';
import zlib from 'node:zlib';

const gzip = promisify(zlib.gzip);
const brotli = promisify(zlib.brotliCompress);

/**
 * Brotli quality of a page. A page is compressed once and sent many times, off the main thread: the better
 * ratio is worth it (a 60 KB home page: quality 9 about 6 ms of a pool thread, 2-3 KB smaller than quality 5).
 */
const BROTLI_QUALITY = 9;

export type PageEncoding = 'br' | 'gzip' | undefined;

export class CachedPage {
  constructor(
    readonly html: Buffer,
    readonly gzip: Buffer,
    readonly br: Buffer,
    /** A strong ETag of the HTML, quoted. */
    readonly etag: string,
    /** The storefront route pattern of the page (`/products/:category`), for the metrics. */
    readonly route?: string,
  ) {}

  /** Memory held for this page, as counted against the cache's bound. */
  get bytes(): number {
    return this.html.length + this.gzip.length + this.br.length;
  }

  /** The page in this encoding (undefined: not compressed). */
  body(encoding: PageEncoding): Buffer {
    return encoding === 'br' ? this.br : encoding === 'gzip' ? this.gzip : this.html;
  }
}

/** The page's bytes, ETag and compressed variants (compression runs on the thread pool). */
export async function preparePage(html: string, route?: string): Promise<CachedPage> {
  const bytes = Buffer.from(html, 'utf8');
  const [gzipped, brotlied] = await Promise.all([
    gzip(bytes, { level: 9 }),
    brotli(bytes, {
      params: {
        [zlib.constants.BROTLI_PARAM_QUALITY]: BROTLI_QUALITY,
        [zlib.constants.BROTLI_PARAM_MODE]: zlib.constants.BROTLI_MODE_TEXT,
        [zlib.constants.BROTLI_PARAM_SIZE_HINT]: bytes.length,
      },
    }),
  ]);
  const hash = crypto.createHash('sha256').update(bytes).digest('base64url').slice(0, 27);
  return new CachedPage(bytes, gzipped, brotlied, `"${hash}"`, route);
}

/** Rendered pages by key, least recently used first out, bounded by the bytes they hold. */
export class PageCache {
  private readonly pages = new Map<string, CachedPage>();
  private held = 0;

  /** @param maxBytes the most bytes of pages (HTML and both compressed forms) kept; 0 keeps none */
  constructor(readonly maxBytes: number) {}

  get(key: string): CachedPage | undefined {
    const page = this.pages.get(key);
    if (page) {
      // Map keeps insertion order: moving a page to the end makes the first entry the least recently used.
      this.pages.delete(key);
      this.pages.set(key, page);
    }
    return page;
  }

  set(key: string, page: CachedPage): void {
    const cost = page.bytes + key.length;
    if (cost > this.maxBytes) return;
    this.delete(key);
    this.pages.set(key, page);
    this.held += cost;
    for (const [oldest, old] of this.pages) {
      if (this.held <= this.maxBytes) break;
      this.pages.delete(oldest);
      this.held -= old.bytes + oldest.length;
    }
  }

  delete(key: string): void {
    const page = this.pages.get(key);
    if (!page) return;
    this.pages.delete(key);
    this.held -= page.bytes + key.length;
  }

  clear(): void {
    this.pages.clear();
    this.held = 0;
  }

  /** Bytes held (pages and their keys). */
  get bytes(): number {
    return this.held;
  }

  get size(): number {
    return this.pages.size;
  }

  has(key: string): boolean {
    return this.pages.has(key);
  }
}
