/**
 * The kinds of promotion, each in a file of its own implementing PromotionKindRules: how it groups a basket's units,
 * what each group saves, its label, its promotional unit price, and the terms a seller may give it. The pricing
 * (pricing.ts), the labels and nudges (promotions.ts), the server's checks and the pages ask the kind's rules and
 * never branch on its name. Money is pence with VAT, as shoppers see prices.
 */

/** The kinds of promotion: "3 for £5" (mix and match), "3 for 2" (cheapest free), "Was £2.50, now £1.80". */
export const PROMOTION_KINDS = ['multibuy', 'buy_get_free', 'reduction'] as const;
export type PromotionKind = (typeof PROMOTION_KINDS)[number];

/** A running promotion as the pricing takes it: money in pence with VAT, as the shopper sees prices. */
export interface PromotionRule {
  id: string;
  kind: PromotionKind;
  /** Ids of the products it covers (a multi-buy mixes and matches any of them). */
  products: readonly string[];
  /** multibuy: units in one deal; buy_get_free: units paid for in one deal; reduction: 1. */
  quantity: number;
  /** multibuy: one deal's price; reduction: one unit's price; buy_get_free: 0. Pence with VAT. */
  price: number;
  /** buy_get_free: units free in one deal (the cheapest of it); otherwise 0. */
  free: number;
}

/** The terms of a rule (without its id and products). */
export type PromotionTerms = Pick<PromotionRule, 'quantity' | 'price' | 'free'>;

/** One unit of a basket's lines that a promotion covers: its line and its price with VAT. */
export interface DealUnit {
  line: number;
  price: number;
}

/** A deal a promotion made of some units, and what it saved on them (pence; shared over them by price). */
export interface DealGroup {
  units: DealUnit[];
  saving: number;
}

/** What a seller gives for a promotion, checked against the products' own prices (pence with VAT). */
export interface TermsInput {
  quantity?: number;
  /** Pence with VAT. */
  price?: number;
  free?: number;
  /** How many products it covers, and each one's own price. */
  productCount: number;
  ownPrices: readonly number[];
}

/** The terms checked: what to store, or the first problem's message (400). */
export type CheckedTerms = { terms: PromotionTerms } | { problem: string };

/** What the seller's form shows for the kind. */
export interface KindForm {
  /** The choice's words in the kind menu. */
  choice: string;
  /** The label of the units box, or null when the kind has none. */
  quantityLabel: string | null;
  /** The label of the price box (pounds with VAT), or null when the kind has none. */
  priceLabel: string | null;
  /** Whether the seller says how many units are free. */
  free: boolean;
  /** One product, or any number mixed and matched. */
  products: 'one' | 'many';
}

export interface PromotionKindRules {
  readonly kind: PromotionKind;
  readonly form: KindForm;
  /**
   * A volume price promotion (a multi-buy, or an offer of something free) in the sense of the Food (Promotion and
   * Placement) (England) Regulations 2021 reg. 3; a plain reduction is not one.
   */
  readonly volume: boolean;
  /**
   * It lowers the product's own shelf price (shown as the price, with the earlier one struck through while the
   * pricing practices guidance lets it be called "Was"), rather than pricing units together.
   */
  readonly reducesShelfPrice: boolean;
  /** Units in one deal. */
  dealSize(rule: PromotionTerms): number;
  /** How it groups the units it covers (dearest first) into deals, and what each deal saves. */
  groups(rule: PromotionTerms, units: readonly DealUnit[]): DealGroup[];
  /** The label shoppers read; `was` (pence) is the struck-through price a reduction may show. */
  label(terms: PromotionTerms & { productCount: number; was?: number }): string;
  /** The promotional unit price's basis: this many pence for this many packs (given one pack's own price). */
  unitPricing(rule: PromotionTerms, ownPrice: number): { pence: number; packs: number };
  /** The seller's terms checked (the reference price of a reduction is the server's to check, from history). */
  terms(input: TermsInput): CheckedTerms;
}

/** "£5", "£1.80", "80p": a price in a label. */
export function formatLabelPrice(pence: number): string {
  if (pence < 100) return `${pence}p`;
  return pence % 100 === 0 ? `£${pence / 100}` : `£${(pence / 100).toFixed(2)}`;
}

/** The most units one deal may take ("3 for £5": 3; "3 for 2": 2 + 1). */
export const MAX_DEAL_UNITS = 20;
