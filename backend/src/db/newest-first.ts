import { count, desc } from 'drizzle-orm';
import type { AnyPgColumn, PgTable } from 'drizzle-orm/pg-core';
import type { Database } from './database.module';

/** A table whose rows are listed newest first: by creation time, then id. */
type Dated = PgTable & { createdAt: AnyPgColumn; id: AnyPgColumn };

/**
 * One page of a table's rows, newest first, and how many rows there are in all. The shapes are the HTTP layer's
 * `PageRequest` and `Page` (common/pagination.ts) by structure, so the database layer needs nothing above it.
 */
export async function newestFirstPage<T extends Dated>(
  db: Database,
  table: T,
  page: { limit: number; offset: number },
): Promise<{ rows: T['$inferSelect'][]; total: number }> {
  const [rows, [{ total }]] = await Promise.all([
    db
      .select()
      .from(table as PgTable)
      .orderBy(desc(table.createdAt), desc(table.id))
      .limit(page.limit)
      .offset(page.offset),
    db.select({ total: count() }).from(table as PgTable),
  ]);
  return { rows: rows as T['$inferSelect'][], total };
}
