import { randomUUID } from 'node:crypto';
import { Inject, Injectable } from '@nestjs/common';
import {
  ERROR_CODES,
  ageConfirmationMissing,
  canChangeOrder,
  deliversTo,
  exceedsPerOrderLimit,
  orderLimitOf,
  MAX_QUANTITY,
  MESSAGES,
  notDeliveredMessage,
  notEnoughStockMessage,
  OrderTotals,
  outOfStockMessage,
  PaymentType,
  penceToPounds,
  perOrderLimitMessage,
  poundsToPence,
  priceBasket,
  selectableDeliveryDate,
  tooManyOpenOrdersMessage,
  unitPriceWithVat,
} from '@larder/shared-domain';
import { APP_CONFIG, AppConfig } from '../config/app-config';
import { DB, Database, DbExecutor, DbTransaction } from '../db/database.module';
import type { AddressSnapshot, OrderDeal } from '../db/schema';
import { CatalogService } from '../catalog/catalog.service';
import {
  ConflictError,
  InvalidError,
  NotFoundError,
  NotImplementedError,
  PG_UNIQUE_VIOLATION,
  pgErrorCode,
  UnauthorizedError,
} from '../common/errors';
import { isUuid } from '../common/uuid-param';
import { Clock } from '../common/clock';
import { DeliveryService } from '../delivery/delivery.service';
import type { ChangeOrderDto, PlaceOrderDto } from './dto/place-order.dto';
import { CheckoutRepository } from './checkout.repository';
import { OrderBookings } from './order-bookings';
import { OrderEmails } from './order-emails';
import { dealRules } from './order-deals';
import { NewOrder, NewOrderLine, OrdersRepository, OrderWithItems } from './orders.repository';
import { StripeGateway } from './stripe-gateway';

const IDEMPOTENCY_KEY = /^[\x21-\x7e]{1,200}$/;

/** Thrown inside a checkout transaction to roll it back when the idempotency key was used meanwhile. */
class AlreadyPlaced extends Error {}

/** What placing or changing an order posts; a change states no totals (the server's are the new ones). */
interface CheckoutInput {
  items: { product: string; quantity: number; allowSubstitutes?: boolean }[];
  /** The customer's word that they are 18 or over, needed when a line is age-restricted. */
  ageConfirmed?: boolean;
  /** A saved address of the customer's; a change without one keeps the order's. */
  address?: string;
  deliverySlot: { date: string; time: string };
  amount?: number;
  shippingCharge?: number;
  totalVat?: number;
}

/** How prepare() checks: a new order (counted against maxOpenOrders) or a change of one. */
interface PrepareOptions {
  /** Placing a new order: refused while the customer holds maxOpenOrders open orders. */
  placing?: boolean;
  /** A change: units the order holds already of each product, counted as available to it. */
  held?: ReadonlyMap<string, number>;
  /** A change: the quantity the order had of each product, which it may keep above a lower maxPerOrder. */
  previous?: ReadonlyMap<string, number>;
  /** A change: the customer confirmed on this order before that they are 18 or over. */
  ageConfirmed?: boolean;
  /** A change: the deals the order was priced with, which it keeps when they have ended since. */
  deals?: readonly OrderDeal[];
}

interface PreparedOrder {
  /** Null only for a change that keeps the order's address. */
  address: (AddressSnapshot & { id: string }) | null;
  contact: { name: string; email: string | null; phone: string | null };
  lines: NewOrderLine[];
  totals: OrderTotals;
  /** What the promotions took off, pence with VAT, and each promotion that applied. */
  savings: number;
  deals: OrderDeal[];
  deliveryDate: string;
  deliveryTime: string;
  /** The customer confirmed with this request that they are 18 or over. */
  ageConfirmed: boolean;
}

/**
 * Checkout: placing an order (cash on delivery or Stripe Checkout). The order's lines and totals are recomputed on
 * the server; the order is stored, the cart emptied, the slot booked and the stock taken in one transaction.
 */
@Injectable()
export class CheckoutService {
  constructor(
    @Inject(DB) private readonly db: Database,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    private readonly repository: CheckoutRepository,
    private readonly orders: OrdersRepository,
    private readonly bookings: OrderBookings,
    private readonly catalog: CatalogService,
    private readonly delivery: DeliveryService,
    private readonly clock: Clock,
    private readonly stripe: StripeGateway,
    private readonly emails: OrderEmails,
  ) {}

