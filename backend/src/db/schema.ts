/**
 * The database schema (Drizzle). Money is integer pence; VAT rates are integer basis points
 * (hundredths of a percent: 2000 = 20%). Migrations in ../../drizzle are generated from this file.
 */
import { sql } from 'drizzle-orm';
import type {
  DeliveryAreas,
  Diet,
  HfssCategory,
  LicensedHours,
  Nutrition,
  PackUnit,
  Producer,
  PromotionKind,
  StoredSupply,
} from '@larder/shared-domain';
import {
  type AnyPgColumn,
  bigint,
  bigserial,
  boolean,
  check,
  customType,
  date,
  index,
  integer,
  jsonb,
  numeric,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import {
  ALLERGEN_IDS,
  HFSS_CATEGORIES,
  DEFAULT_DELIVERY_AREAS,
  DEFAULT_LICENSED_HOURS,
  DEFAULT_MAX_OPEN_ORDERS,
  DEFAULT_MAX_PER_PRODUCT,
  DEFAULT_SLOT_CAPACITY,
  DELIVERY_SLOTS,
  DIETS,
  DELIVERY_FAILURE_REASONS,
  FULFILMENT_STATES,
  ID_CHECK_OUTCOMES,
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
  ORDER_STATUSES,
  PACK_UNITS,
  PROMOTION_KINDS,
  REFUND_METHODS,
  STAFF_ROLES,
} from '@larder/shared-domain';

const createdAt = () => timestamp('created_at', { withTimezone: true }).notNull().defaultNow();

/**
 * A limit of shared-domain written into a CHECK as a literal (a CHECK cannot take a bind parameter), so the
 * database holds the same bound as the code; db/schema-limits.spec.ts reads the constraints back to prove it.
 */
const literal = (value: number) => sql.raw(String(value));
const textList = (values: readonly string[], separator = ',') =>
  sql.raw(values.map((v) => `'${v.replace(/'/g, "''")}'`).join(separator));

export const users = pgTable(
  'users',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    /** Lower-cased. */
    email: text('email').notNull(),
    firstName: text('first_name').notNull(),
    lastName: text('last_name').notNull(),
    phone: text('phone'),
    /** Google account subject, once known. */
    googleSub: text('google_sub'),
    defaultAddressId: uuid('default_address_id'),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex('users_email_key').on(t.email), uniqueIndex('users_google_sub_key').on(t.googleSub)],
);

export const addresses = pgTable(
  'addresses',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    street: text('street').notNull(),
    city: text('city').notNull(),
    state: text('state').notNull(),
    postalCode: text('postal_code').notNull(),
    country: text('country').notNull(),
    createdAt: createdAt(),
  },
  (t) => [index('addresses_user_id_idx').on(t.userId, t.createdAt)],
);

export const products = pgTable(
  'products',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    name: text('name').notNull(),
    category: text('category').notNull(),
    description: jsonb('description')
      .$type<string[]>()
      .notNull()
      .default(sql`'[]'::jsonb`),
    /** MRP in pence. */
    price: integer('price').notNull(),
    /** Selling price in pence. */
    offerPrice: integer('offer_price').notNull(),
    /** VAT rate in basis points (2000 = 20%). */
    vatBasisPoints: integer('vat_basis_points').notNull(),
    /** Image URLs, first is the main picture. */
    images: jsonb('images')
      .$type<string[]>()
      .notNull()
      .default(sql`'[]'::jsonb`),
    /**
     * The seller's switch: listed in the shop. A shopper can buy the product (the API's inStock) when it is
     * listed and stock is null or above 0.
     */
    listed: boolean('listed').notNull().default(true),
    /** Units on hand, 0..100000; null when the seller does not count them. */
    stock: integer('stock'),
    /** Ingredients as the label prints them, up to 2000 characters. */
    ingredients: text('ingredients'),
    /** Ids of the 14 UK allergens the product contains (see ALLERGENS in shared-domain). */
    allergens: text('allergens')
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    /** Set when the seller saves the allergen list: only then may the product be shown as free from anything. */
    allergensConfirmed: boolean('allergens_confirmed').notNull().default(false),
    /**
     * Net quantity of the pack in `unit` (g, kg, ml, l or each), up to 3 decimals; both null when the seller
     * has not given a pack size, and then the product has no unit price.
     */
    netQuantity: numeric('net_quantity', { precision: 11, scale: 3, mode: 'number' }),
    unit: text('unit').$type<PackUnit>(),
    /** Per 100 g or 100 ml (see Nutrition in shared-domain); null when not entered. */
    nutrition: jsonb('nutrition').$type<Nutrition>(),
    storage: text('storage'),
    origin: text('origin'),
    /** The food business named on the label; null when it is the shop itself. */
    producer: jsonb('producer').$type<Producer>(),
    /** vegetarian and/or vegan. */
    dietary: text('dietary')
      .array()
      .$type<Diet[]>()
      .notNull()
      .default(sql`'{}'::text[]`),
    /** Sold to adults only (Challenge 25 on delivery). */
    ageRestricted: boolean('age_restricted').notNull().default(false),
    /** The most one order may hold of it, 1..99 (the seller's limit against hoarding); null for no limit. */
    maxPerOrder: integer('max_per_order'),
    /** Percent of fruit, vegetables and nuts (0-100, the nutrient profiling model's C points); null when unknown. */
    fruitVegNuts: integer('fruit_veg_nuts'),
    /** One of the 13 categories of Schedule 1 to SI 2021/1368 (see HFSS_CATEGORIES); null: not in scope. */
    hfssCategory: text('hfss_category').$type<HfssCategory>(),
    deletedAt: timestamp('deleted_at', { withTimezone: true }),
    createdAt: createdAt(),
    /** When the seller last changed the product (its sitemap lastmod); stock taken by orders leaves it. */
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('products_live_created_idx')
      .on(t.createdAt.desc())
      .where(sql`${t.deletedAt} is null`),
    check('products_prices_check', sql`${t.offerPrice} >= 0 and ${t.offerPrice} <= ${t.price}`),
    check('products_vat_check', sql`${t.vatBasisPoints} between 0 and 10000`),
    check('products_stock_check', sql`${t.stock} is null or ${t.stock} between 0 and ${literal(MAX_STOCK)}`),
    check('products_allergens_check', sql`${t.allergens} <@ array[${textList(ALLERGEN_IDS)}]::text[]`),
    check(
      'products_ingredients_check',
      sql`${t.ingredients} is null or char_length(${t.ingredients}) <= ${literal(MAX_INGREDIENTS_LENGTH)}`,
    ),
    check(
      'products_net_quantity_check',
      sql`${t.netQuantity} > 0 and ${t.netQuantity} <= ${literal(MAX_NET_QUANTITY)}`,
    ),
    check('products_unit_check', sql`${t.unit} in (${textList(PACK_UNITS)})`),
    check('products_pack_check', sql`(${t.netQuantity} is null) = (${t.unit} is null)`),
    check(
      'products_fruit_veg_nuts_check',
      sql`${t.fruitVegNuts} is null or ${t.fruitVegNuts} between 0 and 100`,
    ),
    check('products_hfss_category_check', sql`${t.hfssCategory} in (${textList(HFSS_CATEGORIES)})`),
    check('products_dietary_check', sql`${t.dietary} <@ array[${textList(DIETS)}]::text[]`),
    check(
      'products_max_per_order_check',
      sql`${t.maxPerOrder} is null or ${t.maxPerOrder} between ${literal(MIN_PER_ORDER_LIMIT)} and ${literal(MAX_PER_ORDER_LIMIT)}`,
    ),
  ],
);

