/**
 * Statements of the hottest requests (checkout, the session check) as named prepared statements: their SQL text
 * is built once, at start-up, instead of by the query builder on every request, and node-postgres sends them by
 * name, so the server parses and plans each once per connection. PGlite runs them like any other query.
 * Values are bound through `sql.placeholder(name)`; lists go in as one array value (`= any($1::uuid[])`,
 * `unnest(...)`), so the text is the same whatever their length.
 */
import type { SQL } from 'drizzle-orm';
import { PgDialect } from 'drizzle-orm/pg-core';
import type { DbExecutor } from './database';

const dialect = new PgDialect();
const names = new Set<string>();

export type PreparedStatement<Row> = (db: DbExecutor, values: Record<string, unknown>) => Promise<Row[]>;

/**
 * A statement prepared under `name` (unique in the process). Timestamps, dates and intervals come back as the
 * server's text, as with `db.execute`.
 */
export function preparedStatement<Row>(name: string, statement: SQL): PreparedStatement<Row> {
  if (names.has(name)) throw new Error(`Two prepared statements are named ${name}`);
  names.add(name);
  const query = dialect.sqlToQuery(statement);
  return async (db, values) => {
    // Both the database and an open transaction run queries through their session (for a transaction, the
    // session of its connection), which Drizzle exposes as `_.session`. A query builder's own `.prepare(name)`
    // would bind the statement to the one database or transaction it was built on: a statement built once at
    // start-up could then not run inside each checkout's transaction, and one built per request would build
    // its SQL text every time, which is what this avoids.
    const session = db._.session;
    const result = await session.prepareQuery(query, undefined, name, false).execute(values);
    return (result as { rows: Row[] }).rows;
  };
}
