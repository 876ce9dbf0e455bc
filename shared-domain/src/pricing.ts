/**
 * Money is integer pence and VAT rates are basis points (hundredths of a percent: 2000 is 20%) everywhere: in the
 * database, the server and every calculation here and in the frontends. The API shows pounds with two decimals
 * and VAT in percent; those are converted once on the way in and once on the way out.
 */

export interface PricedLine {
  /** Offer price of one unit, in pence. */
  offerPrice: number;
  quantity: number;
  /** VAT rate in basis points (0-10000: 2000 is 20%, 1250 is 12.5%). */
  vatBasisPoints: number;
}

export interface ShippingSettings {
  /** Shipping fee in pence. */
  shippingCharge: number;
  /** Goods value in pence at or above which shipping is free. */
  shippingThreshold: number;
}

export interface OrderTotals {
  /** Sum of offer price x quantity, in pence. */
  goods: number;
  /** VAT over all lines: each line's price with VAT less its price before VAT (see vatTotal). */
  vat: number;
  /** Shipping fee in pence (0 when free). */
  shipping: number;
  /** What the customer pays: goods + VAT + shipping, in pence. */
  amount: number;
}

/** Sum of offer price x quantity, in pence. */
export function goodsTotal(lines: readonly PricedLine[]): number {
  return lines.reduce((sum, l) => sum + l.offerPrice * l.quantity, 0);
}

/**
 * The price of one unit with VAT, in pence: offer price x (10000 + rate) / 10000, rounded half-up to the penny.
 * Shoppers are shown prices with VAT (Price Marking Order 2004), so this is the price they see.
 */
export function unitPriceWithVat(offerPence: number, vatBasisPoints: number): number {
  return Math.floor((offerPence * (10000 + vatBasisPoints) + 5000) / 10000);
}

/** A line's price with VAT, in pence: the unit's price as shown times the quantity, so it matches what is shown. */
export function linePriceWithVat(line: PricedLine): number {
  return unitPriceWithVat(line.offerPrice, line.vatBasisPoints) * line.quantity;
}

/** A line's VAT, in pence: its price with VAT less its price before VAT. */
export function lineVat(line: PricedLine): number {
  return linePriceWithVat(line) - line.offerPrice * line.quantity;
}

/**
 * VAT in pence: the sum of each line's VAT as shown (lineVat). Rounding each unit's price with VAT rather than
 * the sum makes goods + VAT exactly the sum of the line prices the shopper saw, never a penny more.
 */
export function vatTotal(lines: readonly PricedLine[]): number {
  return lines.reduce((sum, l) => sum + lineVat(l), 0);
}

/** The sum of the lines' prices with VAT, in pence: what the basket shows before shipping. */
export function linesWithVatTotal(lines: readonly PricedLine[]): number {
  return lines.reduce((sum, l) => sum + linePriceWithVat(l), 0);
}

/** Shipping in pence: free when goods reach the threshold, else the configured charge. */
export function shippingFor(goods: number, settings: ShippingSettings): number {
  return goods >= settings.shippingThreshold ? 0 : settings.shippingCharge;
}

/** Goods, VAT, shipping and the amount to pay for a set of lines. */
export function priceOrder(lines: readonly PricedLine[], settings: ShippingSettings): OrderTotals {
  const goods = goodsTotal(lines);
  const vat = vatTotal(lines);
  const shipping = shippingFor(goods, settings);
  return { goods, vat, shipping, amount: goods + vat + shipping };
}

/** Pence to pounds as a number with at most two decimals (399 -> 3.99). */
export function penceToPounds(pence: number): number {
  return Math.round(pence) / 100;
}

/**
 * A number with at most `decimals` decimals as a whole number of its smallest units (3.99, 2 -> 399), or
 * undefined when it is not a finite number with at most that many decimals. Binary floating-point noise
 * (0.1 + 0.2) is tolerated; a tiny non-zero value that would round to 0 (1e-7, 5e-324) is not an amount.
 */
export function decimalUnits(value: unknown, decimals: number): number | undefined {
  if (typeof value !== 'number' || !Number.isFinite(value)) return undefined;
  const scaled = value * 10 ** decimals;
  const units = Math.round(scaled);
  if (!Number.isSafeInteger(units) || Math.abs(units - scaled) > 1e-6) return undefined;
  if (units === 0 && value !== 0) return undefined;
  return units;
}

/** A VAT rate in percent (12.5) as basis points (1250), or undefined when it has more than two decimals. */
export function percentToBasisPoints(percent: number): number | undefined {
  return decimalUnits(percent, 2);
}

/** Pounds to pence (3.99 -> 399), or undefined when not a finite amount with at most two decimals. */
export function poundsToPence(pounds: number): number | undefined {
  return decimalUnits(pounds, 2);
}

/** True for an amount in pounds that converts exactly to pence (the rule for every money field). */
export function isPounds(value: unknown): value is number {
  return decimalUnits(value, 2) !== undefined;
}

/** "£3.99" from pence. */
export function formatPence(pence: number): string {
  const sign = pence < 0 ? '-' : '';
  return `${sign}£${(Math.abs(pence) / 100).toFixed(2)}`;
}

/** "£3.99" from pounds as the API shows them. */
export function formatPounds(pounds: number): string {
  return formatPence(Math.round(pounds * 100));
}

/** A number typed as text: digits with at most two decimals, no sign or exponent ("3", "3.5", ".99"). */
const TWO_DECIMALS_TEXT = /^(\d+(\.\d{0,2})?|\.\d{1,2})$/;

/** Pounds typed as text ("3.99"): a number >= 0 with at most two decimals, or undefined when it is not one. */
export function parsePoundsText(text: string): number | undefined {
  const trimmed = text.trim();
  if (!TWO_DECIMALS_TEXT.test(trimmed)) return undefined;
  const value = Number(trimmed);
  return poundsToPence(value) === undefined ? undefined : value;
}

/** A VAT rate typed as text ("12.5"): a percent from 0 to 100 with at most two decimals, or undefined. */
export function parseVatPercentText(text: string): number | undefined {
  const trimmed = text.trim();
  if (!TWO_DECIMALS_TEXT.test(trimmed)) return undefined;
  const value = Number(trimmed);
  return value >= 0 && value <= 100 ? value : undefined;
}

/** An order line as it goes to the door: what was found, what was sent instead, whether the customer refused it. */
export interface FulfilledLine {
  /** Unit price (pence) and VAT (basis points) of the ordered product, as placed. */
  price: number;
  vatBasisPoints: number;
  quantity: number;
  /** Units found; null before picking (all of them, then). */
  picked: number | null;
  substitute: { quantity: number; price: number; vatBasisPoints: number } | null;
  refused: boolean;
}

/**
 * An order re-priced from what really goes to the door: the units found, substitutes at their own price and VAT,
 * refused lines left out, the shipping charge as placed (a shortage never raises it).
 */
export function priceFulfilledOrder(lines: readonly FulfilledLine[], shippingCharge: number): OrderTotals {
  const priced: PricedLine[] = [];
  for (const line of lines) {
    if (line.refused) continue;
    priced.push({
      offerPrice: line.price,
      quantity: line.picked ?? line.quantity,
      vatBasisPoints: line.vatBasisPoints,
    });
    if (line.substitute) {
      priced.push({
        offerPrice: line.substitute.price,
        quantity: line.substitute.quantity,
        vatBasisPoints: line.substitute.vatBasisPoints,
      });
    }
  }
  const goods = goodsTotal(priced);
  const vat = vatTotal(priced);
  return { goods, vat, shipping: shippingCharge, amount: goods + vat + shippingCharge };
}
