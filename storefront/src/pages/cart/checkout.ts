import { toBasisPoints, toPence } from '../../lib/api-values';
import {
  MESSAGES,
  penceToPounds,
  priceOrder,
  type OrderTotals,
  type PricedLine,
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

/** A cart line as the pricing rules take it: offer price before VAT in pence, VAT in basis points. */
export function pricedLine({ product, quantity }: CartLine): PricedLine {
  return { offerPrice: toPence(product.offerPrice), quantity, vatBasisPoints: toBasisPoints(product.vat) };
}

/** Goods, VAT, shipping and amount of the cart, in pence. */
export function cartTotals(lines: readonly CartLine[], settings: ShippingSettings): OrderTotals {
  return priceOrder(lines.map(pricedLine), settings);
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
