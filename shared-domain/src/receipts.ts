/**
 * Receipts and the shop's takings: who the seller is (the business details the law asks an online shop to show),
 * what kind of document a delivered order's receipt is, and what was supplied at each VAT rate. Money is pence and
 * VAT rates basis points, as everywhere.
 */
import { deliveryShares, type RateAmounts } from './delivery-vat';
import {
  priceFulfilledBasket,
  storedSubstitute,
  unitPriceWithVat,
  type FulfilledLine,
  type LinePricing,
} from './pricing';
import type { PromotionRule } from './promotion-kinds';

/** The business details' limits. */
export const MAX_BUSINESS_TEXT_LENGTH = 200;

/**
 * A UK VAT registration number as HMRC writes it: GB and 9 digits, GB and 12 digits (a branch), or GBGD / GBHA
 * and 3 digits (government departments, health authorities). Spaces are ignored.
 */
const GB_VAT_NUMBER = /^GB(\d{9}|\d{12}|GD[0-4]\d{2}|HA[5-9]\d{2})$/;

/** The VAT number written the one way it is stored ("gb 123 4567 89" → "GB123456789"), or undefined when invalid. */
export function normaliseVatNumber(value: string): string | undefined {
  const compact = value.replace(/\s+/g, '').toUpperCase();
  return GB_VAT_NUMBER.test(compact) ? compact : undefined;
}

/** A UK company number: 8 characters, digits or a 2-letter prefix (SC, NI, OC…) and 6 digits. */
export function normaliseCompanyNumber(value: string): string | undefined {
  const compact = value.replace(/\s+/g, '').toUpperCase();
  return /^([A-Z]{2}\d{6}|\d{8})$/.test(compact) ? compact : undefined;
}

/**
 * Above this total (pence, with VAT) a VAT-registered seller gives a full VAT invoice; at or below it a less
 * detailed (simplified) one will do (HMRC, VAT Notice 700, 16.6).
 */
export const SIMPLIFIED_INVOICE_LIMIT = 25000;

export const RECEIPT_KINDS = ['receipt', 'simplified_vat_invoice', 'full_vat_invoice'] as const;
export type ReceiptKind = (typeof RECEIPT_KINDS)[number];

/** A plain receipt without a VAT number; with one, a simplified VAT invoice up to £250 and a full one above. */
export function receiptKind(vatNumber: string | null | undefined, total: number): ReceiptKind {
  if (!vatNumber) return 'receipt';
  return total > SIMPLIFIED_INVOICE_LIMIT ? 'full_vat_invoice' : 'simplified_vat_invoice';
}

export const RECEIPT_TITLES: Record<ReceiptKind, string> = {
  receipt: 'Receipt',
  simplified_vat_invoice: 'VAT invoice',
  full_vat_invoice: 'VAT invoice',
};

/** An order line as stored (pence): what was ordered, found, refused and sent instead. */
export interface StoredLine {
  name: string;
  price: number;
  vatBasisPoints: number;
  quantity: number;
  picked: number | null;
  refused: boolean;
  substituteName: string | null;
  substituteQuantity: number | null;
  substitutePrice: number | null;
  substituteVatBasisPoints: number | null;
}

/** A line of what was supplied: units, what they cost with VAT and before it, and their VAT rate. */
export interface SuppliedLine {
  name: string;
  quantity: number;
  /** Pence with VAT. */
  gross: number;
  /** Pence before VAT. */
  net: number;
  vatBasisPoints: number;
}

/** An order line as stored, with the product that puts it in a deal (a substitute joins its product's deal). */
export interface StoredOrderLine extends StoredLine {
  product?: string;
}

/** A line supplied, at its own price (SuppliedLine) and as it was charged once the order's deals were applied. */
export interface PricedSuppliedLine extends SuppliedLine {
  /** What the line costs (`charged`, `net`, `vat`), its share of the deals' saving and its deal. */
  pricing: LinePricing;
}

/** What was supplied, priced; and the goods per VAT rate (delivery not included). */
export interface PricedSupply {
  lines: PricedSuppliedLine[];
  rates: VatRateTotal[];
}

/**
 * What was handed over and what it cost, priced as picking and the door priced the order (priceFulfilledBasket):
 * each line's units found (all of them before picking) and each substitute, refused lines and missing units gone,
 * the deals the order was placed with applied again, the goods never above what was agreed (the order's amount
 * less its delivery charge). Each line carries its own price (gross and net of its units at the stored price, as
 * the shopper saw it) and its pricing (its share of the deals' saving, and the net and VAT of what it costs at its
 * own rate). `rates` sums the priced lines per VAT rate (vatRateTotals), so a deal mixing a 0% and a 20% product
 * leaves each rate what its own lines cost.
 */
