/**
 * Receipts and the shop's takings: who the seller is (the business details the law asks an online shop to show),
 * what kind of document a delivered order's receipt is, and what was supplied at each VAT rate. Money is pence and
 * VAT rates basis points, as everywhere.
 */
import { unitPriceWithVat } from './pricing';

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

/**
 * What was handed over: each line's units found (all of them before picking) and each substitute, at the prices
 * stored on the order (a unit's price with VAT as the shopper saw it); refused lines and missing units are gone.
 */
export function suppliedLines(lines: readonly StoredLine[]): SuppliedLine[] {
  const supplied: SuppliedLine[] = [];
  for (const line of lines) {
    if (line.refused) continue;
    const units = line.picked ?? line.quantity;
    if (units > 0)
      supplied.push({
        name: line.name,
        quantity: units,
        gross: unitPriceWithVat(line.price, line.vatBasisPoints) * units,
        net: line.price * units,
        vatBasisPoints: line.vatBasisPoints,
      });
    if (line.substituteName && line.substituteQuantity && line.substitutePrice !== null) {
      const rate = line.substituteVatBasisPoints ?? 0;
      supplied.push({
        name: line.substituteName,
        quantity: line.substituteQuantity,
        gross: unitPriceWithVat(line.substitutePrice, rate) * line.substituteQuantity,
        net: line.substitutePrice * line.substituteQuantity,
        vatBasisPoints: rate,
      });
    }
  }
  return supplied;
}

/** One VAT rate's share of an order or a day: pence before VAT, the VAT, and with it. */
export interface VatRateTotal {
  vatBasisPoints: number;
  net: number;
  vat: number;
  gross: number;
}

/**
 * The goods of an order per VAT rate, made to add up to the order's own goods and VAT to the penny: each rate's
 * lines as supplied, and any difference from the order's stored figures (a promotion's saving spread over its
 * lines) given to the rate with the most goods. The delivery charge, which carries no VAT here, is not included.
 * The takings query (SQL) applies the same rule.
 */
export function vatRateTotals(
  lines: readonly SuppliedLine[],
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
    total.vat += line.gross - line.net;
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

/** What a receipt's "change" is: cash handed over beyond what was due, never below 0 (pence). */
export function changeGiven(due: number, cash: number, card: number): number {
  return Math.max(0, cash + card - due);
}
