import crypto from 'node:crypto';
import { promisify } from 'node:util';
import zlib from 'node:zlib';
import { Inject, Injectable, Logger, OnApplicationBootstrap, OnApplicationShutdown } from '@nestjs/common';
import { DATABASE_HANDLE } from '../db/database.module';
import type { DatabaseHandle } from '../db/database';
import { CatalogRepository } from './catalog.repository';
import { toProductView } from './product-view';

const gzip = promisify(zlib.gzip);
const brotli = promisify(zlib.brotliCompress);

/** The channel the catalog_state trigger notifies on every catalogue write (migration 0004). */
export const CATALOG_CHANNEL = 'larder_catalog';

/** The product list as served: its JSON, the JSON compressed, and its ETag. */
export interface ProductListSnapshot {
  /** `{"success":true,"products":[...]}` in UTF-8. */
  json: Buffer;
  gzip: Buffer;
  br: Buffer;
  /** A strong ETag of the JSON, quoted. */
  etag: string;
  /** Which invalidation this snapshot was read after. */
  generation: number;
}

/** Builds the served forms of a list: the JSON and its gzip and brotli variants. */
export async function buildSnapshot(body: unknown, generation: number): Promise<ProductListSnapshot> {
  const json = Buffer.from(JSON.stringify(body));
  const hash = crypto.createHash('sha256').update(json).digest('base64url').slice(0, 27);
  const [gz, br] = await Promise.all([
    gzip(json, { level: 9 }),
    brotli(json, {
      params: {
        [zlib.constants.BROTLI_PARAM_QUALITY]: 9,
        [zlib.constants.BROTLI_PARAM_MODE]: zlib.constants.BROTLI_MODE_TEXT,
        [zlib.constants.BROTLI_PARAM_SIZE_HINT]: json.length,
      },
    }),
  ]);
  return { json, gzip: gz, br, etag: `"${hash}"`, generation };
}

/**
 * The live catalogue (newest first) held in memory, ready to send, so a read costs no database round trip.
 *
 * The process is told when the catalogue changes: every catalogue write bumps catalog_state.version in its
 * transaction, and a trigger on that row notifies CATALOG_CHANNEL at commit. PGlite delivers that
 * notification in process before the write returns; on a PostgreSQL server a dedicated connection listens
 * for writes by any replica. Each notification invalidates the list and starts a reload; reads that arrive
 * before the reload is done wait for it. While the listening connection is down the list is checked against
 * catalog_state.version on every read, and once it is back the list is reloaded in full.
 */
@Injectable()
export class ProductListCache implements OnApplicationBootstrap, OnApplicationShutdown {
  private readonly logger = new Logger('ProductListCache');
  private snapshot?: ProductListSnapshot;
  /** Bumped by every invalidation; a snapshot is fresh when it was read after the latest one. */
  private generation = 0;
  private reloading?: Promise<ProductListSnapshot>;
  /** False while nothing tells this process about writes (no listener yet, or its connection is lost). */
  private told = false;
  /** catalog_state.version the current snapshot was checked against while not told. */
  private checkedVersion?: number;
  private unsubscribe?: () => Promise<void>;

  constructor(
    private readonly repository: CatalogRepository,
    @Inject(DATABASE_HANDLE) private readonly database: DatabaseHandle,
  ) {}

  async onApplicationBootstrap(): Promise<void> {
    this.unsubscribe = await this.database.subscribe(CATALOG_CHANNEL, {
      onNotify: () => this.invalidate(),
      onSubscribed: () => {
        this.told = true;
        this.invalidate();
      },
      onLost: () => {
        this.told = false;
        this.checkedVersion = undefined;
        this.logger.warn('Lost the catalogue notifications; checking the version on each read until back');
      },
    });
  }

  async onApplicationShutdown(): Promise<void> {
    await this.unsubscribe?.();
    this.unsubscribe = undefined;
  }

  /** The list in memory when it is known to be current (writes are being notified), else undefined. */
  current(): ProductListSnapshot | undefined {
    const current = this.snapshot;
    return this.told && current && current.generation === this.generation ? current : undefined;
  }

  /** The list to serve: at once from memory when nothing changed, otherwise after a reload. */
  get(): ProductListSnapshot | Promise<ProductListSnapshot> {
    return this.current() ?? (this.told ? this.fresh() : this.checked());
  }

  /** Forgets the list (a write happened) and starts reading it again. */
  invalidate(): void {
    this.generation += 1;
    if (!this.reloading && this.snapshot) {
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

  /** Without notifications: compare catalog_state.version (one single-row read) and reload when it moved. */
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
    const loading = this.repository
      .listLive()
      .then((rows) => buildSnapshot({ success: true, products: rows.map(toProductView) }, generation))
      .then((snapshot) => {
        if (!this.snapshot || this.snapshot.generation <= snapshot.generation) this.snapshot = snapshot;
        return snapshot;
      })
      .finally(() => {
        if (this.reloading === loading) this.reloading = undefined;
        // Writes seen while reading: read again now rather than on the next request.
        if (!this.reloading && this.snapshot && this.snapshot.generation < this.generation && this.told) {
          this.fresh().catch(() => undefined);
        }
      });
    this.reloading = loading;
    return loading;
  }
}
