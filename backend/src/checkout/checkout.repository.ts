import { Inject, Injectable } from '@nestjs/common';
import { and, eq, SQL, sql } from 'drizzle-orm';
import {
  DEFAULT_DELIVERY_AREAS,
  DEFAULT_LICENSED_HOURS,
  type LicensedHours,
  DEFAULT_MAX_OPEN_ORDERS,
  DEFAULT_MAX_PER_PRODUCT,
  type DeliveryAreas,
  OPEN_ORDER_STATUSES,
  productIsLessHealthy,
  rulesUnderPromotionLaw,
  type ShippingSettings,
} from '@larder/shared-domain';
import { DB, Database, DbExecutor, DbTransaction } from '../db/database.module';
import { preparedStatement } from '../db/prepared';
import { transactionOpenedWith } from '../db/transaction-opened-with';
import { addresses, cartItems, orderItems, orders, products, shopSettings, users } from '../db/schema';
import type { AddressSnapshot } from '../db/schema';
import { stockTakingSteps } from '../catalog/catalog.repository';
import { runningRulesJson, type LabelledRule } from '../catalog/promotions.repository';
import type { CatalogProduct } from '../catalog/product-view';
import { slotBooking } from '../delivery/delivery.repository';
import { DEFAULT_SHIPPING } from '../settings/settings.repository';
import type { NewOrder, NewOrderLine, OrderRow } from '../orders/orders.repository';

/**
 * What checkout reads in one statement: the customer's address and contact, the shipping settings, the products,
 * and the customer's open orders with the most they may hold.
 */
export interface CheckoutContext {
  address: (AddressSnapshot & { id: string }) | null;
  contact: { name: string; email: string | null; phone: string | null } | null;
  shipping: ShippingSettings;
  products: CheckoutProduct[];
  /** The customer's orders still waiting for delivery (OPEN_ORDER_STATUSES). */
  openOrders: number;
  /** The seller's maxOpenOrders. */
  maxOpenOrders: number;
  /** The shop's limit per product for products without a maxPerOrder of their own. */
  maxPerProduct: number;
  /** Where the shop delivers now: an address saved before the seller narrowed it may lie outside. */
  deliveryAreas: DeliveryAreas;
  /** The promotions running at the checkout's moment on any of its products, as the pricing takes them. */
  promotions: LabelledRule[];
  /** The premises licence's hours for alcohol: a slot outside them cannot hold 18+ products. */
  licensedHours: LicensedHours;
}

/** A product as checkout prices it (pence, VAT basis points). */
export type CheckoutProduct = Pick<
  CatalogProduct,
  | 'id'
  | 'name'
  | 'images'
  | 'offerPrice'
  | 'vatBasisPoints'
  | 'listed'
  | 'stock'
  | 'ageRestricted'
  | 'maxPerOrder'
  | 'category'
  | 'nutrition'
  | 'fruitVegNuts'
  | 'hfssCategory'
> & { deleted: boolean };

/** Checkout's one read (see CheckoutRepository.context). */
const CHECKOUT_CONTEXT = preparedStatement<{
  address: (AddressSnapshot & { id: string }) | null;
  contact: { firstName: string; lastName: string; email: string | null; phone: string | null } | null;
  shipping: ShippingSettings | null;
  products: CheckoutProduct[];
  openOrders: number;
  maxOpenOrders: number | null;
  maxPerProduct: number | null;
  deliveryAreas: DeliveryAreas | null;
  qualifyingBusiness: boolean | null;
  licensedHours: LicensedHours | null;
  promotions: LabelledRule[];
}>(
  'checkout_context',
  sql`
    select
      (select json_build_object('id', a.id, 'street', a.street, 'city', a.city, 'state', a.state,
                'postalCode', a.postal_code, 'country', a.country)
         from ${addresses} a
        where a.id = ${sql.placeholder('addressId')}::uuid and a.user_id = ${sql.placeholder('userId')}::uuid) as address,
      (select json_build_object('firstName', u.first_name, 'lastName', u.last_name, 'email', u.email,
                'phone', u.phone)
         from ${users} u where u.id = ${sql.placeholder('userId')}::uuid) as contact,
      (select json_build_object('shippingCharge', s.shipping_charge, 'shippingThreshold', s.shipping_threshold)
         from ${shopSettings} s where s.id = 1) as shipping,
      (select coalesce(json_agg(json_build_object('id', p.id, 'name', p.name, 'images', p.images,
                'offerPrice', p.offer_price, 'vatBasisPoints', p.vat_basis_points, 'listed', p.listed,
                'stock', p.stock, 'ageRestricted', p.age_restricted, 'maxPerOrder', p.max_per_order,
                'category', p.category, 'nutrition', p.nutrition, 'fruitVegNuts', p.fruit_veg_nuts,
                'hfssCategory', p.hfss_category, 'deleted', p.deleted_at is not null)),
                '[]'::json)
         from ${products} p where p.id = any(${sql.placeholder('productIds')}::uuid[])) as products,
      (select count(*)::int from ${orders} o
        where o.user_id = ${sql.placeholder('userId')}::uuid
          and o.status = any(${sql.placeholder('openStatuses')}::text[])) as "openOrders",
      (select s.max_open_orders from ${shopSettings} s where s.id = 1) as "maxOpenOrders",
      (select s.max_per_product from ${shopSettings} s where s.id = 1) as "maxPerProduct",
      (select s.delivery_areas from ${shopSettings} s where s.id = 1) as "deliveryAreas",
      (select s.qualifying_business from ${shopSettings} s where s.id = 1) as "qualifyingBusiness",
      (select s.licensed_hours from ${shopSettings} s where s.id = 1) as "licensedHours",
      ${runningRulesJson(
        sql`${sql.placeholder('productIds')}::uuid[]`,
        sql`${sql.placeholder('now')}::timestamptz`,
      )} as promotions`,
);

