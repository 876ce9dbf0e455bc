/**
 * Opens the database: a `pg` pool when DATABASE_URL is set, otherwise embedded PGlite in DATA_DIR.
 * Applies the committed SQL migrations (backend/drizzle) before anything else touches it.
 */
import fs from 'node:fs';
import path from 'node:path';
import { PGlite, type PGliteOptions } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { Logger } from '@nestjs/common';
import { sql } from 'drizzle-orm';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import { Client, Pool } from 'pg';
import * as schema from './schema';

export type Schema = typeof schema;
/** The Drizzle database, whichever engine is underneath. */
export type Database = PgDatabase<PgQueryResultHKT, Schema>;
/** A transaction started with `db.transaction(async (tx) => ...)`. */
export type DbTransaction = Parameters<Parameters<Database['transaction']>[0]>[0];
/** What a repository method runs its queries on: the database or an open transaction. */
export type DbExecutor = Database | DbTransaction;

export const MIGRATIONS_FOLDER = path.resolve(__dirname, '../../drizzle');

/** Any number that identifies this app's migration lock among other advisory locks. */
const MIGRATION_LOCK_KEY = 4_242_001;

export interface DatabaseHandle {
  db: Database;
  engine: 'pglite' | 'postgres';
  /** Runs `work` while holding a cluster-wide lock (so replicas starting together migrate and seed once). */
  withStartupLock<T>(work: () => Promise<T>): Promise<T>;
  /**
   * Listens on a notification channel (`LISTEN`): in process on PGlite, on one dedicated connection (shared by
   * every channel of the process) on a server. `onNotify` gets each payload; `onSubscribed` runs each time listening (re)starts, after which
   * nothing sent before may have been seen; `onLost` runs when the dedicated connection drops (it is
   * re-established with a growing delay). Returns a function that stops listening.
   */
  subscribe(channel: string, handlers: ChannelHandlers): Promise<() => Promise<void>>;
  /** The server pool's connections (total, idle) and queued requests; absent on PGlite, which has no pool. */
  poolStats?(): { total: number; idle: number; waiting: number };
  close(): Promise<void>;
}

export interface ChannelHandlers {
  onNotify(payload: string): void;
  onSubscribed(): void;
  onLost(): void;
}

const CHANNEL_NAME = /^[a-z_][a-z0-9_]*$/;

export interface OpenDatabaseOptions {
  databaseUrl?: string;
  dataDir: string;
  /** An already-open PGlite instance (tests start one from a migrated template). */
  pglite?: PGlite;
}

/**
 * PostgreSQL settings for embedded use: PGlite's defaults reserve 128 MB of shared buffers, far more than
 * a small shop's whole database; 16 MB keeps the hot pages and roughly halves the process's memory.
 */
const PGLITE_SETTINGS = ['-c', 'shared_buffers=16MB'];

/** Embedded PostgreSQL with the extensions the migrations use (pg_trgm for search). */
export function createPglite(dataDir?: string, options: Omit<PGliteOptions, 'extensions'> = {}): PGlite {
  return new PGlite({
    startParams: [...PGlite.defaultStartParams, ...PGLITE_SETTINGS],
    ...options,
    dataDir,
    extensions: { pg_trgm },
  });
}

export async function openDatabase(options: OpenDatabaseOptions): Promise<DatabaseHandle> {
  if (options.databaseUrl) {
    const databaseUrl = options.databaseUrl;
    const pool = new Pool({ connectionString: databaseUrl, max: 10 });
    // An idle connection the server ends (a restart, a dropped database) is only discarded: without a
    // listener the pool's 'error' event would crash the process. Queries still report their own errors.
    pool.on('error', (err) => new Logger('Database').warn(`Idle database connection closed: ${err.message}`));
    // A connection the server ends while it is checked out (a restart between two statements of a transaction)
    // emits 'error' on its client, which the pool only listens to while the client is idle: without this the
    // process would crash. The transaction's next statement fails on its own, and the pool drops the client.
    pool.on('connect', (client) =>
      client.on('error', (err) =>
        new Logger('Database').warn(`Database connection in use closed: ${err.message}`),
      ),
    );
    let listener: ServerListener | undefined;
    const db = drizzlePg(pool, { schema }) as unknown as Database;
    let ended = false;
    return {
      db,
      engine: 'postgres',
      poolStats: () => ({ total: pool.totalCount, idle: pool.idleCount, waiting: pool.waitingCount }),
      async withStartupLock(work) {
        const client = await pool.connect();
        try {
          await client.query('select pg_advisory_lock($1)', [MIGRATION_LOCK_KEY]);
          return await work();
        } finally {
          await client.query('select pg_advisory_unlock($1)', [MIGRATION_LOCK_KEY]).catch(() => undefined);
          client.release();
        }
      },
      subscribe(channel, handlers) {
        listener ??= createServerListener(databaseUrl);
        return listener.subscribe(channel, handlers);
      },
      close: async () => {
        if (ended) return;
        ended = true;
        await listener?.stop();
        await pool.end();
      },
    };
  }
  let client = options.pglite;
  if (!client) {
    const dir = options.dataDir.startsWith('memory://')
      ? options.dataDir
      : path.join(options.dataDir, 'pglite');
    if (!dir.startsWith('memory://')) fs.mkdirSync(dir, { recursive: true });
    client = createPglite(dir);
  }
  const pglite = client;
  await pglite.waitReady;
  const db = drizzlePglite(pglite, { schema }) as unknown as Database;
  return {
    db,
    engine: 'pglite',
    withStartupLock: (work) => work(),
    async subscribe(channel, handlers) {
      if (!CHANNEL_NAME.test(channel)) throw new Error(`Not a channel name: ${channel}`);
      // PGlite delivers a notification to its listeners before the committing query resolves.
      const unlisten = await pglite.listen(channel, (payload) => handlers.onNotify(payload));
      handlers.onSubscribed();
      return async () => {
        if (!pglite.closed) await unlisten();
      };
    },
    close: async () => {
      if (!pglite.closed) await pglite.close();
    },
  };
}

