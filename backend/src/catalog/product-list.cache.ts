import crypto from 'node:crypto';
import zlib from 'node:zlib';
import { Inject, Injectable, Logger } from '@nestjs/common';
import { DATABASE_HANDLE } from '../db/database.module';
import type { DatabaseHandle } from '../db/database';
import { NotifiedCache } from '../db/notified-cache';
import { CatalogRepository } from './catalog.repository';
import { Clock } from '../common/clock';
import type { ProductDto } from './dto/product.response';
import { NO_OFFER, toOfferedProductView, type CatalogProduct, type ProductOffer } from './product-view';
import { PromotionsService, type CatalogueOffers } from './promotions.service';
import { SearchIndex } from './search-index';

/** The channel the catalog_state trigger notifies on every catalogue write (migration 0005). */
export const CATALOG_CHANNEL = 'larder_catalog';

/**
 * Brotli quality for the list. Measured on the demo catalogue (25.7 KB of JSON, 2-core machine): quality 9 takes
 * about 15 ms for 6,522 bytes, quality 6 about 0.7 ms for 6,556 bytes. Every order that takes stock changes the
 * list, so the cheap level is what lets a busy shop keep serving it.
 */
const BROTLI_QUALITY = 6;

export type ListEncoding = 'br' | 'gzip';

/**
 * The product list as served: its JSON, its ETag, and the JSON compressed, each encoding made the first time it
 * is asked for and then kept (a list replaced before anyone reads it is never compressed).
 */
export class ProductListSnapshot {
  private readonly compressed: Partial<Record<ListEncoding, Buffer>> = {};
  /** Whether the list was handed out to be sent: a replaced list nobody read needs no eager reload. */
  read = false;

  private index?: SearchIndex<CatalogProduct>;
  private readonly made = new Map<string, unknown>();

  constructor(
    /** `{"success":true,"products":[...]}` in UTF-8. */
    readonly json: Buffer,
    /** A strong ETag of the JSON, quoted. */
    readonly etag: string,
    /** Which invalidation this snapshot was read after. */
    readonly generation: number,
    /** The rows the list was made from (newest first), for what else is answered from the live catalogue. */
    readonly rows: readonly CatalogProduct[] = [],
    /** The promotion each product was in and the name of its struck-through price when the list was read. */
    readonly offers: ReadonlyMap<string, ProductOffer> = new Map(),
    /** When a promotion starts or ends next (ms since the epoch): the list is stale from then. */
    readonly expiresAt?: number,
  ) {}

  /** A product as this list answers it: with its promotion and struck-through price's name. */
  view(row: CatalogProduct): ProductDto {
    return toOfferedProductView(row, this.offers.get(row.id) ?? NO_OFFER);
  }

  /** Whether the product is in a promotion as of this list. */
  onOffer(id: string): boolean {
    return (this.offers.get(id)?.promotion ?? null) !== null;
  }

  /** Something made from these rows (the sitemap), made on first use and kept as long as the rows are current. */
  derived<T>(key: string, make: (rows: readonly CatalogProduct[]) => T): T {
    if (!this.made.has(key)) this.made.set(key, make(this.rows));
    return this.made.get(key) as T;
  }

  /** The search index of these rows, built on the first search. */
  get searchIndex(): SearchIndex<CatalogProduct> {
    this.index ??= new SearchIndex(this.rows);
    return this.index;
  }

  /** The JSON in this encoding (compressed on first use, about a millisecond, then kept). */
  encoded(encoding: ListEncoding): Buffer {
    const done = this.compressed[encoding];
    if (done) return done;
    const made =
      encoding === 'br'
        ? zlib.brotliCompressSync(this.json, {
            params: {
              [zlib.constants.BROTLI_PARAM_QUALITY]: BROTLI_QUALITY,
              [zlib.constants.BROTLI_PARAM_MODE]: zlib.constants.BROTLI_MODE_TEXT,
              [zlib.constants.BROTLI_PARAM_SIZE_HINT]: this.json.length,
            },
          })
        : zlib.gzipSync(this.json, { level: 9 });
    this.compressed[encoding] = made;
    return made;
  }
}

/** Builds the served form of a list: its JSON and ETag. */
export function buildSnapshot(
  body: unknown,
  generation: number,
  rows: readonly CatalogProduct[] = [],
  offers?: CatalogueOffers,
): ProductListSnapshot {
  const json = Buffer.from(JSON.stringify(body));
  const hash = crypto.createHash('sha256').update(json).digest('base64url').slice(0, 27);
  return new ProductListSnapshot(
    json,
    `"${hash}"`,
    generation,
    rows,
    offers?.offers,
    offers?.nextChange?.getTime(),
  );
}

