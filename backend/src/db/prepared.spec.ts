import { sql } from 'drizzle-orm';
import { PgDialect } from 'drizzle-orm/pg-core';
import { createTestApp, TestApp } from '../../test/harness';
import { preparedStatement } from './prepared';

/** Every kind of value the prepared statements read, each as a column of one row. */
const VALUES_SQL = sql`
  select ${sql.placeholder('stamp')}::timestamptz as stamptz, ${sql.placeholder('stamp')}::timestamp as stamp,
         ${sql.placeholder('day')}::date as day, make_interval(mins => ${sql.placeholder('minutes')}::int) as span,
         array[${sql.placeholder('day')}::date] as days, array[${sql.placeholder('stamp')}::timestamptz] as stamps,
         array[1.5, 2]::numeric[] as numbers, 2.25::numeric as number, 42::int as whole, 9007199254740993::bigint as big,
         true as yes, json_build_object('a', 1, 'b', array[1, 2]) as object,
         ${sql.placeholder('ids')}::uuid[] as ids, 'text'::text as words, null::int as nothing`;

const VALUES = preparedStatement<Record<string, unknown>>('prepared_spec_values', VALUES_SQL);

describe('prepared statements (preparedStatement)', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  const values = {
    stamp: '2026-03-29T00:30:00.123Z',
    day: '2026-03-29',
    minutes: 90,
    ids: ['6f1c0a43-6a5e-4a43-9d0e-5a3c2b1f0e9d', '00000000-0000-4000-8000-000000000000'],
  };

  it('read every value as a Drizzle query reads it, outside and inside a transaction, again and again', async () => {
    // Drizzle's own prepared query of the same statement (what preparedStatement ran before it called
    // node-postgres itself).
    const query = new PgDialect().sqlToQuery(VALUES_SQL);
    const viaDrizzle = (
      (await t.db._.session
        .prepareQuery(query, undefined, 'prepared_spec_drizzle', false)
        .execute(values)) as {
        rows: unknown[];
      }
    ).rows;
    expect(viaDrizzle).toHaveLength(1);
    for (let i = 0; i < 3; i += 1) {
      expect(await VALUES(t.db, values)).toEqual(viaDrizzle);
      expect(await t.db.transaction((tx) => VALUES(tx, values))).toEqual(viaDrizzle);
    }
  });
});
