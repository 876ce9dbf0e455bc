/**
 * Statements of the hottest requests (checkout, the session check) as named prepared statements: their SQL text
 * is built once, at start-up, instead of by the query builder on every request, and node-postgres sends them by
 * name, so the server parses and plans each once per connection. PGlite runs them like any other query.
 * Values are bound through `sql.placeholder(name)`; lists go in as one array value (`= any($1::uuid[])`,
 * `unnest(...)`), so the text is the same whatever their length.
 */
import { fillPlaceholders, type SQL } from 'drizzle-orm';
import { NodePgSession } from 'drizzle-orm/node-postgres';
import { PgDialect } from 'drizzle-orm/pg-core';
import pg from 'pg';
import type { DbExecutor } from './database';

const dialect = new PgDialect();
const names = new Set<string>();

/** Timestamps, dates and intervals, and arrays of them (and of numerics), which Drizzle reads as text. */
const TEXT_TYPES = new Set<number>([
  pg.types.builtins.TIMESTAMPTZ,
  pg.types.builtins.TIMESTAMP,
  pg.types.builtins.DATE,
  pg.types.builtins.INTERVAL,
  1231,
  1115,
  1185,
  1187,
  1182,
]);
const asText = (value: string): string => value;

/** The value parsers Drizzle's node-postgres driver gives every query, as one object for every statement. */
const DRIZZLE_TYPES = {
  getTypeParser: ((typeId: number, format?: 'text' | 'binary') =>
    TEXT_TYPES.has(typeId)
      ? asText
      : pg.types.getTypeParser(typeId, format)) as typeof pg.types.getTypeParser,
};

/** A node-postgres pool or pooled connection, as a Drizzle session holds it. */
interface PgQueryable {
  query<Row extends pg.QueryResultRow>(
    config: pg.QueryConfig,
    values: unknown[],
  ): Promise<pg.QueryResult<Row>>;
}

export type PreparedStatement<Row> = (db: DbExecutor, values: Record<string, unknown>) => Promise<Row[]>;

/**
 * A statement prepared under `name` (unique in the process). Timestamps, dates and intervals come back as the
 * server's text, as with `db.execute`.
 */
export function preparedStatement<Row>(name: string, statement: SQL): PreparedStatement<Row> {
  if (names.has(name)) throw new Error(`Two prepared statements are named ${name}`);
  names.add(name);
  const query = dialect.sqlToQuery(statement);
  const config = { name, text: query.sql, types: DRIZZLE_TYPES };
  return async (db, values) => {
    // Both the database and an open transaction run queries through their session (for a transaction, the
    // session of its connection), which Drizzle exposes as `_.session`. A query builder's own `.prepare(name)`
    // would bind the statement to the one database or transaction it was built on: a statement built once at
    // start-up could then not run inside each checkout's transaction, and one built per request would build
    // its SQL text every time, which is what this avoids.
    const session = db._.session;
    if (session instanceof NodePgSession) {
      // node-postgres is given the statement as Drizzle's prepared query would give it (name, text, value
      // parsers), without building that query object and its parsers on every call.
      const client = (session as unknown as { client: PgQueryable }).client;
      return (await client.query<Row & pg.QueryResultRow>(config, fillPlaceholders(query.params, values)))
        .rows;
    }
    const result = await session.prepareQuery(query, undefined, name, false).execute(values);
    return (result as { rows: Row[] }).rows;
  };
}