/**
 * Bumped on every catalogue write, so every API replica can tell when its cached list is stale (its trigger
 * notifies them at commit, migration 0005). The catalogue version is the sum of the versions of up to this many rows: a write bumps the row of its own
 * database connection (pg_backend_pid() modulo this), so concurrent orders taking stock never queue for one row.
 */
export const CATALOG_VERSION_SHARDS = 64;

const bytea = customType<{ data: Buffer; driverData: Buffer | Uint8Array }>({
  dataType: () => 'bytea',
  // PGlite hands back a Uint8Array, node-postgres a Buffer.
  fromDriver: (value) => (Buffer.isBuffer(value) ? value : Buffer.from(value)),
});

/**
 * Product pictures, one row per stored file (each width of each picture), served at `/uploads/products/<name>`.
 * In the database rather than on disk so that every replica on any host serves them and a backup holds them.
 */
export const productImages = pgTable(
  'product_images',
  {
    /** The file name in the URL, e.g. `3f2a….webp` (main width) or `3f2a…-400.webp`. */
    name: text('name').primaryKey(),
    /** The upload the variant was rendered from: a UUID, or `seed-<slug>` for the demo catalogue. */
    pictureId: text('picture_id').notNull(),
    width: integer('width').notNull(),
    /** The image format, e.g. `webp`. */
    format: text('format').notNull(),
    bytes: bytea('bytes').notNull(),
    /** The strong validator sent as ETag (a hash of the bytes, quoted). */
    etag: text('etag').notNull(),
    createdAt: createdAt(),
  },
  (t) => [index('product_images_picture_idx').on(t.pictureId)],
);

export const catalogState = pgTable(
  'catalog_state',
  {
    id: integer('id').primaryKey().default(1),
    version: bigint('version', { mode: 'number' }).notNull().default(0),
  },
  (t) => [check('catalog_state_shard', sql`${t.id} between 1 and ${literal(CATALOG_VERSION_SHARDS)}`)],
);

export const cartItems = pgTable(
  'cart_items',
  {
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    productId: uuid('product_id')
      .notNull()
      .references(() => products.id),
    quantity: integer('quantity').notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.userId, t.productId] }),
    /** Deleting a product removes it from every cart. */
    index('cart_items_product_idx').on(t.productId),
    check(
      'cart_items_quantity_check',
      sql`${t.quantity} between ${literal(MIN_QUANTITY)} and ${literal(MAX_QUANTITY)}`,
    ),
  ],
);

