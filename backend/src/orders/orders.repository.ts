import { Inject, Injectable } from '@nestjs/common';
import { and, asc, desc, eq, gt, gte, inArray, ne, or, SQL, sql } from 'drizzle-orm';
import { SHOP_TIME_ZONE, type OrderStatus, type ShippingSettings } from '@larder/shared-domain';
import type { Page, PageRequest } from '../common/pagination';
import { DB, Database, DbExecutor } from '../db/database.module';
import { newestFirstPage } from '../db/newest-first';
import { preparedStatement } from '../db/prepared';
import { addresses, cartItems, orderItems, orders, products, shopSettings, users } from '../db/schema';
import type { AddressSnapshot } from '../db/schema';
import type { CatalogProduct } from '../catalog/product-view';
import { DEFAULT_SHIPPING } from '../settings/settings.repository';

export type OrderRow = typeof orders.$inferSelect;
export type OrderItemRow = typeof orderItems.$inferSelect;
export type NewOrder = typeof orders.$inferInsert;
export type NewOrderLine = Omit<typeof orderItems.$inferInsert, 'id' | 'orderId'>;

/** What giving back an order's units and slot place needs to know about it. */
export type OrderBooking = Pick<OrderRow, 'id' | 'status' | 'deliveryDate' | 'deliveryTime'>;

const BOOKING = {
  id: orders.id,
  status: orders.status,
  deliveryDate: orders.deliveryDate,
  deliveryTime: orders.deliveryTime,
};

/** An order just cancelled or completed: its booking, and whether an unpaid Checkout Session is to be expired. */
export type ChangedOrder = OrderBooking & Pick<OrderRow, 'paymentType' | 'isPaid' | 'stripeSessionId'>;

const CHANGED = {
  ...BOOKING,
  paymentType: orders.paymentType,
  isPaid: orders.isPaid,
  stripeSessionId: orders.stripeSessionId,
};

/** The rows of a raw query, from either driver (node-postgres and PGlite both answer `{ rows }`). */
function rowsOf<T>(result: unknown): T[] {
  return (result as { rows: T[] }).rows;
}

/** What checkout reads in one statement: the customer's address and contact, the shipping settings, the products. */
export interface CheckoutContext {
  address: (AddressSnapshot & { id: string }) | null;
  contact: { name: string; email: string | null; phone: string | null } | null;
  shipping: ShippingSettings;
  products: CheckoutProduct[];
}

/** A product as checkout prices it (pence, VAT basis points). */
export type CheckoutProduct = Pick<
  CatalogProduct,
  'id' | 'name' | 'images' | 'offerPrice' | 'vatBasisPoints' | 'inStock' | 'stock'
> & { deleted: boolean };

export interface OrderWithItems extends OrderRow {
  items: OrderItemRow[];
}

