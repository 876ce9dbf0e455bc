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
