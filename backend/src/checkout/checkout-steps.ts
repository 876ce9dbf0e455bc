import { Injectable } from '@nestjs/common';
import {
  ageConfirmationMissing,
  CHECKOUT_CHECKS,
  type CheckoutCheck,
  deliversTo,
  ERROR_CODES,
  exceedsPerOrderLimit,
  MAX_QUANTITY,
  LICENCE_TEXTS,
  MESSAGES,
  notDeliveredMessage,
  notEnoughStockMessage,
  orderLimitOf,
  type OrderTotals,
  outOfStockMessage,
  type PaymentType,
  penceToPounds,
  perOrderLimitMessage,
  poundsToPence,
  priceBasket as priceWithPromotions,
  selectableDeliveryDate,
  slotMayHoldAlcohol,
  tooManyOpenOrdersMessage,
} from '@larder/shared-domain';
import type { DbExecutor, DbTransaction } from '../db/database.module';
import type { AddressSnapshot, OrderDeal } from '../db/schema';
import { ConflictError, InvalidError, UnauthorizedError } from '../common/errors';
import { isUuid } from '../common/uuid-param';
import { stockTaken } from '../catalog/catalog.service';
import { OrderBookings } from '../orders/order-bookings';
import { OrderEmails } from '../orders/order-emails';
import { dealRules } from '../orders/order-deals';
import type { NewOrder, NewOrderLine } from '../orders/orders.repository';
import { type CheckoutContext, CheckoutRepository } from './checkout.repository';

/** What placing or changing an order posts; a change states no totals (the server's are the new ones). */
export interface CheckoutInput {
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

/** How the checks run: for a new order (counted against maxOpenOrders) or for a change of one. */
export interface CheckOptions {
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

/** An order that passed every check, priced. */
export interface PreparedOrder {
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

/** Thrown inside a checkout transaction to roll it back when the idempotency key was used meanwhile. */
export class AlreadyPlaced extends Error {}

/** The context as read, with the address the request names (null: none named). */
interface ReadContext {
  context: CheckoutContext;
  addressId: string | null;
}

/**
 * Checkout in named steps, run by every way an order is placed or changed (the Nest route, the fast path, a regular
 * delivery, a change):
 *   1. readContext: one statement reads the customer's address and contact, the settings, the products, the
 *      promotions running and the customer's open orders;
 *   2. the checks of CHECKOUT_CHECKS, in that order (shared-domain): checkAddress (the address and the area),
 *      checkOpenOrders, checkSlot, checkLines, checkAgeConfirmation, and priceBasket with the posted totals;
 *   3. writeOrder: the order, its lines and its confirmation e-mail in the outbox (and the cart emptied);
 *   4. takeStockAndBookSlot: the units and the slot place, in one statement, last, so the rows every order shares
 *      stay locked the shortest time.
 * Nothing is locked while reading and checking: the rows that change are locked when they change, in
 * OrderBookings' order (products, then the slot), and a placement has locked the customer's row before, so the open
 * orders it counts are all committed ones.
 */
@Injectable()
export class CheckoutSteps {
  constructor(
    private readonly repository: CheckoutRepository,
    private readonly bookings: OrderBookings,
    private readonly emails: OrderEmails,
  ) {}

  /**
   * The transaction of every order placed: it first holds the customer's row until it commits (401 when the
   * account is gone). Checkouts of one customer then count their open orders one after the other, and an account
   * deletion racing a checkout either waits and then cancels the stored order, or came first (401).
   */
  holdingCustomer<T>(userId: string, work: (tx: DbTransaction) => Promise<T>): Promise<T> {
    if (!isUuid(userId)) return Promise.reject(new UnauthorizedError(MESSAGES.notAuthorized));
    return this.repository.withCustomerLocked(userId, (tx, found) => {
      if (!found) throw new UnauthorizedError(MESSAGES.notAuthorized);
      return work(tx);
    });
  }