/** Checkout's one read (see OrdersRepository.checkoutContext). */
const CHECKOUT_CONTEXT = preparedStatement<{
  address: (AddressSnapshot & { id: string }) | null;
  contact: { firstName: string; lastName: string; email: string | null; phone: string | null } | null;
  shipping: ShippingSettings | null;
  products: CheckoutProduct[];
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
                'offerPrice', p.offer_price, 'vatBasisPoints', p.vat_basis_points, 'inStock', p.in_stock,
                'stock', p.stock, 'deleted', p.deleted_at is not null)), '[]'::json)
         from ${products} p where p.id = any(${sql.placeholder('productIds')}::uuid[])) as products`,
);

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
        idempotency_key, stripe_session_id, created_at, updated_at)
      values (coalesce(${sql.placeholder('id')}::uuid, gen_random_uuid()), ${sql.placeholder('userId')}::uuid,
        ${sql.placeholder('address')}::jsonb, ${sql.placeholder('addressId')}::uuid,
        ${sql.placeholder('customerName')}::text, ${sql.placeholder('customerEmail')}::text,
        ${sql.placeholder('customerPhone')}::text, ${sql.placeholder('paymentType')}::text,
        ${sql.placeholder('goods')}::int, ${sql.placeholder('totalVat')}::int,
        ${sql.placeholder('shippingCharge')}::int, ${sql.placeholder('amount')}::int,
        ${sql.placeholder('deliveryDate')}::date, ${sql.placeholder('deliveryTime')}::text,
        ${sql.placeholder('status')}::text, ${sql.placeholder('isPaid')}::boolean,
        ${sql.placeholder('idempotencyKey')}::text, ${sql.placeholder('stripeSessionId')}::text,
        coalesce(${sql.placeholder('createdAt')}::timestamptz, now()),
        coalesce(${sql.placeholder('updatedAt')}::timestamptz, now()))
      on conflict (user_id, idempotency_key) do nothing
      returning id
    ),
    i as (
      insert into ${orderItems} (order_id, product_id, name, image, price, vat_basis_points, quantity, stock_taken)
      select o.id, v.product_id, v.name, v.image, v.price, v.vat, v.quantity, v.taken
      from o, unnest(${sql.placeholder('productIds')}::uuid[], ${sql.placeholder('names')}::text[],
        ${sql.placeholder('images')}::text[], ${sql.placeholder('prices')}::int[], ${sql.placeholder('vats')}::int[],
        ${sql.placeholder('quantities')}::int[], ${sql.placeholder('taken')}::boolean[])
        as v(product_id, name, image, price, vat, quantity, taken)
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

/** The one place the orders and order_items tables are queried. */
@Injectable()
export class OrdersRepository {
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
   * address (only when it is theirs), their name and contact details, the shipping settings and the products by
   * id (deleted ones included). Reads only; the rows that change are locked later, when they change.
   */
  async checkoutContext(
    userId: string,
    addressId: string,
    productIds: readonly string[],
    tx: DbExecutor = this.db,
  ): Promise<CheckoutContext> {
    const rows = await CHECKOUT_CONTEXT(tx, { userId, addressId, productIds: [...productIds] });
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
    };
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
    });
    return rows[0]?.id;
  }

  /** Marks the lines of these products as not having taken units (their stock was no longer counted). */
  async markStockNotTaken(orderId: string, productIds: readonly string[], tx: DbExecutor): Promise<void> {
    if (!productIds.length) return;
    await tx
      .update(orderItems)
      .set({ stockTaken: false })
      .where(and(eq(orderItems.orderId, orderId), inArray(orderItems.productId, [...productIds])));
  }

  async listForUser(userId: string): Promise<OrderWithItems[]> {
    const rows = await this.db
      .select()
      .from(orders)
      .where(eq(orders.userId, userId))
      .orderBy(desc(orders.createdAt), desc(orders.id));
    const ownOrders = this.db.select({ id: orders.id }).from(orders).where(eq(orders.userId, userId));
    return this.withItems(rows, inArray(orderItems.orderId, ownOrders));
  }

  /** One page of every order, newest first, with their lines, and how many orders there are in all. */
  async listAll(page: PageRequest): Promise<Page<OrderWithItems>> {
    const { rows, total } = await newestFirstPage(this.db, orders, page);
    const withItems = await this.withItems(
      rows,
      inArray(
        orderItems.orderId,
        rows.map((row) => row.id),
      ),
    );
    return { rows: withItems, total };
  }

  /**
   * Orders and revenue (pence) per London calendar date from `firstDate` to `lastDate` (YYYY-MM-DD), one row per
   * date, oldest first, dates without orders as zeros; cancelled orders left out. `from`/`to` are the instants at
   * which those London dates start and end, so the orders_created_idx index bounds the scan.
   */
  async dailySales(
    firstDate: string,
    lastDate: string,
    from: Date,
    to: Date,
    tx: DbExecutor = this.db,
  ): Promise<{ date: string; orders: number; revenue: number }[]> {
    const result = await tx.execute(sql`
      with placed as (
        select (${orders.createdAt} at time zone ${SHOP_TIME_ZONE})::date as day, ${orders.amount} as amount
        from ${orders}
        where ${orders.status} <> 'Cancelled'
          and ${orders.createdAt} >= ${from.toISOString()}::timestamptz
          and ${orders.createdAt} < ${to.toISOString()}::timestamptz
      )
      select to_char(d.day, 'YYYY-MM-DD') as date,
             count(placed.day)::int as orders,
             coalesce(sum(placed.amount), 0)::int as revenue
      from generate_series(${firstDate}::date, ${lastDate}::date, interval '1 day') as d(day)
      left join placed on placed.day = d.day::date
      group by d.day
      order by d.day`);
    return rowsOf<{ date: string; orders: number; revenue: number }>(result);
  }

  /** How many orders have the given status. */
  async countWithStatus(status: OrderStatus, tx: DbExecutor = this.db): Promise<number> {
    const [row] = await tx
      .select({ n: sql<number>`count(*)::int` })
      .from(orders)
      .where(eq(orders.status, status));
    return row?.n ?? 0;
  }

  /**
   * The products with the most units on orders placed since `since` (cancelled ones left out), most first,
   * ties by name; each named as on its most recent order.
   */
  async topProducts(
    since: Date,
    limit: number,
    tx: DbExecutor = this.db,
  ): Promise<{ productId: string; name: string; quantity: number }[]> {
    const latestName = sql<string>`(array_agg(${orderItems.name} order by ${orders.createdAt} desc))[1]`;
    return tx
      .select({
        productId: orderItems.productId,
        name: latestName,
        quantity: sql<number>`sum(${orderItems.quantity})::int`,
      })
      .from(orderItems)
      .innerJoin(orders, eq(orders.id, orderItems.orderId))
      .where(and(ne(orders.status, 'Cancelled'), gte(orders.createdAt, since)))
      .groupBy(orderItems.productId)
      .orderBy(sql`sum(${orderItems.quantity}) desc`, latestName, asc(orderItems.productId))
      .limit(limit);
  }

  async findOwned(id: string, userId: string): Promise<Pick<OrderRow, 'status' | 'createdAt'> | undefined> {
    const [row] = await this.db
      .select({ status: orders.status, createdAt: orders.createdAt })
      .from(orders)
      .where(and(eq(orders.id, id), eq(orders.userId, userId)))
      .limit(1);
    return row;
  }

  /**
   * Cancels the customer's order in one conditional statement: only when it is theirs, still Pending and
   * created after `windowStart`. A status change racing this one is never overwritten. Answers the order when cancelled.
   */
  async cancelWithinWindow(
    id: string,
    userId: string,
    windowStart: Date,
    now: Date,
    tx: DbExecutor = this.db,
  ): Promise<ChangedOrder | undefined> {
    const [row] = await tx
      .update(orders)
      .set({ status: 'Cancelled', updatedAt: now })
      .where(
        and(
          eq(orders.id, id),
          eq(orders.userId, userId),
          eq(orders.status, 'Pending'),
          gt(orders.createdAt, windowStart),
        ),
      )
      .returning(CHANGED);
    return row;
  }

  /**
   * Moves a Pending order to Completed or Cancelled in one conditional statement, so two racing changes never
   * both win: Completed needs a COD order (which it marks paid) or a card order already paid. Answers the order
   * when it changed; undefined when the order is missing or the change is not allowed.
   */
  async changeStatus(
    id: string,
    status: Exclude<OrderStatus, 'Pending'>,
    now: Date,
    tx: DbExecutor = this.db,
  ): Promise<ChangedOrder | undefined> {
    const [row] = await tx
      .update(orders)
      .set(
        status === 'Completed'
          ? { status, isPaid: sql`${orders.isPaid} or ${orders.paymentType} = 'COD'`, updatedAt: now }
          : { status, updatedAt: now },
      )
      .where(
        and(
          eq(orders.id, id),
          eq(orders.status, 'Pending'),
          status === 'Completed' ? or(eq(orders.paymentType, 'COD'), eq(orders.isPaid, true)) : undefined,
        ),
      )
      .returning(CHANGED);
    return row;
  }

  /** What decides whether the seller may change an order's status. */
  async findStatus(
    id: string,
    tx: DbExecutor = this.db,
  ): Promise<Pick<OrderRow, 'status' | 'paymentType' | 'isPaid'> | undefined> {
    const [row] = await tx
      .select({ status: orders.status, paymentType: orders.paymentType, isPaid: orders.isPaid })
      .from(orders)
      .where(eq(orders.id, id))
      .limit(1);
    return row;
  }

  /** Clears the stock_taken mark of an order's lines; answers the lines whose units are to be given back. */
  releaseTakenLines(orderId: string, tx: DbExecutor): Promise<{ productId: string; quantity: number }[]> {
    return tx
      .update(orderItems)
      .set({ stockTaken: false })
      .where(and(eq(orderItems.orderId, orderId), eq(orderItems.stockTaken, true)))
      .returning({ productId: orderItems.productId, quantity: orderItems.quantity });
  }

  /** One order with its lines, or undefined. */
  async findWithItems(id: string, tx: DbExecutor = this.db): Promise<OrderWithItems | undefined> {
    const [row] = await tx.select().from(orders).where(eq(orders.id, id)).limit(1);
    if (!row) return undefined;
    const items = await tx
      .select()
      .from(orderItems)
      .where(eq(orderItems.orderId, id))
      .orderBy(asc(orderItems.name), asc(orderItems.id));
    return { ...row, items };
  }

  /**
   * Marks the unpaid order of a Checkout Session paid; returns it, or undefined when there is no such order or it
   * is paid already (a repeated event).
   */
  async markPaidBySession(
    sessionId: string,
    now: Date,
    tx: DbExecutor = this.db,
  ): Promise<Pick<OrderRow, 'id' | 'userId' | 'status'> | undefined> {
    const [row] = await tx
      .update(orders)
      .set({ isPaid: true, updatedAt: now })
      .where(and(eq(orders.stripeSessionId, sessionId), eq(orders.isPaid, false)))
      .returning({ id: orders.id, userId: orders.userId, status: orders.status });
    return row;
  }

  /** Whether an order was started with this Checkout Session. */
  async hasSession(sessionId: string, tx: DbExecutor = this.db): Promise<boolean> {
    const [row] = await tx
      .select({ id: orders.id })
      .from(orders)
      .where(eq(orders.stripeSessionId, sessionId))
      .limit(1);
    return row !== undefined;
  }

  /** Cancels the still-unpaid Pending order of an expired Checkout Session; answers it when one was cancelled. */
  async cancelUnpaidBySession(
    sessionId: string,
    now: Date,
    tx: DbExecutor = this.db,
  ): Promise<OrderBooking | undefined> {
    const [row] = await tx
      .update(orders)
      .set({ status: 'Cancelled', updatedAt: now })
      .where(
        and(eq(orders.stripeSessionId, sessionId), eq(orders.status, 'Pending'), eq(orders.isPaid, false)),
      )
      .returning(BOOKING);
    return row;
  }

  /**
   * For a customer deleting their account: cancels their Pending orders and removes the personal data
   * copied onto every order (address, name, e-mail, phone). The orders themselves stay for the seller.
   * Answers the orders it cancelled.
   */
  async forgetCustomer(userId: string, tx: DbExecutor = this.db): Promise<OrderBooking[]> {
    const cancelled = await tx
      .update(orders)
      .set({ status: 'Cancelled', updatedAt: sql`now()` })
      .where(and(eq(orders.userId, userId), eq(orders.status, 'Pending')))
      .returning(BOOKING);
    await tx
      .update(orders)
      .set({
        address: sql`null`,
        addressId: null,
        customerName: null,
        customerEmail: null,
        customerPhone: null,
        idempotencyKey: null,
        updatedAt: sql`now()`,
      })
      .where(eq(orders.userId, userId));
    return cancelled;
  }

  /** Attaches the lines selected by `filter` (all lines when absent) to their orders. */
  private async withItems(rows: OrderRow[], filter?: SQL): Promise<OrderWithItems[]> {
    if (!rows.length) return [];
    const items = await this.db
      .select()
      .from(orderItems)
      .where(filter)
      .orderBy(asc(orderItems.name), asc(orderItems.id));
    const byOrder = new Map<string, OrderItemRow[]>();
    for (const item of items) {
      const list = byOrder.get(item.orderId);
      if (list) list.push(item);
      else byOrder.set(item.orderId, [item]);
    }
    return rows.map((row) => ({ ...row, items: byOrder.get(row.id) ?? [] }));
  }
}