/** Shown in pg_stat_activity for the connection that listens for notifications. */
export const LISTENER_APPLICATION_NAME = 'larder-listener';

interface ServerListener {
  subscribe(channel: string, handlers: ChannelHandlers): Promise<() => Promise<void>>;
  stop(): Promise<void>;
}

/**
 * LISTEN on one dedicated server connection per process, for every channel subscribed, reconnecting (100 ms,
 * doubling to 5 s) whenever it is lost and listening on every channel again. Subscribing and unsubscribing run
 * one at a time; the first subscription resolves once the first connection attempt is over (when it failed,
 * `onLost` has run and a retry is scheduled).
 */
function createServerListener(databaseUrl: string): ServerListener {
  const channels = new Map<string, Set<ChannelHandlers>>();
  let client: Client | undefined;
  let retryTimer: NodeJS.Timeout | undefined;
  let delay = 100;
  let stopped = false;
  let queue: Promise<unknown> = Promise.resolve();

  const serially = <T>(work: () => Promise<T>): Promise<T> => {
    const next = queue.then(work, work);
    queue = next.catch(() => undefined);
    return next;
  };
  const everyHandler = (call: (handlers: ChannelHandlers) => void) => {
    for (const set of channels.values()) for (const handlers of set) call(handlers);
  };

  const connect = async (): Promise<void> => {
    const c = new Client({ connectionString: databaseUrl, application_name: LISTENER_APPLICATION_NAME });
    let lost = false;
    const onGone = () => {
      if (lost) return;
      lost = true;
      if (client === c) client = undefined;
      c.end().catch(() => undefined);
      if (stopped || channels.size === 0) return;
      everyHandler((handlers) => handlers.onLost());
      retryTimer = setTimeout(() => {
        retryTimer = undefined;
        if (!stopped && !client) serially(connect).catch(() => undefined);
      }, delay);
      retryTimer.unref();
      delay = Math.min(delay * 2, 5000);
    };
    c.on('notification', (msg) => {
      for (const handlers of channels.get(msg.channel) ?? []) handlers.onNotify(msg.payload ?? '');
    });
    c.on('error', onGone);
    c.on('end', onGone);
    try {
      await c.connect();
      for (const channel of channels.keys()) await c.query(`LISTEN ${channel}`);
    } catch {
      onGone();
      return;
    }
    if (stopped) {
      await c.end().catch(() => undefined);
      return;
    }
    client = c;
    delay = 100;
    everyHandler((handlers) => handlers.onSubscribed());
  };

  return {
    subscribe(channel, handlers) {
      if (!CHANNEL_NAME.test(channel)) throw new Error(`Not a channel name: ${channel}`);
      return serially(async () => {
        let set = channels.get(channel);
        const isNew = !set;
        if (!set) {
          set = new Set();
          channels.set(channel, set);
        }
        set.add(handlers);
        if (client) {
          try {
            if (isNew) await client.query(`LISTEN ${channel}`);
            handlers.onSubscribed();
          } catch {
            // The connection is going: its loss reconnects and listens on every channel again.
          }
        } else if (!retryTimer && !stopped) {
          await connect();
        }
        // Otherwise a reconnection is scheduled; it listens on this channel too.
        return () =>
          serially(async () => {
            const current = channels.get(channel);
            if (!current?.delete(handlers) || current.size > 0) return;
            channels.delete(channel);
            if (channels.size === 0) {
              if (retryTimer) clearTimeout(retryTimer);
              retryTimer = undefined;
              const c = client;
              client = undefined;
              await c?.end().catch(() => undefined);
            } else {
              await client?.query(`UNLISTEN ${channel}`).catch(() => undefined);
            }
          });
      });
    },
    async stop() {
      stopped = true;
      if (retryTimer) clearTimeout(retryTimer);
      retryTimer = undefined;
      const c = client;
      client = undefined;
      await c?.end().catch(() => undefined);
    },
  };
}

/** Applies pending migrations from backend/drizzle. */
export async function runMigrations(handle: DatabaseHandle): Promise<void> {
  const config = { migrationsFolder: MIGRATIONS_FOLDER };
  if (handle.engine === 'postgres') {
    await migratePg(handle.db as never, config);
  } else {
    await migratePglite(handle.db as never, config);
  }
}

/** A trivial round trip, used by the health check. */
export async function pingDatabase(db: Database): Promise<void> {
  await db.execute(sql`select 1`);
}
