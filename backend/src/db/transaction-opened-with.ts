/**
 * A transaction whose first statement travels with its BEGIN: on a PostgreSQL server both go in one simple query
 * (`begin; <statement>`), one round trip instead of two. For the hottest transaction (checkout), whose first
 * statement locks one row. PGlite runs in the process, where a round trip costs nothing worth saving: there it is
 * Drizzle's transaction and then the statement.
 */
import { sql } from 'drizzle-orm';
import { NodePgSession, NodePgTransaction } from 'drizzle-orm/node-postgres';
import type { PgDialect } from 'drizzle-orm/pg-core';
import type { PoolClient } from 'pg';
import type { Database, DbTransaction } from './database';

/** The parts of Drizzle's node-postgres session a transaction is built from (they are not public). */
interface NodePgSessionParts {
  client: { connect(): Promise<PoolClient> };
  dialect: PgDialect;
  schema: unknown;
  options: unknown;
}

/**
 * Runs `work` in a transaction that starts with `first`, a statement without parameters (its values written into
 * its text by the caller, who must have checked them), and gets the rows `first` answered. Commits when `work`
 * resolves and rolls back when it throws, as `db.transaction` does.
 */
export async function transactionOpenedWith<T, Row>(
  db: Database,
  first: string,
  work: (tx: DbTransaction, rows: Row[]) => Promise<T>,
): Promise<T> {
  const session = db._.session;
  if (!(session instanceof NodePgSession)) {
    return db.transaction(async (tx) => {
      const result = (await tx.execute(sql.raw(first))) as unknown as { rows: Row[] };
      return work(tx, result.rows);
    });
  }
  // As Drizzle's NodePgSession.transaction does, with `begin` sent together with the first statement.
  const parts = session as unknown as NodePgSessionParts;
  const client = await parts.client.connect();
  const txSession = new NodePgSession(client, parts.dialect, parts.schema as never, parts.options as never);
  const tx = new NodePgTransaction(
    parts.dialect,
    txSession,
    parts.schema as never,
  ) as unknown as DbTransaction;
  let broken: Error | undefined;
  try {
    const results = (await client.query(`begin; ${first}`)) as unknown as { rows: Row[] }[];
    const result = await work(tx, results[1].rows);
    await client.query('commit');
    return result;
  } catch (error) {
    await client.query('rollback').catch((err: Error) => {
      // The connection cannot end its transaction: it is closed rather than given to the next request.
      broken = err;
    });
    throw error;
  } finally {
    client.release(broken);
  }
}