  /** Steps 1 and 2: the context read, every check made, the basket priced. */
  async prepare(
    userId: string,
    input: CheckoutInput,
    now: Date,
    tx: DbExecutor,
    options: CheckOptions = {},
  ): Promise<PreparedOrder> {
    const read = await this.readContext(userId, input, now, tx);
    const draft: Partial<PreparedOrder> = {};
    const checks: Record<CheckoutCheck, () => void> = {
      address: () => (draft.address = checkAddress(read)),
      openOrders: () => checkOpenOrders(read.context, options),
      slot: () => (draft.deliveryDate = checkSlot(input, now)),
      lines: () => (draft.lines = checkLines(read.context, input, options)),
      ageConfirmation: () => {
        checkAgeConfirmation(draft.lines!, input, options);
        checkAlcoholSlot(read.context, draft.lines!, input);
      },
      totals: () => Object.assign(draft, priceBasket(read.context, draft.lines!, input, options)),
    };
    for (const check of CHECKOUT_CHECKS) checks[check]();

    const contact = read.context.contact;
    if (!contact) throw new UnauthorizedError(MESSAGES.notAuthorized);
    return {
      address: draft.address!,
      contact,
      lines: draft.lines!,
      totals: draft.totals!,
      savings: draft.savings!,
      deals: draft.deals!,
      deliveryDate: draft.deliveryDate!,
      deliveryTime: input.deliverySlot.time,
      ageConfirmed: input.ageConfirmed === true,
    };
  }

  /** Step 1: everything checkout needs, in one statement (the address only when it is the customer's). */
  async readContext(userId: string, input: CheckoutInput, now: Date, tx: DbExecutor): Promise<ReadContext> {
    const productIds = Array.isArray(input.items)
      ? [...new Set(input.items.map((item) => String(item.product).toLowerCase()).filter(isUuid))]
      : [];
    const addressId = input.address === undefined ? null : input.address;
    if (addressId !== null && !isUuid(addressId)) throw addressNotFound();
    const context = isUuid(userId)
      ? await this.repository.context(userId, addressId, productIds, now, tx)
      : undefined;
    if (!context) throw addressNotFound();
    return { context, addressId };
  }

  /**
   * Step 3: stores the order and its lines (emptying the cart when asked, in the same statement) and writes its
   * confirmation e-mail to the outbox. Undefined when the idempotency key was used before (nothing stored).
   */
  async writeOrder(
    row: NewOrder,
    prepared: PreparedOrder,
    tx: DbExecutor,
    { emptyCart = false, notes = [] }: { emptyCart?: boolean; notes?: readonly string[] } = {},
  ): Promise<string | undefined> {
    const id = await this.repository.insert(row, prepared.lines, tx, { emptyCart });
    if (id) await this.emails.orderPlaced(id, tx, notes);
    return id;
  }

