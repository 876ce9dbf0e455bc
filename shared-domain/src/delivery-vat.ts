/**
 * VAT on the delivery charge (HMRC VAT Notice 700/24): a charge for delivering goods is part of one supply of
 * delivered goods and follows the goods' VAT liability. With goods at several rates it is shared between the rates
 * fairly, in proportion to the value of the goods at each rate (before VAT). The charge the shopper pays does not
 * change: it includes its VAT, so each rate's share is split into its net and VAT. Money is pence, VAT basis points.
 */
import { type BasketLine, netOf, type PricedBasket, spread } from './pricing';

/** Amounts at one VAT rate, pence: before VAT and the VAT. */
export interface RateAmounts {
  vatBasisPoints: number;
  net: number;
  vat: number;
}

/** The standard rate: what a delivery charge carries when it delivers no goods at all. */
export const STANDARD_VAT_BASIS_POINTS = 2000;

/**
 * The delivery charge (pence, with its VAT) per VAT rate, given the goods per rate: shared by the goods' value
 * before VAT (largest remainders, so the shares add up to the charge), each share's VAT worked out at its rate. A
 * delivery of no goods of any value is a supply of its own, at the standard rate.
 */
export function deliveryShares(shippingCharge: number, goods: readonly RateAmounts[]): RateAmounts[] {
  if (shippingCharge <= 0) return [];
  const valued = goods.filter((rate) => rate.net > 0).sort((a, b) => a.vatBasisPoints - b.vatBasisPoints);
  const rates = valued.length ? valued : [{ vatBasisPoints: STANDARD_VAT_BASIS_POINTS, net: 1, vat: 0 }];
  const shares = spread(
    shippingCharge,
    rates.map((rate) => rate.net),
  );
  return rates
    .map((rate, i) => {
      const net = netOf(shares[i], rate.vatBasisPoints);
      return { vatBasisPoints: rate.vatBasisPoints, net, vat: shares[i] - net };
    })
    .filter((share) => share.net + share.vat > 0);
}

/** The goods' net and VAT per rate, from priced lines and their rates. */
export function ratesOf(
  lines: readonly { vatBasisPoints: number; net: number; vat: number }[],
): RateAmounts[] {
  const byRate = new Map<number, RateAmounts>();
  for (const line of lines) {
    const rate = byRate.get(line.vatBasisPoints) ?? { vatBasisPoints: line.vatBasisPoints, net: 0, vat: 0 };
    rate.net += line.net;
    rate.vat += line.vat;
    byRate.set(line.vatBasisPoints, rate);
  }
  return [...byRate.values()].sort((a, b) => a.vatBasisPoints - b.vatBasisPoints);
}

/** The VAT the delivery charge includes, given the goods per rate (pence). */
export function deliveryVat(shippingCharge: number, goods: readonly RateAmounts[]): number {
  return deliveryShares(shippingCharge, goods).reduce((sum, share) => sum + share.vat, 0);
}

/**
 * All the VAT a basket's total includes: its goods' VAT and its delivery charge's share (what "includes VAT £x"
 * says under the total). `priced` is priceBasket of `lines`.
 */
export function basketVatIncluded(lines: readonly BasketLine[], priced: PricedBasket): number {
  const goods = ratesOf(
    priced.lines.map((line, i) => ({
      vatBasisPoints: lines[i].vatBasisPoints,
      net: line.net,
      vat: line.vat,
    })),
  );
  return priced.vat + deliveryVat(priced.shipping, goods);
}