export const shopSettings = pgTable(
  'shop_settings',
  {
    id: integer('id').primaryKey().default(1),
    shippingCharge: integer('shipping_charge').notNull(),
    shippingThreshold: integer('shipping_threshold').notNull(),
    /** How many orders one delivery slot of one date takes. */
    slotCapacity: integer('slot_capacity').notNull().default(DEFAULT_SLOT_CAPACITY),
    /** How many open (Pending) orders one customer may hold at once. */
    maxOpenOrders: integer('max_open_orders').notNull().default(DEFAULT_MAX_OPEN_ORDERS),
    /** The most of one product one order may hold, for products without a maxPerOrder of their own. */
    maxPerProduct: integer('max_per_product').notNull().default(DEFAULT_MAX_PER_PRODUCT),
    /** The postcode areas or districts delivered to, for each delivery city. */
    deliveryAreas: jsonb('delivery_areas').$type<DeliveryAreas>().notNull().default(DEFAULT_DELIVERY_AREAS),
    /** 50 or more employees: the Food (Promotion and Placement) Regulations' restrictions apply. */
    qualifyingBusiness: boolean('qualifying_business').notNull().default(false),
    /** The premises licence's number and the designated premises supervisor (Licensing Act 2003). */
    premisesLicence: text('premises_licence'),
    supervisor: text('supervisor'),
    /** Hours for the sale of alcohol by ISO weekday, London time (see LicensedHours). */
    licensedHours: jsonb('licensed_hours').$type<LicensedHours>().notNull().default(DEFAULT_LICENSED_HOURS),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    check('shop_settings_singleton', sql`${t.id} = 1`),
    check('shop_settings_non_negative', sql`${t.shippingCharge} >= 0 and ${t.shippingThreshold} >= 0`),
    check(
      'shop_settings_slot_capacity',
      sql`${t.slotCapacity} between ${literal(MIN_SLOT_CAPACITY)} and ${literal(MAX_SLOT_CAPACITY)}`,
    ),
    check(
      'shop_settings_max_open_orders',
      sql`${t.maxOpenOrders} between ${literal(MIN_MAX_OPEN_ORDERS)} and ${literal(MAX_MAX_OPEN_ORDERS)}`,
    ),
    check(
      'shop_settings_max_per_product',
      sql`${t.maxPerProduct} between ${literal(MIN_PER_ORDER_LIMIT)} and ${literal(MAX_PER_ORDER_LIMIT)}`,
    ),
  ],
);

export interface AddressSnapshot {
  street: string;
  city: string;
  state: string;
  postalCode: string;
  country: string;
}

export const orders = pgTable(
  'orders',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    /** Null once the customer has deleted their account. */
    userId: uuid('user_id').references(() => users.id, { onDelete: 'set null' }),
    /** The address the order goes to, copied at checkout; null once personal data is stripped. */
    address: jsonb('address').$type<AddressSnapshot | null>(),
    addressId: uuid('address_id'),
    /** Customer details copied at checkout; null once personal data is stripped. */
    customerName: text('customer_name'),
    customerEmail: text('customer_email'),
    customerPhone: text('customer_phone'),
    paymentType: text('payment_type').notNull(),
    /** Pence. */
    goods: integer('goods').notNull(),
    totalVat: integer('total_vat').notNull(),
    shippingCharge: integer('shipping_charge').notNull(),
    amount: integer('amount').notNull(),
    deliveryDate: date('delivery_date', { mode: 'string' }).notNull(),
    deliveryTime: text('delivery_time').notNull(),
    status: text('status').notNull().default('Pending'),
    /** How far the seller has got: placed, picking, picked, out_for_delivery, delivered (forward only). */
    fulfilment: text('fulfilment').notNull().default('placed'),
    isPaid: boolean('is_paid').notNull().default(false),
    idempotencyKey: text('idempotency_key'),
    stripeSessionId: text('stripe_session_id'),
    /**
     * When a paid order was cancelled (by its customer, the seller, the customer deleting their account, or a
     * payment arriving after the cancel): the seller owes the customer a refund. Null otherwise.
     */
    refundDueAt: timestamp('refund_due_at', { withTimezone: true }),
    /**
     * Pence owed back to a customer who paid: the whole amount of a paid order cancelled, or what a paid order's
     * total fell by (short picks, substitutes, lines refused at the door). 0 when nothing is owed.
     */
    refundDue: integer('refund_due').notNull().default(0),
    /** The customer confirmed on this order that they are 18 or over: 18+ products may enter it. */
    ageConfirmed: boolean('age_confirmed').notNull().default(false),
    /** What was handed over at the door (pence), recorded with the delivery; both null when not recorded. */
    collectedCash: integer('collected_cash'),
    collectedCard: integer('collected_card'),
    /** The change given back from the cash handed over (pence): the shop kept collectedCash - cashChange. */
    cashChange: integer('cash_change'),
    /** A card order: what the payment captured (pence), set when the payment is reported; null before. */
    cardCaptured: integer('card_captured'),
    /** The ID check at the door (Challenge 25): passed or failed; null when none was recorded. */
    idCheck: text('id_check'),
    /** When the order was handed over (its time of supply); null until delivered. */
    deliveredAt: timestamp('delivered_at', { withTimezone: true }),
    /** Why the last delivery failed, and the driver's note, while fulfilment is failed_delivery. */
    failedReason: text('failed_reason'),
    failedNote: text('failed_note'),
    /** A full VAT invoice's number (orders above £250 while the shop has a VAT number), given once. */
    invoiceNumber: integer('invoice_number'),
    /** What the promotions took off the order, pence with VAT (the sum of its deals' savings). */
    savings: integer('savings').notNull().default(0),
    /** Each promotion that applied: its terms as placed, how many times it applied and what it saved. */
    deals: jsonb('deals')
      .$type<OrderDeal[]>()
      .notNull()
      .default(sql`'[]'::jsonb`),
    /**
     * What the order supplied and what it cost, stored when it is completed (its lines as picked and delivered,
     * the goods and the delivery charge per VAT rate) and read by its receipt, takings and e-mail; null before.
     */
    supply: jsonb('supply').$type<StoredSupply>(),
    /** The customer's regular delivery that placed this order (null for an order placed by hand). */
    standingOrderId: uuid('standing_order_id').references((): AnyPgColumn => standingOrders.id, {
      onDelete: 'set null',
    }),
    createdAt: createdAt(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    /** A regular delivery places one order per delivery date, whatever runs it. */
    uniqueIndex('orders_standing_order_date_key').on(t.standingOrderId, t.deliveryDate),
    index('orders_user_created_idx').on(t.userId, t.createdAt.desc()),
    index('orders_created_idx').on(t.createdAt.desc()),
    /** Completed orders whose supply is not stored yet (completed before it was: filled in once at start). */
    index('orders_supply_missing_idx')
      .on(t.id)
      .where(sql`${t.status} = 'Completed' and ${t.supply} is null`),
    /** Takings: delivered orders by their time of supply. */
    index('orders_delivered_idx')
      .on(t.deliveredAt)
      .where(sql`${t.deliveredAt} is not null`),
    /** A day's runs (cash-up, picking): orders by delivery date and slot. */
    index('orders_delivery_slot_idx').on(t.deliveryDate, t.deliveryTime),
    uniqueIndex('orders_user_idempotency_key').on(t.userId, t.idempotencyKey),
    uniqueIndex('orders_stripe_session_key').on(t.stripeSessionId),
    uniqueIndex('orders_invoice_number_key').on(t.invoiceNumber),
    check('orders_status_check', sql`${t.status} in (${textList(ORDER_STATUSES, ', ')})`),
    check('orders_fulfilment_check', sql`${t.fulfilment} in (${textList(FULFILMENT_STATES, ', ')})`),
    check(
      'orders_collected_check',
      sql`(${t.collectedCash} is null) = (${t.collectedCard} is null) and ${t.collectedCash} >= 0 and ${t.collectedCard} >= 0`,
    ),
    check('orders_id_check_check', sql`${t.idCheck} in (${textList(ID_CHECK_OUTCOMES, ', ')})`),
    check(
      'orders_failed_reason_check',
      sql`${t.failedReason} is null or (${t.failedReason} in (${textList(DELIVERY_FAILURE_REASONS, ', ')}) and ${t.fulfilment} = 'failed_delivery')`,
    ),
    check(
      'orders_refund_due_check',
      sql`${t.refundDue} >= 0 and (${t.refundDue} = 0 or ${t.isPaid}) and ((${t.refundDueAt} is null) = (${t.refundDue} = 0))`,
    ),
  ],
);

