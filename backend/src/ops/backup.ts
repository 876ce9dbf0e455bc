/**
 * Backup and restore of the whole shop (every table, the product pictures included) as one plain SQL file,
 * written by the engines' own dump tools: `pg_dump` for a PostgreSQL server, PGlite's `pgDump` (pg_dump built
 * for WebAssembly) for the embedded database. Both are asked for the same plain format (INSERT statements, no
 * owners, no privileges), so a file from either engine loads into the other: this is how a shop moves from
 * PGlite to a server.
 *
 * The first line records the schema's migration level, so that a file from a newer version is refused.
 */
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import type { PGlite } from '@electric-sql/pglite';
import { Client } from 'pg';
import { MIGRATIONS_FOLDER } from '../db/database';

const HEADER = '-- larder-backup ';
const FORMAT = 1;

/** The same options for both dump tools: data as multi-row INSERTs (no psql-only `COPY ... FROM stdin`). */
export const DUMP_ARGS = [
  '--no-owner',
  '--no-privileges',
  '--no-comments',
  '--quote-all-identifiers',
  '--rows-per-insert=100',
  '--encoding=UTF8',
];

export interface BackupInfo {
  format: number;
  /** Migrations applied to the dumped database, and the timestamp of the last (drizzle's folderMillis). */
  migrations: number;
  lastMigrationAt: number;
  engine: 'pglite' | 'postgres';
  createdAt: string;
}

/** Where to dump from or restore into: a server database, or an open PGlite. */
export type Target = { databaseUrl: string } | { pglite: PGlite };

export class BackupError extends Error {}

/** The migration level of the code: how many migrations it has and when the last was generated. */
export function codeMigrationLevel(): { migrations: number; lastMigrationAt: number } {
  const journal = JSON.parse(fs.readFileSync(`${MIGRATIONS_FOLDER}/meta/_journal.json`, 'utf8')) as {
    entries: { when: number }[];
  };
  return {
    migrations: journal.entries.length,
    lastMigrationAt: Math.max(0, ...journal.entries.map((e) => e.when)),
  };
}

interface Session {
  query<T>(text: string): Promise<T[]>;
  /** Runs a script of many statements. */
  exec(text: string): Promise<void>;
  close(): Promise<void>;
}

async function session(target: Target): Promise<Session> {
  if ('pglite' in target) {
    const pg = target.pglite;
    await pg.waitReady;
    return {
      query: async <T>(text: string) => (await pg.query<T>(text)).rows,
      exec: async (text) => {
        await pg.exec(text);
      },
      close: async () => undefined,
    };
  }
  const client = new Client({ connectionString: target.databaseUrl });
  await client.connect();
  return {
    query: async <T>(text: string) => (await client.query(text)).rows as T[],
    exec: async (text) => {
      await client.query(text);
    },
    close: () => client.end(),
  };
}

async function migrationLevel(s: Session): Promise<{ migrations: number; lastMigrationAt: number }> {
  const [exists] = await s.query<{ found: boolean }>(
    `select to_regclass('drizzle.__drizzle_migrations') is not null as found`,
  );
  if (!exists.found) return { migrations: 0, lastMigrationAt: 0 };
  const [row] = await s.query<{ n: number; last: string | null }>(
    'select count(*)::int as n, max(created_at)::text as last from drizzle.__drizzle_migrations',
  );
  return { migrations: Number(row.n), lastMigrationAt: Number(row.last ?? 0) };
}

/** Tables of the shop's schemas (public, and drizzle's migration journal). */
export async function shopTables(target: Target): Promise<string[]> {
  const s = await session(target);
  try {
    return (
      await s.query<{ name: string }>(
        `select table_schema || '.' || table_name as name from information_schema.tables
          where table_schema in ('public', 'drizzle') and table_type = 'BASE TABLE' order by 1`,
      )
    ).map((r) => r.name);
  } finally {
    await s.close();
  }
}

/**
 * How pg_dump is started for a database URL: the password goes in its environment (PGPASSWORD), never on its
 * command line, which every user of the machine can read in the process list.
 */
export function pgDumpCommand(databaseUrl: string): { args: string[]; env: NodeJS.ProcessEnv } {
  let dbname = databaseUrl;
  let password: string | undefined;
  try {
    const url = new URL(databaseUrl);
    password = url.password
      ? decodeURIComponent(url.password)
      : (url.searchParams.get('password') ?? undefined);
    url.password = '';
    url.searchParams.delete('password');
    dbname = url.toString();
  } catch {
    // Not a URL (a key=value connection string): passed on as it is.
  }
  const env = { ...process.env };
  if (password !== undefined) env.PGPASSWORD = password;
  return { args: [...DUMP_ARGS, `--dbname=${dbname}`], env };
}