/**
 * A placed order's units and slot place in one statement (see CheckoutRepository.takeUnitsAndBookSlot): the
 * catalogue's stock taking, then the delivery module's slot booking. It takes the rows in the order every change
 * of them does (OrderBookings): the counted products in id order, then the connection's catalogue version row,
 * then the slot row. Each later step reads the one before it, so the order is fixed by the data and not left to
 * the planner: the slot is booked only once no product was short and the version was bumped.
 */
const TAKE_UNITS_AND_BOOK_SLOT = preparedStatement<{
  id: string | null;
  name: string | null;
  stock: number | null;
  taken: boolean | null;
  booked: boolean;
}>(
  'take_units_and_book_slot',
  sql`
    with ${stockTakingSteps(sql.placeholder('ids'), sql.placeholder('quantities'))},
    booked as (${slotBooking(
      sql.placeholder('date'),
      sql.placeholder('time'),
      sql`not exists (select 1 from short) and (select count(*) from bumped) >= 0`,
    )})
    select l.id, l.name, l.stock, l.id in (select id from taken) as taken, slot.booked
    from (select exists (select 1 from booked) as booked) slot left join locked l on true`,
);

/** A UUID as written into a statement's text: hexadecimal digits and hyphens only. */
const UUID_TEXT = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/**
 * Locks the customer's row until the transaction ends, so that their checkouts are counted one at a time against
 * maxOpenOrders. `for no key update`: it does not stop the key-share locks of rows that reference the customer.
 * The first statement of its transaction (see CheckoutRepository.withCustomerLocked), its value in its text.
 */
function lockCustomerText(userId: string): string {
  if (!UUID_TEXT.test(userId)) throw new Error('A customer is locked by the UUID of their row');
  return `select u.id from users u where u.id = '${userId}'::uuid for no key update`;
}

/** A timestamp for a prepared statement: ISO text, or null for the column's default (now). */
function timestampValue(value: Date | SQL | undefined): string | null {
  return value instanceof Date ? value.toISOString() : null;
}

/**
 * An order and its lines in one statement (see OrdersRepository.insert); the lines come as one array per
 * column. A used idempotency key inserts nothing and answers no row. With `emptyCart`, the customer's cart is
 * emptied by the same statement when the order was inserted.
 */
