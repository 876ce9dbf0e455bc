import { sql } from 'drizzle-orm';
import {
  ALLERGEN_IDS,
  DEFAULT_MAX_OPEN_ORDERS,
  DEFAULT_SLOT_CAPACITY,
  DIETS,
  MAX_INGREDIENTS_LENGTH,
  MAX_MAX_OPEN_ORDERS,
  MAX_NET_QUANTITY,
  MAX_PER_ORDER_LIMIT,
  MAX_QUANTITY,
  MAX_SLOT_CAPACITY,
  MAX_STOCK,
  MIN_MAX_OPEN_ORDERS,
  MIN_PER_ORDER_LIMIT,
  MIN_QUANTITY,
  MIN_SLOT_CAPACITY,
  DELIVERY_FAILURE_REASONS,
  FULFILMENT_STATES,
  ORDER_STATUSES,
  PACK_UNITS,
} from '@larder/shared-domain';
import { createTestApp, TestApp } from '../../test/harness';
import { PgDialect } from 'drizzle-orm/pg-core';
import { preparedStatement } from './prepared';

/**
 * The database's CHECK constraints, as the migrations left them, hold the same limits as shared-domain: a limit
 * changed in one place and not the other fails here rather than as a 500 at checkout.
 */
describe('schema limits', () => {
  let t: TestApp;
  const definitions = new Map<string, string>();

  beforeAll(async () => {
    t = await createTestApp();
    const result = (await t.db.execute(
      sql`select conname as name, pg_get_constraintdef(oid) as definition from pg_constraint where contype = 'c'`,
    )) as unknown as { rows: { name: string; definition: string }[] };
    for (const row of result.rows) definitions.set(row.name, row.definition);
  });
  afterAll(() => t.close());

  /** The whole numbers a definition compares with, in order: "((x >= 1) AND (x <= 99))" → [1, 99]. */
  const bounds = (name: string) => (definitions.get(name) ?? '').match(/\b\d+\b/g)?.map(Number) ?? [];
  /** The quoted words of a definition, in order. */
  const words = (name: string) => [...(definitions.get(name) ?? '').matchAll(/'([^']*)'/g)].map((m) => m[1]);

  it('stock counts: 0 to MAX_STOCK', () => {
    expect(bounds('products_stock_check')).toEqual([0, MAX_STOCK]);
  });

  it('cart quantities: MIN_QUANTITY to MAX_QUANTITY', () => {
    expect(bounds('cart_items_quantity_check')).toEqual([MIN_QUANTITY, MAX_QUANTITY]);
  });

  it('slot capacity: MIN_SLOT_CAPACITY to MAX_SLOT_CAPACITY, DEFAULT_SLOT_CAPACITY by default', async () => {
    expect(bounds('shop_settings_slot_capacity')).toEqual([MIN_SLOT_CAPACITY, MAX_SLOT_CAPACITY]);
    const result = (await t.db.execute(
      sql`select column_default from information_schema.columns
          where table_name = 'shop_settings' and column_name = 'slot_capacity'`,
    )) as unknown as { rows: { column_default: string }[] };
    expect(Number(result.rows[0].column_default)).toBe(DEFAULT_SLOT_CAPACITY);
  });

  it('per-order limits: null or MIN_PER_ORDER_LIMIT to MAX_PER_ORDER_LIMIT', () => {
    expect(bounds('products_max_per_order_check')).toEqual([MIN_PER_ORDER_LIMIT, MAX_PER_ORDER_LIMIT]);
    expect(definitions.get('products_max_per_order_check')).toMatch(/IS NULL/);
  });

  it('open orders per customer: MIN_MAX_OPEN_ORDERS to MAX_MAX_OPEN_ORDERS, DEFAULT_MAX_OPEN_ORDERS by default', async () => {
    expect(bounds('shop_settings_max_open_orders')).toEqual([MIN_MAX_OPEN_ORDERS, MAX_MAX_OPEN_ORDERS]);
    const result = (await t.db.execute(
      sql`select column_default from information_schema.columns
          where table_name = 'shop_settings' and column_name = 'max_open_orders'`,
    )) as unknown as { rows: { column_default: string }[] };
    expect(Number(result.rows[0].column_default)).toBe(DEFAULT_MAX_OPEN_ORDERS);
  });

  it('ingredients: at most MAX_INGREDIENTS_LENGTH characters', () => {
    expect(bounds('products_ingredients_check')).toEqual([MAX_INGREDIENTS_LENGTH]);
  });

  it('allergens: the 14 UK allergens of ALLERGEN_IDS', () => {
    expect(words('products_allergens_check')).toEqual([...ALLERGEN_IDS]);
  });

  it('order statuses: ORDER_STATUSES', () => {
    expect(words('orders_status_check')).toEqual([...ORDER_STATUSES]);
  });

  it('order fulfilment states: FULFILMENT_STATES (the stages and failed_delivery)', () => {
    expect(words('orders_fulfilment_check')).toEqual([...FULFILMENT_STATES]);
  });

  it('reasons a delivery failed: DELIVERY_FAILURE_REASONS', () => {
    expect(words('delivery_outcomes_reason_check')).toEqual(['failed_delivery', ...DELIVERY_FAILURE_REASONS]);
  });

  it('packs: a net quantity above 0 up to MAX_NET_QUANTITY, in one of PACK_UNITS', () => {
    expect(bounds('products_net_quantity_check')).toEqual([0, MAX_NET_QUANTITY]);
    expect(words('products_unit_check')).toEqual([...PACK_UNITS]);
  });

  it('dietary marks: DIETS', () => {
    expect(words('products_dietary_check')).toEqual([...DIETS]);
  });
});

describe('prepared statements: every kind of value, on both engines', () => {
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
});