/**
 * The live catalogue (newest first) held in memory, ready to send, so a read costs no database round trip.
 *
 * The process is told when the catalogue changes: every catalogue write bumps the catalogue version in its
 * transaction (catalog_state), and a trigger on its rows notifies CATALOG_CHANNEL at commit. PGlite delivers that
 * notification in process before the write returns; on a PostgreSQL server a dedicated connection listens
 * for writes by any replica. Each notification invalidates the list; when the list it replaces was read, a reload
 * starts at once (at most one at a time, and once more when writes arrived meanwhile), otherwise the next read
 * starts it. Reads that arrive before the reload is done wait for it, so a list older than the latest
 * notification is never served. While the listening connection is down the list is checked against the
 * catalogue version on every read, and once it is back the list is reloaded in full.
 */
@Injectable()
export class ProductListCache extends NotifiedCache {
  private readonly logger = new Logger('ProductListCache');
  private snapshot?: ProductListSnapshot;
  private reloading?: Promise<ProductListSnapshot>;
  /** The catalogue version the current snapshot was checked against while not told. */
  private checkedVersion?: number;

  constructor(
    private readonly repository: CatalogRepository,
    @Inject(DATABASE_HANDLE) database: DatabaseHandle,
    private readonly promotions: PromotionsService,
    private readonly clock: Clock,
  ) {
    super(database, CATALOG_CHANNEL);
  }

  protected override lost(): void {
    this.checkedVersion = undefined;
    this.logger.warn('Lost the catalogue notifications; checking the version on each read until back');
  }

  /**
   * Whether this process is told about every catalogue write now: while it is not, anything derived from the
   * catalogue and kept in memory (rendered pages) may be stale.
   */
  override get watching(): boolean {
    // Pages kept from the list are asked for without reading it: a promotion's start or end must reach them too.
    this.expireIfDue();
    return this.told;
  }

  /** The list in memory when it is known to be current (writes are being notified), else undefined. */
  current(): ProductListSnapshot | undefined {
    if (this.expireIfDue()) return undefined;
    const current = this.snapshot;
    if (!this.told || !current || current.generation !== this.generation) return undefined;
    current.read = true;
    return current;
  }

  /**
   * A promotion started or ended since the list was read: it is stale as if the catalogue had changed (the change
   * listeners are told once). Answers whether the list in memory is stale for that reason.
   */
  private expireIfDue(): boolean {
    const current = this.snapshot;
    if (current?.expiresAt === undefined || this.clock.now().getTime() < current.expiresAt) return false;
    if (current.generation === this.generation) this.invalidate();
    return true;
  }

  /** The list to serve: at once from memory when nothing changed, otherwise after a reload. */
  get(): ProductListSnapshot | Promise<ProductListSnapshot> {
    return this.current() ?? (this.told ? this.fresh() : this.checked()).then(markRead);
  }

  /**
   * After a write: when the list in memory had been read, starts reading it again. A list nobody read is not
   * reloaded for each of a burst of writes (orders taking stock): the next read does it.
   */
  protected dropped(): void {
    if (!this.reloading && this.snapshot?.read) {
      this.fresh().catch((err: unknown) =>
        this.logger.error(`Reloading the product list failed: ${String(err)}`),
      );
    }
  }

  /** A snapshot read after every invalidation seen so far. */
  private async fresh(): Promise<ProductListSnapshot> {
    const wanted = this.generation;
    for (;;) {
      const snapshot = await (this.reloading ?? this.reload());
      if (snapshot.generation >= wanted) return snapshot;
    }
  }

  /** Without notifications: compare the catalogue version (one small read) and reload when it moved. */
  private async checked(): Promise<ProductListSnapshot> {
    const version = await this.repository.version();
    if (this.snapshot && this.checkedVersion === version && this.snapshot.generation === this.generation) {
      return this.snapshot;
    }
    this.generation += 1;
    const snapshot = await this.fresh();
    // The version was read before the rows: a write in between only makes the next read reload again.
    if (!this.told) this.checkedVersion = version;
    return snapshot;
  }

  private reload(): Promise<ProductListSnapshot> {
    const generation = this.generation;
    const replacedWasRead = this.snapshot?.read ?? false;
    const now = this.clock.now();
    const loading = this.repository
      .listLive()
      .then(async (rows) => {
        const offers = await this.promotions.offersAt(rows, now);
        const products = rows.map((row) => toOfferedProductView(row, offers.offers.get(row.id) ?? NO_OFFER));
        return buildSnapshot({ success: true, products }, generation, rows, offers);
      })
      .then((snapshot) => {
        if (!this.snapshot || this.snapshot.generation <= snapshot.generation) this.snapshot = snapshot;
        return snapshot;
      })
      .finally(() => {
        if (this.reloading === loading) this.reloading = undefined;
        // Writes seen while reading: read again now rather than on the next request, when the list this one
        // replaced had been read (someone is reading the list).
        if (
          !this.reloading &&
          this.snapshot &&
          this.snapshot.generation < this.generation &&
          this.told &&
          replacedWasRead
        ) {
          this.fresh().catch(() => undefined);
        }
      });
    this.reloading = loading;
    return loading;
  }
}

function markRead(snapshot: ProductListSnapshot): ProductListSnapshot {
  snapshot.read = true;
  return snapshot;
}