function insertOrderStatement(name: string, emptyCart: boolean) {
  return preparedStatement<{ id: string }>(
    name,
    sql`
    with o as (
      insert into ${orders} (id, user_id, address, address_id, customer_name, customer_email, customer_phone,
        payment_type, goods, total_vat, shipping_charge, amount, delivery_date, delivery_time, status, is_paid,
        age_confirmed, idempotency_key, stripe_session_id, created_at, updated_at, savings, deals, standing_order_id)
      values (coalesce(${sql.placeholder('id')}::uuid, gen_random_uuid()), ${sql.placeholder('userId')}::uuid,
        ${sql.placeholder('address')}::jsonb, ${sql.placeholder('addressId')}::uuid,
        ${sql.placeholder('customerName')}::text, ${sql.placeholder('customerEmail')}::text,
        ${sql.placeholder('customerPhone')}::text, ${sql.placeholder('paymentType')}::text,
        ${sql.placeholder('goods')}::int, ${sql.placeholder('totalVat')}::int,
        ${sql.placeholder('shippingCharge')}::int, ${sql.placeholder('amount')}::int,
        ${sql.placeholder('deliveryDate')}::date, ${sql.placeholder('deliveryTime')}::text,
        ${sql.placeholder('status')}::text, ${sql.placeholder('isPaid')}::boolean,
        ${sql.placeholder('ageConfirmed')}::boolean, ${sql.placeholder('idempotencyKey')}::text, ${sql.placeholder('stripeSessionId')}::text,
        coalesce(${sql.placeholder('createdAt')}::timestamptz, now()),
        coalesce(${sql.placeholder('updatedAt')}::timestamptz, now()),
        ${sql.placeholder('savings')}::int, ${sql.placeholder('deals')}::jsonb,
        ${sql.placeholder('standingOrderId')}::uuid)
      on conflict (user_id, idempotency_key) do nothing
      returning id
    ),
    i as (
      insert into ${orderItems} (order_id, product_id, name, image, price, vat_basis_points, quantity, stock_taken,
        allow_substitutes, age_restricted, charged, saving, promotion_id)
      select o.id, v.product_id, v.name, v.image, v.price, v.vat, v.quantity, v.taken, v.substitutes, v.adults,
        v.charged, v.saving, v.promotion_id
      from o, unnest(${sql.placeholder('productIds')}::uuid[], ${sql.placeholder('names')}::text[],
        ${sql.placeholder('images')}::text[], ${sql.placeholder('prices')}::int[], ${sql.placeholder('vats')}::int[],
        ${sql.placeholder('quantities')}::int[], ${sql.placeholder('taken')}::boolean[],
        ${sql.placeholder('substitutes')}::boolean[], ${sql.placeholder('adults')}::boolean[],
        ${sql.placeholder('charged')}::int[], ${sql.placeholder('lineSavings')}::int[],
        ${sql.placeholder('promotions')}::uuid[])
        as v(product_id, name, image, price, vat, quantity, taken, substitutes, adults, charged, saving, promotion_id)
    )${
      emptyCart
        ? sql`,
    c as (delete from ${cartItems} where user_id = ${sql.placeholder('userId')}::uuid and exists (select 1 from o))`
        : sql``
    }
    select id from o`,
  );
}

const INSERT_ORDER = insertOrderStatement('insert_order', false);
const INSERT_ORDER_EMPTYING_CART = insertOrderStatement('insert_order_emptying_cart', true);

/**
 * Checkout's queries: the one read of everything an order is priced and checked from, and the insert of an order
 * with its lines (emptying the cart). The only order queries that read other modules' tables.
 */
@Injectable()
export class CheckoutRepository {
  constructor(@Inject(DB) private readonly db: Database) {}

  async findByIdempotencyKey(
    userId: string,
    key: string,
    tx: DbExecutor = this.db,
  ): Promise<Pick<OrderRow, 'id' | 'paymentType' | 'stripeSessionId'> | undefined> {
    const [row] = await tx
      .select({ id: orders.id, paymentType: orders.paymentType, stripeSessionId: orders.stripeSessionId })
      .from(orders)
      .where(and(eq(orders.userId, userId), eq(orders.idempotencyKey, key)))
      .limit(1);
    return row;
  }

  /**
   * Everything checkout reads, in one statement (one round trip inside the order's transaction): the customer's
   * address (only when it is theirs), their name and contact details, the shipping settings, the products by
   * id (deleted ones included), and how many open orders they hold against the seller's maxOpenOrders. Reads
   * only; the rows that change are locked later, when they change.
   */
  async context(
    userId: string,
    addressId: string | null,
    productIds: readonly string[],
    now: Date,
    tx: DbExecutor = this.db,
  ): Promise<CheckoutContext> {
    const rows = await CHECKOUT_CONTEXT(tx, {
      userId,
      addressId,
      productIds: [...productIds],
      now: now.toISOString(),
      openStatuses: [...OPEN_ORDER_STATUSES],
    });
    const [row] = rows;
    const contact = row.contact;
    return {
      address: row.address,
      contact: contact && {
        name: `${contact.firstName} ${contact.lastName}`.trim(),
        email: contact.email,
        phone: contact.phone,
      },
      shipping: row.shipping ?? DEFAULT_SHIPPING,
      products: row.products,
      openOrders: row.openOrders,
      maxOpenOrders: row.maxOpenOrders ?? DEFAULT_MAX_OPEN_ORDERS,
      maxPerProduct: row.maxPerProduct ?? DEFAULT_MAX_PER_PRODUCT,
      deliveryAreas: row.deliveryAreas ?? DEFAULT_DELIVERY_AREAS,
      licensedHours: row.licensedHours ?? DEFAULT_LICENSED_HOURS,
      // While the food promotion rules apply, multi-buys and free offers skip less healthy products.
      promotions: rulesUnderPromotionLaw(
        row.promotions,
        new Set(row.products.filter(productIsLessHealthy).map((p) => p.id)),
        row.qualifyingBusiness ?? false,
      ),
    };
  }