/**
 * One row per change of an order that its customer or the seller may be watching (written by a trigger on
 * `orders`, hand-written SQL in the migration): the id is the Server-Sent Events id, so a reconnecting client
 * gets what it missed. Rows older than a few minutes are purged.
 */
export const orderEvents = pgTable(
  'order_events',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    orderId: uuid('order_id')
      .notNull()
      .references(() => orders.id, { onDelete: 'cascade' }),
    createdAt: createdAt(),
  },
  (t) => [index('order_events_created_idx').on(t.createdAt)],
);

/**
 * The Idempotency-Key of each change made to an order, written in the change's transaction: a change sent again
 * with the same key (a retry after a lost answer) is answered with the order and changes nothing.
 */
export const orderChangeKeys = pgTable(
  'order_change_keys',
  {
    orderId: uuid('order_id')
      .notNull()
      .references(() => orders.id, { onDelete: 'cascade' }),
    idempotencyKey: text('idempotency_key').notNull(),
    createdAt: createdAt(),
  },
  (t) => [primaryKey({ columns: [t.orderId, t.idempotencyKey] })],
);

/**
 * Every outcome a driver recorded at a door (delivered, or not delivered with its reason), with the run (delivery
 * date and slot) it belonged to and who recorded it: the drivers and the counts of each run's cash-up.
 */
export const deliveryOutcomes = pgTable(
  'delivery_outcomes',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    orderId: uuid('order_id')
      .notNull()
      .references(() => orders.id, { onDelete: 'cascade' }),
    deliveryDate: date('delivery_date', { mode: 'string' }).notNull(),
    deliveryTime: text('delivery_time').notNull(),
    /** delivered or failed_delivery. */
    outcome: text('outcome').notNull(),
    reason: text('reason'),
    note: text('note'),
    /** The member who recorded it (no foreign key: the record outlives a removed member), and their name then. */
    staffId: uuid('staff_id'),
    staffName: text('staff_name'),
    createdAt: createdAt(),
  },
  (t) => [
    index('delivery_outcomes_run_idx').on(t.deliveryDate, t.deliveryTime),
    index('delivery_outcomes_order_idx').on(t.orderId),
    check('delivery_outcomes_outcome_check', sql`${t.outcome} in ('delivered', 'failed_delivery')`),
    check(
      'delivery_outcomes_reason_check',
      sql`(${t.outcome} = 'failed_delivery') = (${t.reason} is not null) and ${t.reason} in (${textList(DELIVERY_FAILURE_REASONS, ', ')})`,
    ),
  ],
);

/**
 * Numbers given in an unbroken sequence per kind ('invoice', 'credit_note'): the row is incremented inside the
 * transaction that uses the number, so a rolled-back transaction gives its number back and none is skipped.
 */
export const documentNumbers = pgTable('document_numbers', {
  kind: text('kind').primaryKey(),
  last: integer('last').notNull().default(0),
});