  /**
   * Places a cash-on-delivery order and empties the cart, in one transaction. With an idempotency key that the
   * customer already used, answers the first order's id and places nothing.
   */
  async placeCodOrder(userId: string, input: PlaceOrderDto, idempotencyKey?: string): Promise<string> {
    const key = this.checkIdempotencyKey(idempotencyKey);
    const now = this.clock.now();
    try {
      // The customer's row first: their open orders are then counted one checkout at a time.
      return await this.inTransactionHoldingCustomer(userId, async (tx) => {
        const prepared = await this.prepare(userId, input, now, tx, { placing: true });
        // A key used before makes the insert do nothing (after waiting for a concurrent first use to commit).
        // The same statement empties the cart.
        const id = await this.repository.insert(
          this.orderRow(userId, prepared, 'COD', now, key),
          prepared.lines,
          tx,
          { emptyCart: true },
        );
        if (!id) throw new AlreadyPlaced();
        await this.emails.orderPlaced(id, tx);
        // Last, so the rows every order shares (slot, stock, catalogue version) stay locked the shortest time.
        await this.bookings.takeUnitsAndSlot(prepared.lines, prepared, tx, id);
        return id;
      });
    } catch (err) {
      if (err instanceof AlreadyPlaced) return this.existingOrderId(userId, key);
      // A replayed key answers the first order even when checking the replay failed (a later delivery date,
      // changed prices, emptied stock): only then is the key looked up.
      const existing = key ? await this.repository.findByIdempotencyKey(userId, key) : undefined;
      if (existing) return existing.id;
      throw err;
    }
  }

  /**
   * Places the order of a regular delivery (standing order `standingOrderId`) as placeCodOrder does, with every
   * rule of a checkout, leaving the cart alone: a cash-on-delivery order for the shop's delivery date, marked as
   * the plan's, with `notes` in its confirmation e-mail. Placed once per plan and date whatever runs it (a key of
   * the plan and date, and a unique index): answers undefined when that order exists already. `stored` runs in
   * the order's transaction once it is stored (the plan moves on with it).
   */
  async placeStandingOrder(
    userId: string,
    input: CheckoutInput & { address: string },
    standingOrderId: string,
    notes: readonly string[] = [],
    stored?: (tx: DbTransaction) => Promise<void>,
  ): Promise<string | undefined> {
    const key = `standing-order:${standingOrderId}:${input.deliverySlot.date}`;
    const now = this.clock.now();
    try {
      return await this.inTransactionHoldingCustomer(userId, async (tx) => {
        const prepared = await this.prepare(userId, input, now, tx, { placing: true });
        const id = await this.repository.insert(
          this.orderRow(userId, prepared, 'COD', now, key),
          prepared.lines,
          tx,
        );
        if (!id) throw new AlreadyPlaced();
        await this.orders.update(id, { standingOrderId }, tx);
        await this.emails.orderPlaced(id, tx, notes);
        await this.bookings.takeUnitsAndSlot(prepared.lines, prepared, tx, id);
        await stored?.(tx);
        return id;
      });
    } catch (err) {
      if (err instanceof AlreadyPlaced || pgErrorCode(err) === PG_UNIQUE_VIOLATION) return undefined;
      throw err;
    }
  }