  /**
   * Runs `work` in a transaction whose first statement locks the customer's row; on a server that statement goes
   * with the BEGIN, in one round trip. `work` learns whether the account exists (`userId` must be a UUID). A
   * checkout that then counts their open orders sees every order a concurrent checkout of theirs committed (the
   * count is read by a later statement), and a second concurrent checkout waits here. Taken before any product or
   * slot row (see OrderBookings). An account deletion locks the row first too, so a deletion and a checkout run
   * one after the other.
   */
  withCustomerLocked<T>(userId: string, work: (tx: DbTransaction, found: boolean) => Promise<T>): Promise<T> {
    return transactionOpenedWith<T, { id: string }>(this.db, lockCustomerText(userId), (tx, rows) =>
      work(tx, rows.length > 0),
    );
  }

  /**
   * For a placed order, in one statement: takes its units from the counted stocks (from each only when every one
   * has enough; the catalogue version is bumped when any were taken) and then books a place in its slot (only
   * when no product was short, and while the slot is below the seller's capacity). Answers each counted line
   * with the stock it had before and whether it was taken (a line whose product does not count its stock is left
   * out), and whether the slot was booked.
   */
  async takeUnitsAndBookSlot(
    lines: readonly { productId: string; quantity: number }[],
    slot: { deliveryDate: string; deliveryTime: string },
    tx: DbExecutor,
  ): Promise<{ stock: { id: string; name: string; stock: number; taken: boolean }[]; booked: boolean }> {
    const rows = await TAKE_UNITS_AND_BOOK_SLOT(tx, {
      ids: lines.map((l) => l.productId),
      quantities: lines.map((l) => l.quantity),
      date: slot.deliveryDate,
      time: slot.deliveryTime,
    });
    const stock: { id: string; name: string; stock: number; taken: boolean }[] = [];
    for (const row of rows) {
      if (row.id !== null) stock.push({ id: row.id, name: row.name!, stock: row.stock!, taken: row.taken! });
    }
    return { stock, booked: rows[0].booked };
  }

  /**
   * Inserts an order and its lines in one statement. With an idempotency key already used by the same customer
   * nothing is written and undefined is returned (a concurrent duplicate waits for the first insert's
   * transaction and then lands here instead of failing with a unique violation). With `emptyCart`, the same
   * statement empties the customer's cart when the order was inserted.
   */
  async insert(
    order: NewOrder,
    lines: NewOrderLine[],
    tx: DbExecutor = this.db,
    { emptyCart = false }: { emptyCart?: boolean } = {},
  ): Promise<string | undefined> {
    const rows = await (emptyCart ? INSERT_ORDER_EMPTYING_CART : INSERT_ORDER)(tx, {
      id: order.id ?? null,
      userId: order.userId ?? null,
      address: order.address === undefined || order.address === null ? null : JSON.stringify(order.address),
      addressId: order.addressId ?? null,
      customerName: order.customerName ?? null,
      customerEmail: order.customerEmail ?? null,
      customerPhone: order.customerPhone ?? null,
      paymentType: order.paymentType,
      goods: order.goods,
      totalVat: order.totalVat,
      shippingCharge: order.shippingCharge,
      amount: order.amount,
      deliveryDate: order.deliveryDate,
      deliveryTime: order.deliveryTime,
      status: order.status ?? 'Pending',
      isPaid: order.isPaid ?? false,
      ageConfirmed: order.ageConfirmed ?? false,
      idempotencyKey: order.idempotencyKey ?? null,
      stripeSessionId: order.stripeSessionId ?? null,
      createdAt: timestampValue(order.createdAt),
      updatedAt: timestampValue(order.updatedAt),
      productIds: lines.map((l) => l.productId),
      names: lines.map((l) => l.name),
      images: lines.map((l) => l.image ?? null),
      prices: lines.map((l) => l.price),
      vats: lines.map((l) => l.vatBasisPoints),
      quantities: lines.map((l) => l.quantity),
      taken: lines.map((l) => l.stockTaken ?? false),
      substitutes: lines.map((l) => l.allowSubstitutes ?? true),
      adults: lines.map((l) => l.ageRestricted ?? false),
      charged: lines.map((l) => l.charged ?? null),
      lineSavings: lines.map((l) => l.saving ?? 0),
      promotions: lines.map((l) => l.promotionId ?? null),
      savings: order.savings ?? 0,
      deals: JSON.stringify(order.deals ?? []),
      standingOrderId: order.standingOrderId ?? null,
    });
    return rows[0]?.id;
  }
}