/** Money given back to a customer for an order, each with a credit note number of its own. */
export const refunds = pgTable(
  'refunds',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    orderId: uuid('order_id')
      .notNull()
      .references(() => orders.id, { onDelete: 'cascade' }),
    /** Pence, above 0. */
    amount: integer('amount').notNull(),
    /** cash, card or bank. */
    method: text('method').notNull(),
    reference: text('reference'),
    reason: text('reason').notNull(),
    /** The lines it is for, when given: product id and units. */
    lines: jsonb('lines')
      .$type<{ product: string; quantity: number }[]>()
      .notNull()
      .default(sql`'[]'::jsonb`),
    creditNote: integer('credit_note').notNull(),
    staffId: uuid('staff_id'),
    staffName: text('staff_name'),
    createdAt: createdAt(),
  },
  (t) => [
    index('refunds_order_idx').on(t.orderId),
    index('refunds_created_idx').on(t.createdAt),
    uniqueIndex('refunds_credit_note_key').on(t.creditNote),
    check('refunds_amount_check', sql`${t.amount} > 0`),
    check('refunds_method_check', sql`${t.method} in (${textList(REFUND_METHODS, ', ')})`),
  ],
);

/**
 * Each delivered order's figures for the takings, written in the transaction that records its delivery (a
 * Completed order's figures never change after), so a range of days is summed from these narrow rows by their
 * London day of supply instead of from the order lines. Pence. `refunded` grows with each refund of the order.
 */
export const takingsOrders = pgTable(
  'takings_orders',
  {
    orderId: uuid('order_id')
      .primaryKey()
      .references(() => orders.id, { onDelete: 'cascade' }),
    /** The London day of supply (delivered_at in Europe/London). */
    day: date('day', { mode: 'string' }).notNull(),
    deliveredAt: timestamp('delivered_at', { withTimezone: true }).notNull(),
    goods: integer('goods').notNull(),
    vat: integer('vat').notNull(),
    shipping: integer('shipping').notNull(),
    amount: integer('amount').notNull(),
    cash: integer('cash').notNull(),
    card: integer('card').notNull(),
    /** What the promotions took off the order, pence with VAT. */
    savings: integer('savings').notNull(),
    refunded: integer('refunded').notNull().default(0),
  },
  (t) => [index('takings_orders_day_idx').on(t.day, t.deliveredAt)],
);

/**
 * A delivered order's goods per VAT rate (basis points): net and VAT, settled so that its rates add up to the
 * order's own goods and VAT (the receipt's rule).
 */
export const takingsRates = pgTable(
  'takings_rates',
  {
    orderId: uuid('order_id')
      .notNull()
      .references(() => takingsOrders.orderId, { onDelete: 'cascade' }),
    rate: integer('rate').notNull(),
    day: date('day', { mode: 'string' }).notNull(),
    net: integer('net').notNull(),
    vat: integer('vat').notNull(),
  },
  (t) => [primaryKey({ columns: [t.orderId, t.rate] }), index('takings_rates_day_idx').on(t.day)],
);

/**
 * A run's cash-up: the cash a manager counted in against the cash its drivers collected. The first entry of a
 * run signs it off; a later one (`corrects` naming the entry it corrects) is a correction with its reason. Never
 * changed once written.
 */
export const cashUps = pgTable(
  'cash_ups',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    deliveryDate: date('delivery_date', { mode: 'string' }).notNull(),
    deliveryTime: text('delivery_time').notNull(),
    /** Pence counted in. */
    handedIn: integer('handed_in').notNull(),
    /** Pence of cash the run's delivered orders kept (handed over less change), when the entry was written. */
    cash: integer('cash').notNull(),
    /** handedIn - cash. */
    variance: integer('variance').notNull(),
    /** How many outcomes of the run the entry covers: an outcome recorded after it reopens the run. */
    outcomes: integer('outcomes').notNull().default(0),
    /** sign_off (the first, or again after the run was reopened) or correction (while it stayed signed off). */
    kind: text('kind').notNull().default('sign_off'),
    reason: text('reason'),
    corrects: uuid('corrects').references((): AnyPgColumn => cashUps.id),
    staffId: uuid('staff_id'),
    staffName: text('staff_name').notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    index('cash_ups_run_idx').on(t.deliveryDate, t.deliveryTime, t.createdAt),
    uniqueIndex('cash_ups_sign_off_key')
      .on(t.deliveryDate, t.deliveryTime)
      .where(sql`${t.corrects} is null`),
    check('cash_ups_handed_in_check', sql`${t.handedIn} >= 0`),
    check('cash_ups_variance_check', sql`${t.variance} = ${t.handedIn} - ${t.cash}`),
    check('cash_ups_reason_check', sql`${t.variance} = 0 or ${t.reason} is not null`),
    check('cash_ups_kind_check', sql`${t.kind} in ('sign_off', 'correction')`),
    check('cash_ups_correction_reason_check', sql`${t.kind} = 'sign_off' or ${t.reason} is not null`),
    check('cash_ups_first_sign_off_check', sql`${t.corrects} is not null or ${t.kind} = 'sign_off'`),
  ],
);

/**
 * Who the shop is, as the law asks an online shop to show (footer, terms, receipts): one row, absent until the
 * owner or a manager saves it.
 */