  /**
   * Starts a card payment: validates like COD, creates a Stripe Checkout Session and stores the order as unpaid.
   * The cart is emptied once Stripe reports the payment (a customer who backs out still has it).
   */
  async placeStripeOrder(
    userId: string,
    input: PlaceOrderDto,
    idempotencyKey?: string,
  ): Promise<{ orderId: string; url: string }> {
    if (!this.stripe.enabled)
      throw new NotImplementedError(MESSAGES.cardPaymentsUnavailable, {
        code: ERROR_CODES.CARD_PAYMENTS_UNAVAILABLE,
      });
    const key = this.checkIdempotencyKey(idempotencyKey);
    if (key) {
      const existing = await this.repository.findByIdempotencyKey(userId, key);
      if (existing) return this.existingCheckout(existing);
    }
    const now = this.clock.now();
    // Checked without locks first, so that no Stripe session is created for an order that would be refused.
    const prepared = await this.db.transaction((tx) =>
      this.prepare(userId, input, now, tx, { placing: true }),
    );
    const orderId = randomUUID();
    // Return links come from PUBLIC_URL only, never from the request's Origin or Host.
    const base = this.config.publicUrl;
    const session = await this.stripe.createCheckoutSession({
      orderId,
      customerEmail: prepared.contact.email ?? undefined,
      lines: [
        // Shoppers are shown prices with VAT, and these lines add up to the amount without a VAT line.
        // A line in a deal is sent as one item at what it costs (its units' prices differ within the deal).
        ...prepared.lines.map((line) =>
          line.saving
            ? { name: `${line.quantity} x ${line.name}`, unitAmount: line.charged!, quantity: 1 }
            : {
                name: line.name,
                unitAmount: unitPriceWithVat(line.price, line.vatBasisPoints),
                quantity: line.quantity,
              },
        ),
        { name: 'Delivery', unitAmount: prepared.totals.shipping, quantity: 1 },
      ],
      successUrl: `${base}/loader?next=my-orders`,
      cancelUrl: `${base}/cart`,
    });
    const row = {
      ...this.orderRow(userId, prepared, 'Online', now, key),
      id: orderId,
      stripeSessionId: session.id,
    };
    // Prices, availability, stock and the customer's open orders may have changed while the session was
    // created: read them again with the customer's and the product rows locked, and refuse as COD would when
    // the order is no longer the same. The customer's row, then the products, then the slot, as COD takes them.
    const stored = await this.inTransactionHoldingCustomer(userId, async (tx) => {
      await this.catalog.lockProducts(
        prepared.lines.map((line) => line.productId),
        tx,
      );
      const current = await this.prepare(userId, input, now, tx, { placing: true });
      if (!sameLines(current.lines, prepared.lines)) throw totalsChanged(current.totals);
      await this.bookings.takeUnits(current.lines, tx);
      await this.delivery.bookSlot(prepared.deliveryDate, prepared.deliveryTime, tx);
      if (!(await this.repository.insert(row, current.lines, tx))) throw new AlreadyPlaced();
      return true;
    }).catch(async (err: unknown) => {
      // No order holds this session: it must never be paid.
      await this.stripe.expireSessionQuietly(session.id, `order ${orderId}, which was not stored`);
      if (err instanceof AlreadyPlaced) return false;
      throw err;
    });
    if (!stored && key) {
      const existing = await this.repository.findByIdempotencyKey(userId, key);
      if (existing) return this.existingCheckout(existing);
    }
    if (!stored) throw new ConflictError(MESSAGES.orderInProgress, { code: ERROR_CODES.ORDER_IN_PROGRESS });
    return { orderId, url: session.url };
  }

  /**
   * The customer changes their order: new lines (and slot or address when given), re-priced as of now, while it
   * is Pending, not yet being picked and before 15:00 London on the day before delivery (409 otherwise; 404 when
   * it is not theirs). Only the difference in stock moves, and a new slot is booked as the old one is freed, in
   * one transaction that locks as every change does: the order's row, the products in id order, the slots.
   * A change sent again with the same Idempotency-Key (a retry after a lost answer) changes nothing and sends no
   * second e-mail: it is answered with the order as it stands, even after the cut-off.
   */
  async changeOrder(
    userId: string,
    orderId: string,
    input: ChangeOrderDto,
    idempotencyKey?: string,
  ): Promise<OrderWithItems> {
    const key = this.checkIdempotencyKey(idempotencyKey);
    const now = this.clock.now();
    return this.db.transaction(async (tx) => {
      const order = await this.orders.lockOwned(orderId, userId, tx);
      if (!order) throw new NotFoundError(MESSAGES.orderNotFound);
      if (key && !(await this.repository.claimChangeKey(orderId, key, tx))) {
        const current = await this.orders.findWithItems(orderId, tx);
        if (!current) throw new NotFoundError(MESSAGES.orderNotFound);
        return current;
      }
      // Card orders were paid (or are being paid) for their amount: they are not re-priced (canChangeOrder).
      if (!canChangeOrder(order, now))
        throw new ConflictError(MESSAGES.orderNotChangeable, { code: ERROR_CODES.ORDER_NOT_CHANGEABLE });

      const before = await this.orders.lines(orderId, tx);
      const held = new Map<string, number>();
      const previous = new Map<string, number>();
      for (const line of before) {
        if (line.stockTaken) held.set(line.productId, line.quantity);
        previous.set(line.productId, (previous.get(line.productId) ?? 0) + line.quantity);
      }
      const slot = input.deliverySlot ?? { date: order.deliveryDate, time: order.deliveryTime };
      const wanted = input.items.map((item) => String(item.product).toLowerCase()).filter(isUuid);
      await this.catalog.lockProducts([...before.map((line) => line.productId), ...wanted], tx);
      const prepared = await this.prepare(userId, { ...input, deliverySlot: slot }, now, tx, {
        held,
        previous,
        ageConfirmed: order.ageConfirmed,
        deals: order.deals,
      });

      await this.bookings.moveUnits(held, prepared.lines, tx);
      await this.orders.replaceLines(orderId, prepared.lines, tx);
      const address = prepared.address;
      await this.orders.update(
        orderId,
        {
          goods: prepared.totals.goods,
          totalVat: prepared.totals.vat,
          shippingCharge: prepared.totals.shipping,
          amount: prepared.totals.amount,
          savings: prepared.savings,
          deals: prepared.deals,
          deliveryDate: prepared.deliveryDate,
          deliveryTime: prepared.deliveryTime,
          ...(input.ageConfirmed === true && { ageConfirmed: true }),
          ...(address && {
            addressId: address.id,
            address: {
              street: address.street,
              city: address.city,
              state: address.state,
              postalCode: address.postalCode,
              country: address.country,
            },
          }),
          updatedAt: now,
        },
        tx,
      );
      await this.bookings.moveSlot(order, prepared, tx);
      await this.emails.orderChanged(orderId, tx);
      const changed = await this.orders.findWithItems(orderId, tx);
      if (!changed) throw new NotFoundError(MESSAGES.orderNotFound);
      return changed;
    });
  }

