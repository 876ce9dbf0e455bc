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
import { Pool } from 'pg';
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
  close(): Promise<void>;
}

export interface OpenDatabaseOptions {
  databaseUrl?: string;
  dataDir: string;
  /** An already-open PGlite instance (tests start one from a migrated template). */
  pglite?: PGlite;
}

/** Embedded PostgreSQL with the extensions the migrations use (pg_trgm for search). */
export function createPglite(dataDir?: string, options: Omit<PGliteOptions, 'extensions'> = {}): PGlite {
  return new PGlite({ ...options, dataDir, extensions: { pg_trgm } });
}

export async function openDatabase(options: OpenDatabaseOptions): Promise<DatabaseHandle> {
  if (options.databaseUrl) {
    const pool = new Pool({ connectionString: options.databaseUrl, max: 10 });
    // An idle connection the server ends (a restart, a dropped database) is only discarded: without a
    // listener the pool's 'error' event would crash the process. Queries still report their own errors.
    pool.on('error', (err) => new Logger('Database').warn(`Idle database connection closed: ${err.message}`));
    const db = drizzlePg(pool, { schema }) as unknown as Database;
    let ended = false;
    return {
      db,
      engine: 'postgres',
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
      close: async () => {
        if (ended) return;
        ended = true;
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
    close: async () => {
      if (!pglite.closed) await pglite.close();
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