export const businessDetails = pgTable(
  'business_details',
  {
    id: integer('id').primaryKey().default(1),
    legalName: text('legal_name').notNull(),
    address: text('address').notNull(),
    email: text('email').notNull(),
    phone: text('phone').notNull(),
    /** GB VAT registration number, e.g. GB123456789; null when not registered. */
    vatNumber: text('vat_number'),
    companyNumber: text('company_number'),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [check('business_details_singleton', sql`${t.id} = 1`)],
);

export const orderItems = pgTable(
  'order_items',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    orderId: uuid('order_id')
      .notNull()
      .references(() => orders.id, { onDelete: 'cascade' }),
    productId: uuid('product_id')
      .notNull()
      .references(() => products.id),
    name: text('name').notNull(),
    image: text('image'),
    /** Offer price of one unit at checkout, pence. */
    price: integer('price').notNull(),
    vatBasisPoints: integer('vat_basis_points').notNull(),
    quantity: integer('quantity').notNull(),
    /** Whether checkout took these units from a counted stock (so a cancel gives them back). */
    stockTaken: boolean('stock_taken').notNull().default(false),
    /** Whether the customer accepts a substitute when the product is short. */
    allowSubstitutes: boolean('allow_substitutes').notNull().default(true),
    /** The product was sold to adults only when ordered: ID may be asked for at the door. */
    ageRestricted: boolean('age_restricted').notNull().default(false),
    /** Units found when the order was picked (null before); the rest was not on the shelf. */
    picked: integer('picked'),
    /** The product sent instead of the missing units, as picked: name, units, unit price (pence), VAT. */
    substituteProductId: uuid('substitute_product_id').references(() => products.id),
    substituteName: text('substitute_name'),
    substituteQuantity: integer('substitute_quantity'),
    substitutePrice: integer('substitute_price'),
    substituteVatBasisPoints: integer('substitute_vat_basis_points'),
    /** The substitute is sold to adults only: ID may be asked for at the door. */
    substituteAgeRestricted: boolean('substitute_age_restricted').notNull().default(false),
    /** Whether the substitute's units were taken from a counted stock (so a cancel gives them back). */
    substituteStockTaken: boolean('substitute_stock_taken').notNull().default(false),
    /** Refused by the customer at the door: the line has left the order and its total. */
    refused: boolean('refused').notNull().default(false),
    /** What the line costs with VAT as placed, pence (its units at their price less its share of a deal). */
    charged: integer('charged'),
    /** The line's share of its deal's saving, pence with VAT; 0 when in no deal. */
    saving: integer('saving').notNull().default(0),
    /** The promotion whose deal holds some of its units. */
    promotionId: uuid('promotion_id').references((): AnyPgColumn => promotions.id, { onDelete: 'set null' }),
  },
  (t) => [
    index('order_items_order_idx').on(t.orderId),
    index('order_items_product_idx').on(t.productId),
    check('order_items_picked_check', sql`${t.picked} is null or ${t.picked} between 0 and ${t.quantity}`),
    check(
      'order_items_substitute_check',
      sql`(${t.substituteProductId} is null) = (${t.substituteQuantity} is null)
        and (${t.substituteQuantity} is null or ${t.substituteQuantity} > 0)`,
    ),
  ],
);

/**
 * Orders booked into each delivery slot of each date: the row is locked and checked against the capacity when
 * an order books a place, so concurrent checkouts on any number of replicas never overbook it.
 */
export const deliverySlotBookings = pgTable(
  'delivery_slot_bookings',
  {
    deliveryDate: date('delivery_date', { mode: 'string' }).notNull(),
    deliveryTime: text('delivery_time').notNull(),
    booked: integer('booked').notNull().default(0),
  },
  (t) => [
    primaryKey({ columns: [t.deliveryDate, t.deliveryTime] }),
    check('delivery_slot_bookings_booked_check', sql`${t.booked} >= 0`),
  ],
);

/**
 * E-mails waiting to be sent, written in the same transaction as what they announce and delivered from here
 * with retries, so a crash or restart neither loses nor repeats one.
 */
export const emailOutbox = pgTable(
  'email_outbox',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    /** What the message is about, e.g. 'order-placed', 'order-completed', 'order-cancelled'. */
    kind: text('kind').notNull(),
    orderId: uuid('order_id').references(() => orders.id, { onDelete: 'set null' }),
    recipient: text('recipient').notNull(),
    subject: text('subject').notNull(),
    textBody: text('text_body').notNull(),
    htmlBody: text('html_body').notNull(),
    attempts: integer('attempts').notNull().default(0),
    /** Not before this time: the next try after a failure, or the end of another process's claim. */
    nextAttemptAt: timestamp('next_attempt_at', { withTimezone: true }).notNull().defaultNow(),
    lastError: text('last_error'),
    sentAt: timestamp('sent_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [
    index('email_outbox_due_idx')
      .on(t.nextAttemptAt)
      .where(sql`${t.sentAt} is null`),
  ],
);

export const contactMessages = pgTable(
  'contact_messages',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    name: text('name').notNull(),
    email: text('email').notNull(),
    phone: text('phone').notNull(),
    message: text('message').notNull(),
    /** The customer signed in when sending it (their data export lists it); null for a visitor. */
    userId: uuid('user_id').references(() => users.id, { onDelete: 'set null' }),
    emailedAt: timestamp('emailed_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [
    index('contact_messages_created_idx').on(t.createdAt.desc()),
    index('contact_messages_user_idx').on(t.userId),
  ],
);

export const newsletterSubscribers = pgTable(
  'newsletter_subscribers',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    /** Lower-cased. */
    email: text('email').notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('newsletter_subscribers_email_key').on(t.email),
    check('newsletter_subscribers_email_lower', sql`${t.email} = lower(${t.email})`),
  ],
);

/**
 * The people who run the shop from the seller area: one owner (the configured seller, kept in step with
 * SELLER_EMAIL at start-up; its password is SELLER_PASSWORD, so `password_hash` is null) and the managers, pickers
 * and drivers the owner adds (argon2 hash of their password). An inactive member cannot sign in.
 */