  /**
   * The checkout's context: every check of placing an order, and its lines and totals recomputed from the
   * catalogue and settings. One statement reads the customer's address (only when theirs) and contact, the
   * shipping settings, the products and the customer's open orders; nothing is locked here — the rows that
   * change are locked when they change, in OrderBookings' order (products, then the slot), and a placement has
   * locked the customer's row before (inTransactionHoldingCustomer), so that the open orders it counts are all
   * committed ones.
   */
  private async prepare(
    userId: string,
    input: CheckoutInput,
    now: Date,
    tx: DbExecutor,
    {
      placing = false,
      held = new Map(),
      previous = new Map(),
      ageConfirmed = false,
      deals: placedDeals = [],
    }: PrepareOptions = {},
  ): Promise<PreparedOrder> {
    // One round trip reads the address, the contact details, the shipping settings and the products.
    const productIds = Array.isArray(input.items)
      ? [...new Set(input.items.map((item) => String(item.product).toLowerCase()).filter(isUuid))]
      : [];
    const addressId = input.address === undefined ? null : input.address;
    if (addressId !== null && !isUuid(addressId))
      throw new InvalidError(MESSAGES.addressNotFound, { code: ERROR_CODES.ADDRESS_NOT_FOUND });
    const context = isUuid(userId)
      ? await this.repository.context(userId, addressId, productIds, now, tx)
      : undefined;
    const address = context?.address ?? null;
    if (!context || (addressId !== null && !address))
      throw new InvalidError(MESSAGES.addressNotFound, { code: ERROR_CODES.ADDRESS_NOT_FOUND });
    if (address && !deliversTo(address.postalCode, address.city, context.deliveryAreas)) {
      throw new InvalidError(notDeliveredMessage(address.postalCode), {
        code: ERROR_CODES.NOT_DELIVERED_HERE,
      });
    }
    // One customer may not hold more than the seller's maxOpenOrders orders waiting for delivery at once.
    if (placing && context.openOrders >= context.maxOpenOrders) {
      throw new ConflictError(tooManyOpenOrdersMessage(context.maxOpenOrders), {
        code: ERROR_CODES.TOO_MANY_OPEN_ORDERS,
      });
    }

    // A malformed slot is bad input (400, refused by the DTO); a well-formed date that is no longer
    // selectable is a conflict with the clock (409, with the date to choose instead).
    const deliveryDate = selectableDeliveryDate(now);
    if (input.deliverySlot.date !== deliveryDate) {
      throw new ConflictError(MESSAGES.deliveryDateUnavailable, {
        code: ERROR_CODES.DELIVERY_DATE_UNAVAILABLE,
        deliveryDate,
      });
    }

    const merged = mergeLines(input.items);
    const byId = new Map(context.products.map((p) => [p.id, p]));
    const lines: NewOrderLine[] = [];
    for (const [productId, { quantity, allowSubstitutes }] of merged) {
      const product = byId.get(productId);
      if (!product) throw new ConflictError(MESSAGES.itemUnavailable, { code: ERROR_CODES.ITEM_UNAVAILABLE });
      if (product.deleted || !product.listed)
        throw new ConflictError(outOfStockMessage(product.name), { code: ERROR_CODES.OUT_OF_STOCK });
      // The seller's limit per order; a change may keep what the order already had of it, never more.
      const limit = orderLimitOf(product.maxPerOrder, context.maxPerProduct);
      if (exceedsPerOrderLimit(quantity, limit) && quantity > (previous.get(productId) ?? 0)) {
        throw new ConflictError(perOrderLimitMessage(product.name, limit!), {
          code: ERROR_CODES.PER_ORDER_LIMIT,
        });
      }
      // Units this order holds already count as available to it.
      const available = product.stock === null ? null : product.stock + (held.get(productId) ?? 0);
      if (available !== null && available < quantity) {
        throw new ConflictError(notEnoughStockMessage(product.name, available), {
          code: ERROR_CODES.OUT_OF_STOCK,
        });
      }
      lines.push({
        productId,
        name: product.name,
        image: product.images[0] ?? null,
        price: product.offerPrice,
        vatBasisPoints: product.vatBasisPoints,
        quantity,
        allowSubstitutes,
        ageRestricted: product.ageRestricted,
        // Taken from a counted stock when the order is stored (checked again then).
        stockTaken: product.stock !== null,
      });
    }

    if (ageConfirmationMissing(lines, ageConfirmed, input.ageConfirmed)) {
      throw new InvalidError(MESSAGES.ageConfirmationRequired, {
        code: ERROR_CODES.AGE_CONFIRMATION_REQUIRED,
      });
    }

    // The promotions running now (read with the context), as the product answers showed them; each line keeps its
    // charged price.
    const running = context.promotions;
    const kept = dealRules(placedDeals)
      .map((rule, i) => ({ ...rule, label: placedDeals[i].label }))
      .filter((rule) => !running.some((r) => r.id === rule.id));
    const rules = [...running, ...kept];
    const priced = priceBasket(
      lines.map((l) => ({
        product: l.productId,
        offerPrice: l.price,
        quantity: l.quantity,
        vatBasisPoints: l.vatBasisPoints,
      })),
      context.shipping,
      rules,
    );
    priced.lines.forEach((p, i) => {
      lines[i].charged = p.charged;
      lines[i].saving = p.saving;
      lines[i].promotionId = p.promotion;
    });
    const totals: OrderTotals = {
      goods: priced.goods,
      vat: priced.vat,
      shipping: priced.shipping,
      amount: priced.amount,
    };
    const deals: OrderDeal[] = priced.deals.map((deal) => {
      const rule = rules.find((r) => r.id === deal.promotion)!;
      return {
        ...deal,
        kind: rule.kind,
        label: rule.label,
        products: [...rule.products],
        quantity: rule.quantity,
        price: rule.price,
        free: rule.free,
      };
    });
    if (
      input.amount !== undefined &&
      (poundsToPence(input.amount) !== totals.amount ||
        poundsToPence(input.shippingCharge ?? NaN) !== totals.shipping ||
        poundsToPence(input.totalVat ?? NaN) !== totals.vat)
    ) {
      throw totalsChanged(totals);
    }

    const contact = context.contact;
    if (!contact) throw new UnauthorizedError(MESSAGES.notAuthorized);
    return {
      address,
      contact,
      lines,
      totals,
      savings: priced.savings,
      deals,
      deliveryDate,
      deliveryTime: input.deliverySlot.time,
      ageConfirmed: input.ageConfirmed === true,
    };
  }

