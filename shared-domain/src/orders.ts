import { dateFormat } from './date-format';

/** Order states (Pending, Completed, Cancelled) and the customer's one-hour cancel window. */
export const ORDER_STATUSES = ['Pending', 'Completed', 'Cancelled'] as const;
export type OrderStatus = (typeof ORDER_STATUSES)[number];

export const PAYMENT_TYPES = ['COD', 'Online'] as const;
export type PaymentType = (typeof PAYMENT_TYPES)[number];

/** A customer may cancel a Pending order within this long of its creation. */
export const CANCEL_WINDOW_MS = 60 * 60 * 1000;

/**
 * The statuses of an order still waiting for delivery: neither delivered (Completed) nor Cancelled. A customer may
 * hold at most the seller's maxOpenOrders of these at once.
 */
export const OPEN_ORDER_STATUSES: readonly OrderStatus[] = ORDER_STATUSES.filter(
  (status) => status !== 'Completed' && status !== 'Cancelled',
);

/** How many open orders one customer may hold at once by default, and the range the seller may set. */
export const DEFAULT_MAX_OPEN_ORDERS = 3;
export const MIN_MAX_OPEN_ORDERS = 1;
export const MAX_MAX_OPEN_ORDERS = 1000;

export function isOrderStatus(value: unknown): value is OrderStatus {
  return typeof value === 'string' && (ORDER_STATUSES as readonly string[]).includes(value);
}

/** Quantity limits of one cart line. */
export const MIN_QUANTITY = 1;
export const MAX_QUANTITY = 99;

export function isValidQuantity(value: unknown): value is number {
  return (
    typeof value === 'number' && Number.isInteger(value) && value >= MIN_QUANTITY && value <= MAX_QUANTITY
  );
}

/**
 * The seller's optional limit of one product in one order (`maxPerOrder`): a whole number in this range, or null
 * for none beyond the MAX_QUANTITY every line has.
 */
export const MIN_PER_ORDER_LIMIT = 1;
export const MAX_PER_ORDER_LIMIT = MAX_QUANTITY;

export function isValidPerOrderLimit(value: unknown): value is number {
  return (
    typeof value === 'number' &&
    Number.isInteger(value) &&
    value >= MIN_PER_ORDER_LIMIT &&
    value <= MAX_PER_ORDER_LIMIT
  );
}

/**
 * The shop-wide limit of one product in one order (`maxPerProduct` in the order settings, in the same range as
 * maxPerOrder), for every product without a maxPerOrder of its own: one unpaid order cannot take a whole shelf.
 */
export const DEFAULT_MAX_PER_PRODUCT = 20;

/** The most of a product one order may hold: its own maxPerOrder, else the shop's maxPerProduct (null: neither known). */
export function orderLimitOf(
  maxPerOrder: number | null | undefined,
  maxPerProduct?: number | null,
): number | null {
  if (typeof maxPerOrder === 'number') return maxPerOrder;
  return typeof maxPerProduct === 'number' ? maxPerProduct : null;
}

/** Whether `quantity` of a product goes beyond its own maxPerOrder or, without one, the shop's maxPerProduct. */
export function exceedsPerOrderLimit(
  quantity: number,
  maxPerOrder: number | null | undefined,
  maxPerProduct?: number | null,
): boolean {
  const limit = orderLimitOf(maxPerOrder, maxPerProduct);
  return limit !== null && quantity > limit;
}

/** Catalogue limits: products on the home page, related products, pictures per product, the loader's delay. */
/**
 * The checks of a checkout, in the order the server makes them: the first that fails is the answer. The server's
 * checkout steps and the frontends' fake API both run them in this order.
 * - `address`: the address is the customer's, in the delivery area (ADDRESS_NOT_FOUND 400, NOT_DELIVERED_HERE 400)
 * - `openOrders`: the customer holds fewer open orders than the seller allows (TOO_MANY_OPEN_ORDERS 409)
 * - `slot`: the delivery date is the one on offer (DELIVERY_DATE_UNAVAILABLE 409)
 * - `lines`: each product exists, is listed, within its per-order limit and in stock (ITEM_UNAVAILABLE,
 *   OUT_OF_STOCK, PER_ORDER_LIMIT 409)
 * - `ageConfirmation`: an 18+ line comes with the customer's confirmation (AGE_CONFIRMATION_REQUIRED 400)
 * - `totals`: the basket priced on the server matches the totals posted (TOTALS_CHANGED 409)
 * Taking the stock and a place in the slot comes after them, when the order is written (OUT_OF_STOCK, SLOT_FULL).
 */
export const CHECKOUT_CHECKS = [
  'address',
  'openOrders',
  'slot',
  'lines',
  'ageConfirmation',
  'totals',
] as const;
export type CheckoutCheck = (typeof CHECKOUT_CHECKS)[number];