/** Runs pg_dump (PG_DUMP overrides the program) and returns its plain SQL. */
export function runPgDump(databaseUrl: string): Promise<string> {
  const { args, env } = pgDumpCommand(databaseUrl);
  return new Promise((resolve, reject) => {
    const child = spawn(process.env.PG_DUMP || 'pg_dump', args, {
      stdio: ['ignore', 'pipe', 'pipe'],
      env,
    });
    const out: Buffer[] = [];
    let errors = '';
    child.stdout.on('data', (chunk: Buffer) => out.push(chunk));
    child.stderr.on('data', (chunk: Buffer) => (errors = (errors + chunk.toString()).slice(-4000)));
    child.once('error', (err) => reject(new BackupError(`pg_dump could not run: ${err.message}`)));
    child.once('exit', (code) =>
      code === 0
        ? resolve(Buffer.concat(out).toString('utf8'))
        : reject(new BackupError(`pg_dump failed (${code}): ${errors.trim()}`)),
    );
  });
}

/** Dumps the whole shop as plain SQL, preceded by the header line. */
export async function backup(target: Target): Promise<string> {
  const s = await session(target);
  let level: { migrations: number; lastMigrationAt: number };
  try {
    level = await migrationLevel(s);
  } finally {
    await s.close();
  }
  if (level.migrations === 0) throw new BackupError('The database holds no shop (no migrations applied)');
  let sql: string;
  if ('pglite' in target) {
    const { pgDump } = await import('@electric-sql/pglite-tools');
    // pgDump puts the session's search_path back afterwards, then compares the quoted and unquoted forms of
    // the same value and warns that it changed: that one warning is noise.
    const warn = console.warn;
    console.warn = (...args: unknown[]) => {
      if (!String(args[0]).startsWith('Warning: search_path has been changed')) warn(...args);
    };
    try {
      sql = await (await pgDump({ pg: target.pglite, args: DUMP_ARGS })).text();
    } finally {
      console.warn = warn;
    }
  } else {
    sql = await runPgDump(target.databaseUrl);
  }
  const info: BackupInfo = {
    format: FORMAT,
    ...level,
    engine: 'pglite' in target ? 'pglite' : 'postgres',
    createdAt: new Date().toISOString(),
  };
  return `${HEADER}${JSON.stringify(info)}\n${sql}`;
}

/** The header of a backup file; throws when the text is not one. */
export function readBackupInfo(text: string): BackupInfo {
  const first = text.slice(0, text.indexOf('\n'));
  if (!first.startsWith(HEADER)) throw new BackupError('This is not a Larder backup file');
  const info = JSON.parse(first.slice(HEADER.length)) as BackupInfo;
  if (info.format !== FORMAT) throw new BackupError(`Unknown backup format ${info.format}`);
  return info;
}

/**
 * Makes a dump of either engine loadable by the other:
 * - `SET transaction_timeout` exists from PostgreSQL 17 (PGlite's pg_dump is 18); older servers refuse it;
 * - lines starting with a backslash (`\restrict`, `\unrestrict` of recent pg_dump releases) are psql commands,
 *   which neither engine executes as SQL.
 * `--no-comments` already leaves out `COMMENT ON EXTENSION`/`SCHEMA`, which need ownership of the object.
 */
export function loadableSql(text: string): string {
  return text
    .split('\n')
    .filter((line) => !/^SET transaction_timeout\b/.test(line) && !line.startsWith('\\'))
    .join('\n');
}

export interface RestoreOptions {
  /** Replace what the target holds (its public and drizzle schemas are dropped first). */
  force?: boolean;
}

/** Loads a backup into an empty database (or any with `force`); refuses a file from a newer schema. */
export async function restore(
  text: string,
  target: Target,
  options: RestoreOptions = {},
): Promise<BackupInfo> {
  const info = readBackupInfo(text);
  const code = codeMigrationLevel();
  if (info.lastMigrationAt > code.lastMigrationAt || info.migrations > code.migrations) {
    throw new BackupError(
      `The backup comes from a newer version of Larder (schema level ${info.migrations}, this version has ` +
        `${code.migrations}): update Larder before restoring it`,
    );
  }
  const tables = await shopTables(target);
  if (tables.length && !options.force) {
    throw new BackupError(
      `The target database is not empty (${tables.length} tables); restore into an empty one, or pass --force to replace it`,
    );
  }
  const s = await session(target);
  try {
    const reset = tables.length
      ? 'drop schema if exists drizzle cascade; drop schema if exists public cascade; create schema public;'
      : '';
    await s.exec(`begin; ${reset}\n${loadableSql(text)}\ncommit;`);
    if ('pglite' in target) await target.pglite.exec('set search_path to public');
  } catch (err) {
    await s.exec('rollback').catch(() => undefined);
    throw err;
  } finally {
    await s.close();
  }
  return info;
}