  private orderRow(
    userId: string,
    prepared: PreparedOrder,
    paymentType: PaymentType,
    now: Date,
    idempotencyKey: string | undefined,
  ): NewOrder {
    // Placing always names an address (checked by prepare).
    const { id: addressId, street, city, state, postalCode, country } = prepared.address!;
    return {
      userId,
      address: { street, city, state, postalCode, country },
      addressId,
      customerName: prepared.contact.name,
      customerEmail: prepared.contact.email,
      customerPhone: prepared.contact.phone,
      paymentType,
      goods: prepared.totals.goods,
      totalVat: prepared.totals.vat,
      shippingCharge: prepared.totals.shipping,
      amount: prepared.totals.amount,
      savings: prepared.savings,
      deals: prepared.deals,
      deliveryDate: prepared.deliveryDate,
      deliveryTime: prepared.deliveryTime,
      status: 'Pending',
      isPaid: false,
      ageConfirmed: prepared.ageConfirmed,
      idempotencyKey: idempotencyKey ?? null,
      createdAt: now,
      updatedAt: now,
    };
  }

  /**
   * Every transaction that stores an order: it first holds the customer's row until it commits (401 when the
   * account is gone). Checkouts of one customer then count their open orders one after the other, and an account
   * deletion racing a checkout either waits and then cancels the stored order, or came first (401).
   */
  private inTransactionHoldingCustomer<T>(
    userId: string,
    work: (tx: DbTransaction) => Promise<T>,
  ): Promise<T> {
    if (!isUuid(userId)) return Promise.reject(new UnauthorizedError(MESSAGES.notAuthorized));
    return this.repository.withCustomerLocked(userId, (tx, found) => {
      if (!found) throw new UnauthorizedError(MESSAGES.notAuthorized);
      return work(tx);
    });
  }