export function pricedSupply(
  lines: readonly StoredOrderLine[],
  order: { goods: number; totalVat: number; amount: number; shippingCharge: number },
  promotions: readonly PromotionRule[] = [],
): PricedSupply {
  const fulfilled: FulfilledLine[] = lines.map((line) => ({
    product: line.product,
    price: line.price,
    vatBasisPoints: line.vatBasisPoints,
    quantity: line.quantity,
    picked: line.picked,
    refused: line.refused,
    substitute: storedSubstitute(line),
  }));
  const basket = priceFulfilledBasket(fulfilled, order.shippingCharge, {
    promotions,
    agreed: order.amount - order.shippingCharge,
  });
  // priceFulfilledBasket prices each line kept, then its substitute when it has one, in that order.
  const supplied: PricedSuppliedLine[] = [];
  const amounts: RateAmounts[] = [];
  let at = 0;
  lines.forEach((line, i) => {
    if (line.refused) return;
    const own = basket.lines[at++];
    const units = line.picked ?? line.quantity;
    // A line none of whose units were found costs nothing and adds no rate.
    if (units > 0) {
      amounts.push({ vatBasisPoints: line.vatBasisPoints, net: own.net, vat: own.vat });
      supplied.push({
        name: line.name,
        quantity: units,
        gross: unitPriceWithVat(line.price, line.vatBasisPoints) * units,
        net: line.price * units,
        vatBasisPoints: line.vatBasisPoints,
        pricing: own,
      });
    }
    const substitute = fulfilled[i].substitute;
    if (!substitute) return;
    const priced = basket.lines[at++];
    amounts.push({ vatBasisPoints: substitute.vatBasisPoints, net: priced.net, vat: priced.vat });
    if (line.substituteName)
      supplied.push({
        name: line.substituteName,
        quantity: substitute.quantity,
        gross: unitPriceWithVat(substitute.price, substitute.vatBasisPoints) * substitute.quantity,
        net: substitute.price * substitute.quantity,
        vatBasisPoints: substitute.vatBasisPoints,
        pricing: priced,
      });
  });
  return { lines: supplied, rates: vatRateTotals(amounts, order) };
}

/** One VAT rate's share of an order or a day: pence before VAT, the VAT, and with it. */
export interface VatRateTotal {
  vatBasisPoints: number;
  net: number;
  vat: number;
  gross: number;
}

/**
 * The goods of an order per VAT rate: the net and VAT of its priced lines (LinePricing, each deal's saving already
 * spread over its lines at their own rates) summed per rate, made to add up to the order's own goods and VAT to
 * the penny: a difference from the order's stored figures (a rounding remainder, such as a penny a tie in the
 * spreading gives another line when the lines come in another order than at checkout) is given to the rate with
 * the most goods. The delivery charge, which carries no VAT here, is not included.
 */
export function vatRateTotals(
  lines: readonly RateAmounts[],
  order: { goods: number; totalVat: number },
): VatRateTotal[] {
  const byRate = new Map<number, VatRateTotal>();
  for (const line of lines) {
    const total = byRate.get(line.vatBasisPoints) ?? {
      vatBasisPoints: line.vatBasisPoints,
      net: 0,
      vat: 0,
      gross: 0,
    };
    total.net += line.net;
    total.vat += line.vat;
    byRate.set(line.vatBasisPoints, total);
  }
  const totals = [...byRate.values()].sort((a, b) => a.vatBasisPoints - b.vatBasisPoints);
  if (!totals.length) return [];
  const largest = totals.reduce((best, t) =>
    t.net + t.vat > best.net + best.vat ||
    (t.net + t.vat === best.net + best.vat && t.vatBasisPoints > best.vatBasisPoints)
      ? t
      : best,
  );
  largest.net += order.goods - totals.reduce((sum, t) => sum + t.net, 0);
  largest.vat += order.totalVat - totals.reduce((sum, t) => sum + t.vat, 0);
  for (const t of totals) t.gross = t.net + t.vat;
  return totals;
}

/** A delivered order's line as stored with it: what was supplied and what it was charged (pence). */
export interface StoredSupplyLine {
  name: string;
  quantity: number;
  vatBasisPoints: number;
  /** The units at their own price, with VAT (as the shopper saw it) and before VAT. */
  gross: number;
  net: number;
  /** What the line was charged with VAT, and its net and VAT at its own rate (net + vat = charged). */
  charged: number;
  chargedNet: number;
  chargedVat: number;
  /** Its share of the deals' saving, and the promotion whose deal holds some of its units. */
  saving: number;
  promotion: string | null;
}

/**
 * What a delivered order supplied and what it cost, stored with the order when it is completed and read by its
 * receipt, its takings and its e-mail (never priced again): the lines, the goods per VAT rate (adding up to the
 * order's goods and VAT) and the delivery charge's share per VAT rate (adding up to the charge).
 */
export interface StoredSupply {
  lines: StoredSupplyLine[];
  rates: RateAmounts[];
  delivery: RateAmounts[];
}

/** A priced supply (pricedSupply) as it is stored with its order, with its delivery charge shared per rate. */
export function storedSupplyOf(supply: PricedSupply, shippingCharge: number): StoredSupply {
  const rates = supply.rates.map(({ vatBasisPoints, net, vat }) => ({ vatBasisPoints, net, vat }));
  return {
    lines: supply.lines.map((line) => ({
      name: line.name,
      quantity: line.quantity,
      vatBasisPoints: line.vatBasisPoints,
      gross: line.gross,
      net: line.net,
      charged: line.pricing.charged,
      chargedNet: line.pricing.net,
      chargedVat: line.pricing.vat,
      saving: line.pricing.saving,
      promotion: line.pricing.promotion,
    })),
    rates,
    delivery: deliveryShares(shippingCharge, rates),
  };
}

/** The goods and the delivery of a stored supply per VAT rate: what a receipt's VAT summary shows. */
export function suppliedRates(supply: StoredSupply): VatRateTotal[] {
  const byRate = new Map<number, VatRateTotal>();
  for (const part of [...supply.rates, ...supply.delivery]) {
    const total = byRate.get(part.vatBasisPoints) ?? {
      vatBasisPoints: part.vatBasisPoints,
      net: 0,
      vat: 0,
      gross: 0,
    };
    total.net += part.net;
    total.vat += part.vat;
    total.gross += part.net + part.vat;
    byRate.set(part.vatBasisPoints, total);
  }
  return [...byRate.values()].sort((a, b) => a.vatBasisPoints - b.vatBasisPoints);
}