export const HOME_PRODUCT_COUNT = 5;
export const RELATED_PRODUCT_COUNT = 5;
export const MAX_PRODUCT_IMAGES = 4;
/** The largest product picture the shop accepts, in bytes. */
export const MAX_IMAGE_BYTES = 5 * 1024 * 1024;
/** Most different products one cart may hold. */
export const MAX_CART_LINES = 100;

/** The seller's order, message and subscriber lists come a page at a time: this many by default, at most MAX_PAGE_LIMIT. */
export const DEFAULT_PAGE_LIMIT = 50;
export const MAX_PAGE_LIMIT = 100;
export const LOADER_REDIRECT_MS = 5000;

/** The reference shoppers and the seller both read for an order: "#" + the first 8 characters of its id. */
export function orderReference(id: string): string {
  return id.replace(/-/g, '').slice(0, 8).toUpperCase();
}

const orderTimeFormatter = /*#__PURE__*/ dateFormat({
  timeZone: 'Europe/London',
  day: 'numeric',
  month: 'short',
  year: 'numeric',
  hour: '2-digit',
  minute: '2-digit',
});

/** When an order was placed, in London time: "23 Nov 2026, 14:05". */
export function formatOrderTime(instant: string | Date): string {
  const date = new Date(instant);
  return Number.isNaN(date.getTime()) ? String(instant) : orderTimeFormatter().format(date);
}

/**
 * How far the seller has got with an order, beside its status: placed, then picking, picked, out for delivery
 * and delivered, always one step forward.
 */
export const FULFILMENT_STAGES = ['placed', 'picking', 'picked', 'out_for_delivery', 'delivered'] as const;
export type FulfilmentStage = (typeof FULFILMENT_STAGES)[number];

export function isFulfilmentStage(value: unknown): value is FulfilmentStage {
  return typeof value === 'string' && (FULFILMENT_STAGES as readonly string[]).includes(value);
}

/** Each fulfilment stage in words, as shoppers and the seller read it. */
export const FULFILMENT_STAGE_LABELS: Record<FulfilmentStage, string> = {
  placed: 'Order placed',
  picking: 'Being picked',
  picked: 'Picked',
  out_for_delivery: 'Out for delivery',
  delivered: 'Delivered',
};

/**
 * Every fulfilment state an order may be in: the stages, and `failed_delivery` (the driver could not hand it over;
 * the order waits, Pending, to be re-booked or cancelled).
 */
export const FULFILMENT_STATES = [...FULFILMENT_STAGES, 'failed_delivery'] as const;
export type FulfilmentState = (typeof FULFILMENT_STATES)[number];

export function isFulfilmentState(value: unknown): value is FulfilmentState {
  return typeof value === 'string' && (FULFILMENT_STATES as readonly string[]).includes(value);
}

export function fulfilmentStageLabel(stage: string): string {
  if (stage === 'failed_delivery') return 'Not delivered';
  return isFulfilmentStage(stage) ? FULFILMENT_STAGE_LABELS[stage] : stage;
}

/** Why a driver could not hand an order over at the door. */
export const DELIVERY_FAILURE_REASONS = [
  'not_at_home',
  'refused',
  'wrong_address',
  'unsafe',
  'other',
] as const;
export type DeliveryFailureReason = (typeof DELIVERY_FAILURE_REASONS)[number];

/** Each reason in words, as the driver picks it and the customer reads it. */
export const DELIVERY_FAILURE_LABELS: Record<DeliveryFailureReason, string> = {
  not_at_home: 'Nobody was at home',
  refused: 'The order was refused at the door',
  wrong_address: 'The address could not be found',
  unsafe: 'It was not safe to deliver',
  other: 'Another reason',
};

/** The most characters of the driver's note on a failed delivery. */
export const MAX_DELIVERY_NOTE_LENGTH = 300;

/** The outcome of the ID check at the door (Challenge 25). */
export const ID_CHECK_OUTCOMES = ['passed', 'failed'] as const;
export type IdCheckOutcome = (typeof ID_CHECK_OUTCOMES)[number];

/**
 * A substitute's unit price in pence: the lower of the two prices, compared as the shopper pays them (with each
 * product's own VAT), so a swap never costs more than the unit it replaces. VAT rates in basis points.
 */
export function substituteUnitPrice(
  ordered: { price: number; vatBasisPoints: number },
  substitute: { price: number; vatBasisPoints: number },
): number {
  // The most a substitute unit may cost before its VAT for its gross not to exceed the ordered unit's gross.
  const grossCap = Math.floor(
    (ordered.price * (10000 + ordered.vatBasisPoints)) / (10000 + substitute.vatBasisPoints),
  );
  return Math.min(ordered.price, substitute.price, grossCap);
}

/** How money is given back to a customer. */
export const REFUND_METHODS = ['cash', 'card', 'bank'] as const;
export type RefundMethod = (typeof REFUND_METHODS)[number];