  private checkIdempotencyKey(value: string | undefined): string | undefined {
    if (value === undefined) return undefined;
    if (!IDEMPOTENCY_KEY.test(value))
      throw new InvalidError(MESSAGES.invalidIdempotencyKey, { code: ERROR_CODES.IDEMPOTENCY_KEY_INVALID });
    return value;
  }

  /** The order a concurrent request with the same idempotency key stored first. */
  private async existingOrderId(userId: string, key: string | undefined): Promise<string> {
    const existing = key ? await this.repository.findByIdempotencyKey(userId, key) : undefined;
    if (!existing) throw new ConflictError(MESSAGES.orderInProgress, { code: ERROR_CODES.ORDER_IN_PROGRESS });
    return existing.id;
  }

  private async existingCheckout(existing: {
    id: string;
    stripeSessionId: string | null;
  }): Promise<{ orderId: string; url: string }> {
    const url = existing.stripeSessionId ? await this.stripe.sessionUrl(existing.stripeSessionId) : null;
    if (!url) throw new ConflictError(MESSAGES.orderInProgress, { code: ERROR_CODES.ORDER_IN_PROGRESS });
    return { orderId: existing.id, url };
  }
}

/** 409 "Prices have changed", with the current figures for the customer to review. */
function totalsChanged(totals: OrderTotals): ConflictError {
  return new ConflictError(MESSAGES.totalsChanged, {
    code: ERROR_CODES.TOTALS_CHANGED,
    amount: penceToPounds(totals.amount),
    shippingCharge: penceToPounds(totals.shipping),
    totalVat: penceToPounds(totals.vat),
    goods: penceToPounds(totals.goods),
  });
}

/** Whether two pricings of an order have the same lines: product, name, picture, price, VAT and quantity. */
function sameLines(a: NewOrderLine[], b: NewOrderLine[]): boolean {
  return (
    a.length === b.length &&
    a.every((line, i) => {
      const other = b[i];
      return (
        line.productId === other.productId &&
        line.name === other.name &&
        line.image === other.image &&
        line.price === other.price &&
        line.vatBasisPoints === other.vatBasisPoints &&
        line.quantity === other.quantity &&
        line.charged === other.charged
      );
    })
  );
}

/**
 * Quantities by product, lines naming the same product merged (a product's substitutes allowed unless one of its
 * lines says no); over-limit totals refused.
 */
function mergeLines(
  items: CheckoutInput['items'],
): Map<string, { quantity: number; allowSubstitutes: boolean }> {
  const merged = new Map<string, { quantity: number; allowSubstitutes: boolean }>();
  for (const item of items) {
    const id = item.product.toLowerCase();
    const before = merged.get(id);
    const quantity = (before?.quantity ?? 0) + item.quantity;
    if (quantity > MAX_QUANTITY) throw new InvalidError(MESSAGES.maxQuantityReached);
    merged.set(id, {
      quantity,
      allowSubstitutes: (before?.allowSubstitutes ?? true) && item.allowSubstitutes !== false,
    });
  }
  return merged;
}
