import { type DealUnit, promotionKind, type PromotionRule } from './promotion-kinds';

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

/**
 * Goods, VAT, shipping and the amount to pay for a set of lines, with the running promotions applied (see
 * priceBasket, which this is: its totals only).
 */
export function priceOrder(
  lines: readonly PricedLine[],
  settings: ShippingSettings,
  promotions: readonly PromotionRule[] = [],
): OrderTotals {
  const { goods, vat, shipping, amount } = priceBasket(lines, settings, promotions);
  return { goods, vat, shipping, amount };
}

/** An order line as the pricing takes it; `product` names it for the promotions (none apply without it). */
export interface BasketLine extends PricedLine {
  product?: string;
}

/** One line priced: what it would cost at its own price, what it costs, and its share of the deals' saving. */
export interface LinePricing {
  /** The line's price with VAT at the unit's own price (linePriceWithVat), pence. */
  fullPrice: number;
  /** What the line costs with VAT, pence: fullPrice less saving. The lines add up to goods + VAT exactly. */
  charged: number;
  /** The line's share of the savings, pence (0 when none of its units is in a deal). */
  saving: number;
  /** The line's price before VAT and its VAT, pence: net + vat = charged. */
  net: number;
  vat: number;
  /** The promotion whose deal holds some of its units, or null. */
  promotion: string | null;
}

/** What one promotion saved on the order: how many times its deal applied, and the saving, pence. */
export interface DealSaving {
  promotion: string;
  times: number;
  /** Units in its deals. */
  units: number;
  saving: number;
}

export interface PricedBasket extends OrderTotals {
  /** The sum of the deals' savings, pence with VAT. */
  savings: number;
  /** Goods before VAT at the lines' own prices: what the free-shipping threshold is measured on. */
  goodsBeforeSavings: number;
  lines: LinePricing[];
  deals: DealSaving[];
}

/**
 * The one pricing of an order, used by the basket, checkout, changing an order, picking, receipts and e-mails.
 *
 * Each line's unit is priced with VAT as shown (unitPriceWithVat). Then every running promotion is applied to the
 * lines of its products, as many times as it fits and in the way best for the customer: its kind (one file each in
 * promotion-kinds/) groups the units it covers, dearest first, into deals and says what each deal saves.
 * A deal's saving is spread over its units in proportion to their prices (largest remainder, so the pence add up
 * exactly), so each line bears its share and its VAT is worked out from what it costs at its own rate: a deal
 * mixing a 0% and a 20% product charges VAT only on the 20% product's share. A line in no deal keeps exactly the
 * price and VAT it has without promotions. A promotion never makes a line cost more than its own price.
 *
 * Shipping is free when the goods before VAT at their own prices reach the threshold, so that a deal never makes
 * an order cost more than it would without it. `maxGoodsWithVat` caps what the lines may cost together (an order
 * re-priced after picking never costs more than was agreed): any excess is taken off the lines in proportion to
 * what they cost.
 */
export function priceBasket(
  lines: readonly BasketLine[],
  settings: ShippingSettings,
  promotions: readonly PromotionRule[] = [],
  { maxGoodsWithVat }: { maxGoodsWithVat?: number } = {},
): PricedBasket {
  const full = lines.map((l) => linePriceWithVat(l));
  const charged = full.slice();
  const inDeal: (string | null)[] = lines.map(() => null);
  const deals: DealSaving[] = [];

  if (promotions.length > 0) {
    // Each product follows one promotion (the first that names it; the shop allows one at a time).
    const ruleOf = new Map<string, PromotionRule>();
    for (const rule of promotions) {
      for (const product of rule.products) if (!ruleOf.has(product)) ruleOf.set(product, rule);
    }
    const linesOf = new Map<PromotionRule, number[]>();
    lines.forEach((line, i) => {
      const rule = line.product === undefined ? undefined : ruleOf.get(line.product);
      if (!rule || line.quantity <= 0) return;
      const list = linesOf.get(rule);
      if (list) list.push(i);
      else linesOf.set(rule, [i]);
    });
    for (const [rule, members] of linesOf) {
      const deal = applyRule(rule, members, lines);
      if (!deal) continue;
      for (const [line, amount] of deal.off) {
        charged[line] -= amount;
        inDeal[line] = rule.id;
      }
      deals.push({ promotion: rule.id, times: deal.times, units: deal.units, saving: deal.saving });
    }
  }

  if (maxGoodsWithVat !== undefined) {
    const total = charged.reduce((sum, c) => sum + c, 0);
    const excess = total - Math.max(0, maxGoodsWithVat);
    if (excess > 0) {
      const cut = spread(excess, charged);
      cut.forEach((c, i) => (charged[i] -= c));
    }
  }

  const priced: LinePricing[] = lines.map((line, i) => {
    const saving = full[i] - charged[i];
    // A line at its own price keeps its VAT exactly as shown (lineVat); a line in a deal pays VAT on its share.
    const net = saving === 0 ? line.offerPrice * line.quantity : netOf(charged[i], line.vatBasisPoints);
    return {
      fullPrice: full[i],
      charged: charged[i],
      saving,
      net,
      vat: charged[i] - net,
      promotion: inDeal[i],
    };
  });
  const goods = priced.reduce((sum, l) => sum + l.net, 0);
  const vat = priced.reduce((sum, l) => sum + l.vat, 0);
  const goodsBeforeSavings = goodsTotal(lines);
  const shipping = shippingFor(goodsBeforeSavings, settings);
  const savings = priced.reduce((sum, l) => sum + l.saving, 0);
  return {
    goods,
    vat,
    shipping,
    amount: goods + vat + shipping,
    savings,
    goodsBeforeSavings,
    lines: priced,
    deals,
  };
}

