import { toBasisPoints, toPence } from '../../lib/api-values';
import {
  basketVatIncluded,
  dealNudges,
  MESSAGES,
  penceToPounds,
  priceBasket,
  type BasketLine,
  type OrderTotals,
  type PricedBasket,
  type PromotionRule,
  type ShippingSettings,
} from '@larder/shared-domain';
import type { PlaceOrderDto, ProductDto } from '@larder/shared-state';

/** One cart line joined with its product. */
export interface CartLine {
  product: ProductDto;
  quantity: number;
  /** Whether a substitute may be sent when the product is short (ticked unless the shopper unticked it). */
  allowSubstitutes?: boolean;
}

export interface CheckoutChoice {
  addressId: string | null;
  date: string | null;
  time: string | null;
  /** Whether the cart holds an 18+ product, and whether the customer confirmed they are 18 or over. */
  ageCheck?: { needed: boolean; confirmed: boolean };
}

/** Shipping settings as the API gives them (pounds) in pence. */
export function shippingInPence(settings: {
  shippingCharge: number;
  shippingThreshold: number;
}): ShippingSettings {
  return {
    shippingCharge: toPence(settings.shippingCharge),
    shippingThreshold: toPence(settings.shippingThreshold),
  };
}

/** A cart line as the pricing rules take it: its product, offer price before VAT in pence, VAT in basis points. */
export function pricedLine({ product, quantity }: CartLine): BasketLine {
  return {
    product: product._id,
    offerPrice: toPence(product.offerPrice),
    quantity,
    vatBasisPoints: toBasisPoints(product.vat),
  };
}

/**
 * Goods, VAT, shipping and amount of the cart in pence, with the running promotions applied as the server
 * applies them (the same function), each line's price and the deals' savings; and all the VAT the total includes
 * (the goods' and the delivery charge's share).
 */
export function cartTotals(
  lines: readonly CartLine[],
  settings: ShippingSettings,
  promotions: readonly PromotionRule[] = [],
): PricedBasket & { vatIncluded: number } {
  const basket = lines.map(pricedLine);
  const priced = priceBasket(basket, settings, promotions);
  return { ...priced, vatIncluded: basketVatIncluded(basket, priced) };
}

/** The first reason the order cannot be placed yet (no address, then no delivery slot), or undefined. */
export function checkoutProblem(choice: CheckoutChoice): string | undefined {
  if (!choice.addressId) return MESSAGES.selectAddress;
  if (!choice.date || !choice.time) return MESSAGES.selectDeliverySlot;
  if (choice.ageCheck?.needed && !choice.ageCheck.confirmed) return MESSAGES.ageConfirmationRequired;
  return undefined;
}

/** The body of POST /api/order/cod; money in pounds. */
export function codOrderBody(input: {
  userId: string;
  lines: readonly CartLine[];
  totals: OrderTotals;
  addressId: string;
  date: string;
  time: string;
  /** The customer confirmed they are 18 or over (sent when the cart holds an 18+ product). */
  ageConfirmed?: boolean;
}): PlaceOrderDto {
  return {
    userId: input.userId,
    items: input.lines.map(({ product, quantity, allowSubstitutes = true }) => ({
      product: product._id,
      quantity,
      vat: product.vat,
      allowSubstitutes,
    })),
    address: input.addressId,
    paymentType: 'COD',
    amount: penceToPounds(input.totals.amount),
    shippingCharge: penceToPounds(input.totals.shipping),
    totalVat: penceToPounds(input.totals.vat),
    deliverySlot: { date: input.date, time: input.time },
    ...(needsAgeCheck(input.lines) ? { ageConfirmed: input.ageConfirmed === true } : {}),
  };
}

/** Whether a cart holds a product sold to adults only (Challenge 25). */
export function needsAgeCheck(lines: readonly CartLine[]): boolean {
  return lines.some((line) => line.product.ageRestricted);
}

/** Lines of the cart under one promotion, what its deals save and what would complete one. */
export interface DealGroup {
  promotion: PromotionRule & { label: string };
  lines: CartLine[];
  /** Pence with VAT. */
  saving: number;
  /** "Add 1 more to get 3 for £5", when the lines are not a whole number of deals. */
  nudge?: string;
}

/**
 * The cart's lines grouped under the promotions they are in (a promotion holding none of them has no group),
 * in the order of the promotions, each line once; `rest` are the lines in no promotion.
 */
export function dealGroups(
  lines: readonly CartLine[],
  promotions: readonly (PromotionRule & { label: string })[],
  priced: PricedBasket | undefined,
): { groups: DealGroup[]; rest: CartLine[] } {
  const nudges = dealNudges(
    lines.map((line) => ({ product: line.product._id, quantity: line.quantity })),
    promotions,
  );
  const placed = new Set<string>();
  const groups: DealGroup[] = [];
  for (const promotion of promotions) {
    const products = new Set(promotion.products);
    const held = lines.filter((line) => products.has(line.product._id) && !placed.has(line.product._id));
    if (!held.length) continue;
    for (const line of held) placed.add(line.product._id);
    groups.push({
      promotion,
      lines: held,
      saving: priced?.deals.find((deal) => deal.promotion === promotion.id)?.saving ?? 0,
      nudge: nudges.find((nudge) => nudge.promotion === promotion.id)?.message,
    });
  }
  return { groups, rest: lines.filter((line) => !placed.has(line.product._id)) };
}