  /**
   * Step 4: takes the order's units from the products that count stock and books its slot place in one statement
   * (409 when either has run out; the stock is checked first), and marks which lines took their units (also on the
   * stored lines of `orderId`).
   */
  async takeStockAndBookSlot(prepared: PreparedOrder, orderId: string, tx: DbExecutor): Promise<void> {
    // The slot row last: of the rows every order shares it is the hottest (a few per date), so it is held only
    // from this statement to the commit.
    const counted = prepared.lines.filter((line) => line.stockTaken);
    const { stock, booked } = await this.repository.takeUnitsAndBookSlot(counted, prepared, tx);
    const taken = stockTaken(counted, stock);
    if (!booked) throw new ConflictError(MESSAGES.slotFull, { code: ERROR_CODES.SLOT_FULL });
    await this.bookings.markTaken(prepared.lines, counted, taken, tx, orderId);
  }
}

/** What pricing and the slot decided, as an order row holds it: for a new order and for a changed one. */
export function pricedFields(prepared: PreparedOrder) {
  return {
    goods: prepared.totals.goods,
    totalVat: prepared.totals.vat,
    shippingCharge: prepared.totals.shipping,
    amount: prepared.totals.amount,
    savings: prepared.savings,
    deals: prepared.deals,
    deliveryDate: prepared.deliveryDate,
    deliveryTime: prepared.deliveryTime,
  } satisfies Partial<NewOrder>;
}

/** The row of a new order (placing always names an address: checkAddress made sure of it). */
export function orderRow(
  userId: string,
  prepared: PreparedOrder,
  paymentType: PaymentType,
  now: Date,
  idempotencyKey: string | undefined,
): NewOrder {
  const { id: addressId, street, city, state, postalCode, country } = prepared.address!;
  return {
    userId,
    address: { street, city, state, postalCode, country },
    addressId,
    customerName: prepared.contact.name,
    customerEmail: prepared.contact.email,
    customerPhone: prepared.contact.phone,
    paymentType,
    ...pricedFields(prepared),
    status: 'Pending',
    isPaid: false,
    ageConfirmed: prepared.ageConfirmed,
    idempotencyKey: idempotencyKey ?? null,
    createdAt: now,
    updatedAt: now,
  };
}

function addressNotFound(): InvalidError {
  return new InvalidError(MESSAGES.addressNotFound, { code: ERROR_CODES.ADDRESS_NOT_FOUND });
}

/** The address named is the customer's and lies in the area the shop delivers to now. */
function checkAddress({ context, addressId }: ReadContext): PreparedOrder['address'] {
  const address = context.address ?? null;
  if (addressId !== null && !address) throw addressNotFound();
  if (address && !deliversTo(address.postalCode, address.city, context.deliveryAreas)) {
    throw new InvalidError(notDeliveredMessage(address.postalCode), { code: ERROR_CODES.NOT_DELIVERED_HERE });
  }
  return address;
}

/** One customer may not hold more than the seller's maxOpenOrders orders waiting for delivery at once. */
function checkOpenOrders(context: CheckoutContext, { placing = false }: CheckOptions): void {
  if (placing && context.openOrders >= context.maxOpenOrders) {
    throw new ConflictError(tooManyOpenOrdersMessage(context.maxOpenOrders), {
      code: ERROR_CODES.TOO_MANY_OPEN_ORDERS,
    });
  }
}

/**
 * The delivery date is the one on offer. A malformed slot is bad input (400, refused by the DTO); a well-formed
 * date that is no longer selectable is a conflict with the clock (409, with the date to choose instead).
 */
function checkSlot(input: CheckoutInput, now: Date): string {
  const deliveryDate = selectableDeliveryDate(now);
  if (input.deliverySlot.date !== deliveryDate) {
    throw new ConflictError(MESSAGES.deliveryDateUnavailable, {
      code: ERROR_CODES.DELIVERY_DATE_UNAVAILABLE,
      deliveryDate,
    });
  }
  return deliveryDate;
}

/** Each product exists and is listed, within its limit per order, and in stock; the order's lines, unpriced. */
function checkLines(
  context: CheckoutContext,
  input: CheckoutInput,
  { held = new Map(), previous = new Map() }: CheckOptions,
): NewOrderLine[] {
  const byId = new Map(context.products.map((p) => [p.id, p]));
  const lines: NewOrderLine[] = [];
  for (const [productId, { quantity, allowSubstitutes }] of mergeLines(input.items)) {
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
  return lines;
}

/** An 18+ line needs the customer's confirmation, given now or on the order before. */
function checkAgeConfirmation(lines: NewOrderLine[], input: CheckoutInput, options: CheckOptions): void {
  if (ageConfirmationMissing(lines, options.ageConfirmed ?? false, input.ageConfirmed)) {
    throw new InvalidError(MESSAGES.ageConfirmationRequired, { code: ERROR_CODES.AGE_CONFIRMATION_REQUIRED });
  }
}

/**
 * 18+ lines only in a slot within the premises licence's hours (Licensing Act 2003): alcohol sold for a delivery
 * outside them would be sold outside the licence.
 */
function checkAlcoholSlot(context: CheckoutContext, lines: NewOrderLine[], input: CheckoutInput): void {
  if (!lines.some((line) => line.ageRestricted)) return;
  const { date, time } = input.deliverySlot;
  if (!slotMayHoldAlcohol(date, time, context.licensedHours))
    throw new InvalidError(LICENCE_TEXTS.slotNotLicensed(time), {
      field: 'deliverySlot',
      code: ERROR_CODES.ALCOHOL_SLOT_NOT_LICENSED,
    });
}

/**
 * Prices the basket with the promotions running now (read with the context, as the product answers showed them)
 * and, for a change, the deals the order was placed with that have ended since; each line keeps its charged price.
 * Posted totals that differ from the server's are refused with the current figures.
 */
function priceBasket(
  context: CheckoutContext,
  lines: NewOrderLine[],
  input: CheckoutInput,
  { deals: placedDeals = [] }: CheckOptions,
): Pick<PreparedOrder, 'totals' | 'savings' | 'deals'> {
  const running = context.promotions;
  const kept = dealRules(placedDeals)
    .map((rule, i) => ({ ...rule, label: placedDeals[i].label }))
    .filter((rule) => !running.some((r) => r.id === rule.id));
  const rules = [...running, ...kept];
  const priced = priceWithPromotions(
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
  return { totals, savings: priced.savings, deals };
}

/** 409 "Prices have changed", with the current figures for the customer to review. */
export function totalsChanged(totals: OrderTotals): ConflictError {
  return new ConflictError(MESSAGES.totalsChanged, {
    code: ERROR_CODES.TOTALS_CHANGED,
    amount: penceToPounds(totals.amount),
    shippingCharge: penceToPounds(totals.shipping),
    totalVat: penceToPounds(totals.vat),
    goods: penceToPounds(totals.goods),
  });
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