export const staff = pgTable(
  'staff',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    /** Lower-cased. */
    email: text('email').notNull(),
    name: text('name').notNull(),
    role: text('role').notNull(),
    passwordHash: text('password_hash'),
    active: boolean('active').notNull().default(true),
    /** The first password, chosen by the owner, must be replaced before anything else. */
    mustChangePassword: boolean('must_change_password').notNull().default(false),
    /** Set by the owner for a manager: they must enrol two-factor sign-in. */
    twoFactorRequired: boolean('two_factor_required').notNull().default(false),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('staff_email_key').on(t.email),
    uniqueIndex('staff_one_owner')
      .on(t.role)
      .where(sql`${t.role} = 'owner'`),
    check('staff_role_check', sql`${t.role} in (${textList(STAFF_ROLES, ', ')})`),
    check('staff_email_lower', sql`${t.email} = lower(${t.email})`),
    check('staff_owner_password', sql`(${t.role} = 'owner') = (${t.passwordHash} is null)`),
  ],
);

/**
 * Who did what in the seller area, one row per change, written in the change's transaction. Append-only: a
 * trigger (hand-written in the migration) refuses an UPDATE, and a DELETE of an entry younger than two years.
 * The actor's name and role are copied as they were; no customer's personal data is kept here.
 */
export const activityLog = pgTable(
  'activity_log',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    at: timestamp('at', { withTimezone: true }).notNull().defaultNow(),
    /** The member (no foreign key: the entry outlives a removed member); null for a sign-in by nobody known. */
    actorId: uuid('actor_id'),
    actorName: text('actor_name').notNull(),
    actorRole: text('actor_role'),
    action: text('action').notNull(),
    /** What it touched: 'product', 'order', 'settings', 'staff', 'session', 'two-factor'. */
    kind: text('kind').notNull(),
    subjectId: text('subject_id'),
    summary: text('summary').notNull(),
  },
  (t) => [
    index('activity_log_at_idx').on(t.at.desc()),
    index('activity_log_actor_idx').on(t.actorId, t.at.desc()),
    index('activity_log_kind_idx').on(t.kind, t.at.desc()),
  ],
);

/**
 * Server-side sessions: the cookie carries the session id, and every authenticated request looks it up by its
 * primary key, so logout, account deletion (the row cascades) and a change of the seller's credentials end a
 * session on every replica at once. `last_seen_at` drives the idle timeout.
 */
export const sessions = pgTable(
  'sessions',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    /** 'customer' or 'seller'. */
    kind: text('kind').notNull(),
    /** The customer; null for the seller. */
    userId: uuid('user_id').references(() => users.id, { onDelete: 'cascade' }),
    /** For the seller: a keyed fingerprint of the configured credentials; a change of password ends the session. */
    credentialStamp: text('credential_stamp'),
    /** For the seller area: the member signed in (a removed member's sessions go with them). */
    staffId: uuid('staff_id').references(() => staff.id, { onDelete: 'cascade' }),
    createdAt: createdAt(),
    lastSeenAt: timestamp('last_seen_at', { withTimezone: true }).notNull().defaultNow(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  },
  (t) => [
    index('sessions_user_idx').on(t.userId),
    index('sessions_expires_idx').on(t.expiresAt),
    index('sessions_staff_idx').on(t.staffId),
    check('sessions_kind_check', sql`${t.kind} in ('customer', 'seller')`),
  ],
);

/**
 * Failed seller sign-ins, keyed by the account and client address and by the address alone, shared by every
 * replica: enough consecutive failures lock that address out for a while (and never the seller elsewhere).
 */
export const signInFailures = pgTable('sign_in_failures', {
  account: text('account').primaryKey(),
  failures: integer('failures').notNull().default(0),
  lastFailureAt: timestamp('last_failure_at', { withTimezone: true }).notNull().defaultNow(),
  lockedUntil: timestamp('locked_until', { withTimezone: true }),
});

/**
 * The seller's authenticator (TOTP) for two-factor sign-in. `secret` is encrypted (AES-256-GCM, a key derived from
 * JWT_SECRET) and never sent again after enrolment; `enabled_at` is null while enrolment awaits its first code.
 * `last_used_step` refuses a code used once already (a replay within its 30 seconds).
 */
export const sellerTwoFactor = pgTable('seller_two_factor', {
  account: text('account').primaryKey(),
  secret: text('secret').notNull(),
  enabledAt: timestamp('enabled_at', { withTimezone: true }),
  lastUsedStep: bigint('last_used_step', { mode: 'number' }),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});

/** Single-use recovery codes of the seller's two-factor sign-in, kept only as keyed hashes. */
export const sellerRecoveryCodes = pgTable('seller_recovery_codes', {
  codeHash: text('code_hash').primaryKey(),
  account: text('account')
    .notNull()
    .references(() => sellerTwoFactor.account, { onDelete: 'cascade' }),
  usedAt: timestamp('used_at', { withTimezone: true }),
});

/** A customer's favourite products, newest first by created_at. */
export const favourites = pgTable(
  'favourites',
  {
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    productId: uuid('product_id')
      .notNull()
      .references(() => products.id, { onDelete: 'cascade' }),
    createdAt: createdAt(),
  },
  (t) => [
    primaryKey({ columns: [t.userId, t.productId] }),
    index('favourites_user_created_idx').on(t.userId, t.createdAt.desc()),
    index('favourites_product_idx').on(t.productId),
  ],
);