/** The price before VAT of an amount with VAT at a rate, rounded half up to the penny. */
export function netOf(withVat: number, vatBasisPoints: number): number {
  const divisor = 10000 + vatBasisPoints;
  return Math.floor((2 * withVat * 10000 + divisor) / (2 * divisor));
}

/**
 * `amount` pence shared out in proportion to `weights` (whole pence adding up to `amount`): each gets the floor
 * of its share, then the pence left go to the largest remainders (the earliest first on a tie).
 */
export function spread(amount: number, weights: readonly number[]): number[] {
  const total = weights.reduce((sum, w) => sum + w, 0);
  if (total <= 0) return weights.map(() => 0);
  const shares = weights.map((w) => Math.floor((amount * w) / total));
  let left = amount - shares.reduce((sum, s) => sum + s, 0);
  const order = weights
    .map((w, i) => ({ i, rest: (amount * w) % total }))
    .sort((a, b) => b.rest - a.rest || a.i - b.i);
  for (let k = 0; left > 0; k = (k + 1) % order.length, left--) shares[order[k].i] += 1;
  return shares;
}

/**
 * One promotion applied to its lines: its kind groups the units into deals; each deal's saving is shared over its
 * units by their prices. The saving per line (line index to pence off), how many deals and units. Undefined when
 * no deal saves anything.
 */
function applyRule(
  rule: PromotionRule,
  members: readonly number[],
  lines: readonly BasketLine[],
): { off: Map<number, number>; times: number; units: number; saving: number } | undefined {
  const all: DealUnit[] = [];
  for (const i of members) {
    const price = unitPriceWithVat(lines[i].offerPrice, lines[i].vatBasisPoints);
    for (let n = 0; n < lines[i].quantity; n++) all.push({ line: i, price });
  }
  all.sort((a, b) => b.price - a.price || a.line - b.line);
  const off = new Map<number, number>();
  let times = 0;
  let units = 0;
  for (const group of promotionKind(rule.kind).groups(rule, all)) {
    const shares = spread(
      group.saving,
      group.units.map((u) => u.price),
    );
    group.units.forEach((u, k) => off.set(u.line, (off.get(u.line) ?? 0) + shares[k]));
    times += 1;
    units += group.units.length;
  }
  const saving = [...off.values()].reduce((sum, s) => sum + s, 0);
  return saving > 0 ? { off, times, units, saving } : undefined;
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
  /** The ordered product, for the promotions (a substitute takes its place in the product's deal). */
  product?: string;
  /** Unit price (pence) and VAT (basis points) of the ordered product, as placed. */
  price: number;
  vatBasisPoints: number;
  quantity: number;
  /** Units found; null before picking (all of them, then). */
  picked: number | null;
  substitute: { quantity: number; price: number; vatBasisPoints: number } | null;
  refused: boolean;
}

/** A stored order line's substitute as the pricing takes it: null when none was sent. */
export function storedSubstitute(line: {
  substituteQuantity: number | null;
  substitutePrice: number | null;
  substituteVatBasisPoints: number | null;
}): FulfilledLine['substitute'] {
  return line.substituteQuantity && line.substitutePrice !== null
    ? {
        quantity: line.substituteQuantity,
        price: line.substitutePrice,
        vatBasisPoints: line.substituteVatBasisPoints ?? 0,
      }
    : null;
}

/**
 * An order re-priced from what really goes to the door: the units found, substitutes at their own price and VAT,
 * refused lines left out, the shipping charge as placed (a shortage never raises it). With the promotions the
 * order was placed under, the deals are applied again (a substitute counts in the deal of the product it stands
 * in for), and with `agreed` (the order's goods with VAT as placed) the goods never cost more than that: a short
 * line that breaks a deal loses the deal only as far as the total falls.
 */
export function priceFulfilledOrder(
  lines: readonly FulfilledLine[],
  shippingCharge: number,
  options: FulfilledPricingOptions = {},
): OrderTotals {
  const { goods, vat, shipping, amount } = priceFulfilledBasket(lines, shippingCharge, options);
  return { goods, vat, shipping, amount };
}

export interface FulfilledPricingOptions {
  /** The promotions the order was placed under. */
  promotions?: readonly PromotionRule[];
  /** The order's goods with VAT as placed (its amount less shipping): the most the goods may now cost. */
  agreed?: number;
}

/** priceFulfilledOrder with each line's pricing and the deals' savings. */
export function priceFulfilledBasket(
  lines: readonly FulfilledLine[],
  shippingCharge: number,
  { promotions = [], agreed }: FulfilledPricingOptions = {},
): PricedBasket {
  const priced: BasketLine[] = [];
  for (const line of lines) {
    if (line.refused) continue;
    priced.push({
      product: line.product,
      offerPrice: line.price,
      quantity: line.picked ?? line.quantity,
      vatBasisPoints: line.vatBasisPoints,
    });
    if (line.substitute) {
      priced.push({
        product: line.product,
        offerPrice: line.substitute.price,
        quantity: line.substitute.quantity,
        vatBasisPoints: line.substitute.vatBasisPoints,
      });
    }
  }
  const basket = priceBasket(priced, { shippingCharge: 0, shippingThreshold: 0 }, promotions, {
    maxGoodsWithVat: agreed,
  });
  return { ...basket, shipping: shippingCharge, amount: basket.goods + basket.vat + shippingCharge };
}