/**
 * A regular delivery ("standing order"): the same lines to one of the customer's addresses in one slot, every
 * week or two on one weekday (London). `next_delivery` is the next date not yet placed or skipped; `place_at` is
 * when its order is due (15:00 London two days before, when the shop's delivery date moves onto it), and the
 * placing job claims due rows with FOR UPDATE SKIP LOCKED (`lease_until` keeps other replicas off a row in hand).
 */
export const standingOrders = pgTable(
  'standing_orders',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    addressId: uuid('address_id')
      .notNull()
      .references(() => addresses.id, { onDelete: 'cascade' }),
    deliveryTime: text('delivery_time').notNull(),
    /** 1 (Monday) to 7 (Sunday), in London. */
    weekday: integer('weekday').notNull(),
    /** Every 1 or 2 weeks. */
    every: integer('every').notNull(),
    active: boolean('active').notNull().default(true),
    /** The next delivery is skipped: its date passes without an order. */
    skipping: boolean('skipping').notNull().default(false),
    ageConfirmed: boolean('age_confirmed').notNull().default(false),
    nextDelivery: date('next_delivery', { mode: 'string' }).notNull(),
    /** The last delivery date placed, skipped or missed (null before the first). */
    lastDelivery: date('last_delivery', { mode: 'string' }),
    placeAt: timestamp('place_at', { withTimezone: true }).notNull(),
    leaseUntil: timestamp('lease_until', { withTimezone: true }),
    createdAt: createdAt(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('standing_orders_user_idx').on(t.userId, t.createdAt),
    index('standing_orders_due_idx')
      .on(t.placeAt)
      .where(sql`${t.active}`),
    check('standing_orders_weekday_check', sql`${t.weekday} between 1 and 7`),
    check('standing_orders_every_check', sql`${t.every} in (1, 2)`),
    check('standing_orders_time_check', sql`${t.deliveryTime} in (${textList(DELIVERY_SLOTS, ', ')})`),
  ],
);

export const standingOrderItems = pgTable(
  'standing_order_items',
  {
    standingOrderId: uuid('standing_order_id')
      .notNull()
      .references(() => standingOrders.id, { onDelete: 'cascade' }),
    productId: uuid('product_id')
      .notNull()
      .references(() => products.id, { onDelete: 'cascade' }),
    quantity: integer('quantity').notNull(),
    allowSubstitutes: boolean('allow_substitutes').notNull().default(true),
  },
  (t) => [
    primaryKey({ columns: [t.standingOrderId, t.productId] }),
    index('standing_order_items_product_idx').on(t.productId),
    check(
      'standing_order_items_quantity_check',
      sql`${t.quantity} between ${literal(MIN_QUANTITY)} and ${literal(MAX_QUANTITY)}`,
    ),
  ],
);

/** A promotion as an order keeps it: its terms when the order was priced, and what it saved on the order. */
export interface OrderDeal {
  promotion: string;
  kind: PromotionKind;
  label: string;
  products: string[];
  quantity: number;
  /** Pence with VAT. */
  price: number;
  free: number;
  times: number;
  units: number;
  /** Pence with VAT. */
  saving: number;
}

/**
 * Promotions: "3 for £5" (multibuy), "3 for 2" (buy_get_free), "Was £2.50, now £1.80" (reduction), running from
 * starts_at until ends_at. Prices are pence with VAT, as shoppers see them. A product is in at most one running
 * promotion at a time (checked with the products' rows locked).
 */
export const promotions = pgTable(
  'promotions',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    kind: text('kind').$type<PromotionKind>().notNull(),
    label: text('label').notNull(),
    productIds: uuid('product_ids').array().notNull(),
    /** multibuy: units in a deal; buy_get_free: units paid for; reduction: 1. */
    quantity: integer('quantity').notNull().default(1),
    /** multibuy: a deal's price; reduction: a unit's price; buy_get_free: 0. Pence with VAT. */
    price: integer('price').notNull().default(0),
    /** buy_get_free: units free in a deal. */
    free: integer('free').notNull().default(0),
    /** A reduction's "was" price: what the product sold at for the 28 days before it starts, pence with VAT. */
    wasPrice: integer('was_price'),
    startsAt: timestamp('starts_at', { withTimezone: true }).notNull(),
    endsAt: timestamp('ends_at', { withTimezone: true }).notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    index('promotions_ends_at_idx').on(t.endsAt),
    check('promotions_kind_check', sql`${t.kind} in (${textList(PROMOTION_KINDS, ', ')})`),
    check('promotions_period_check', sql`${t.endsAt} > ${t.startsAt}`),
    check(
      'promotions_terms_check',
      sql`${t.quantity} >= 1 and ${t.price} >= 0 and ${t.free} >= 0 and cardinality(${t.productIds}) >= 1`,
    ),
  ],
);

/**
 * Every price a product has had, with the moment it took effect (the shop's clock): a reduction's "was" price
 * and the struck-through price's "Was" wording are checked against it.
 */
export const productPrices = pgTable(
  'product_prices',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    productId: uuid('product_id')
      .notNull()
      .references(() => products.id, { onDelete: 'cascade' }),
    /** Selling price before VAT, pence, and its VAT rate: the price with VAT is unitPriceWithVat of them. */
    offerPrice: integer('offer_price').notNull(),
    vatBasisPoints: integer('vat_basis_points').notNull(),
    at: timestamp('at', { withTimezone: true }).notNull(),
  },
  (t) => [index('product_prices_product_at_idx').on(t.productId, t.at)],
);
