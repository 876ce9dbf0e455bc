/**
 * Promotions as shoppers read them: the label ("3 for £5", "3 for 2", "Was £2.50, now £1.80"), the unit price at
 * the promotional price (Price Marking Order 2004 as amended from 6 April 2026), what would complete a deal, and
 * the rules a promotion must keep. The pricing itself is priceBasket in pricing.ts.
 */
import { unitPrice, type PackUnit, type UnitPrice } from './food';
import { dateFormat } from './date-format';
import { addCalendarDays, londonInstant, londonParts, parseIsoDate, SHOP_TIME_ZONE } from './london-time';
import { formatPence, unitPriceWithVat } from './pricing';
import {
  isPromotionKind,
  PROMOTION_TERM_TEXTS,
  promotionKind,
  type PromotionKind,
  type PromotionRule,
} from './promotion-kinds';

/** Days before a reduction starts during which its "was" price must have been the product's only price. */
export const WAS_PRICE_DAYS = 28;
/** The most products one promotion may cover. */
export const MAX_PROMOTION_PRODUCTS = 50;

export const PROMOTION_TEXTS = {
  onOffer: 'On offer',
  rrp: 'RRP',
  was: 'Was',
  ends: 'Ends',
  youSave: 'You save',
  totalSavings: 'Total savings',
  youSaved: 'You saved',
  promotionCreated: 'Promotion created',
  promotionUpdated: 'Promotion updated',
  promotionEnded: 'Promotion ended',
  promotionNotFound: 'Promotion not found',
  invalidKind: 'Choose a kind of promotion: multibuy, buy_get_free or reduction',
  invalidProducts: `Choose 1 to ${MAX_PROMOTION_PRODUCTS} products, each once`,
  unknownProduct: 'One of the products does not exist',
  invalidDates: 'A promotion ends after it starts, and ends in the future',
  ...PROMOTION_TERM_TEXTS,
  endedPromotion: 'This promotion has ended',
  invalidOnOffer: 'onOffer must be true or false',
} as const;

/** 409: a product already in a promotion that runs at the same time. */
export function productInPromotionMessage(productName: string): string {
  return `${productName} is already in a promotion at that time`;
}

/** "You saved £1.80": what the promotions took off an order (pence), as its receipt and e-mail say it. */
export function youSavedText(savings: number): string {
  return `${PROMOTION_TEXTS.youSaved} ${formatPence(savings)}`;
}

/** 400: a reduction whose "was" price was not the product's price for the 28 days before it starts. */
export function wasPriceNotChargedMessage(productName: string, was: number): string {
  return `${productName} has not sold at ${formatPence(was)} for the ${WAS_PRICE_DAYS} days before the reduction starts, so it cannot be shown as the "was" price`;
}

/** "Add 1 more to get 3 for £5". */
export function addMoreForDealMessage(units: number, label: string): string {
  return `Add ${units} more to get ${label}`;
}

/** "Ends 30 Nov" style is the page's; this is the promotion's state at a time. */
export type PromotionState = 'running' | 'scheduled' | 'ended';

export function promotionState(p: { startsAt: Date; endsAt: Date }, now: Date): PromotionState {
  if (now.getTime() < p.startsAt.getTime()) return 'scheduled';
  if (now.getTime() >= p.endsAt.getTime()) return 'ended';
  return 'running';
}

/** Whether two periods [startsAt, endsAt) share a moment. */
export function periodsOverlap(
  a: { startsAt: Date; endsAt: Date },
  b: { startsAt: Date; endsAt: Date },
): boolean {
  return a.startsAt.getTime() < b.endsAt.getTime() && b.startsAt.getTime() < a.endsAt.getTime();
}

/** Units in one deal: "3 for £5" takes 3, "3 for 2" takes 3, a reduction 1. */
export function dealSize(rule: Pick<PromotionRule, 'kind' | 'quantity' | 'price' | 'free'>): number {
  return promotionKind(rule.kind).dealSize(rule);
}

/**
 * The label shoppers read: "3 for £5" (one product) or "Any 3 for £10" (mix and match), "3 for 2", and
 * "Was £2.50, now £1.80" for a reduction (`was`, pence with VAT; "Now £1.80" without it).
 */
export function promotionLabel(p: {
  kind: PromotionKind;
  quantity: number;
  price: number;
  free: number;
  productCount: number;
  was?: number;
}): string {
  return promotionKind(p.kind).label(p);
}

/** A product as the promotional unit price needs it: its price before VAT (pence), VAT and pack. */
export interface PromotedPack {
  offerPrice: number;
  vatBasisPoints: number;
  netQuantity: number | null;
  unit: PackUnit | null;
  category: string;
}

/**
 * The unit price at the promotional price, with VAT: a multi-buy's price over its packs ("3 for £5" on 500 g
 * packs: £5 / 1.5 kg = £3.33/kg), a reduction's price over one pack, "3 for 2" the price of 2 packs over 3.
 * Null without a pack size.
 */
export function promotionalUnitPrice(
  rule: Pick<PromotionRule, 'kind' | 'quantity' | 'price' | 'free'>,
  pack: PromotedPack,
): UnitPrice | null {
  const { pence, packs } = promotionKind(rule.kind).unitPricing(
    rule,
    unitPriceWithVat(pack.offerPrice, pack.vatBasisPoints),
  );
  return unitPrice(
    { offerPence: pence, netQuantity: pack.netQuantity, unit: pack.unit, category: pack.category },
    packs,
  );
}

/**
 * What would complete a deal: for each multi-buy or "N for M" whose products the basket holds a number of units
 * of that is not a whole number of deals, the units to add ("Add 1 more to get 3 for £5"). Lines name their
 * product; `labels` gives each promotion's label.
 */
export function dealNudges(
  lines: readonly { product: string; quantity: number }[],
  promotions: readonly (PromotionRule & { label: string })[],
): { promotion: string; missing: number; message: string }[] {
  const nudges: { promotion: string; missing: number; message: string }[] = [];
  for (const rule of promotions) {
    const size = dealSize(rule);
    if (size <= 1) continue;
    const products = new Set(rule.products);
    const units = lines.reduce((sum, l) => sum + (products.has(l.product) ? l.quantity : 0), 0);
    const rest = units % size;
    if (units === 0 || rest === 0) continue;
    const missing = size - rest;
    nudges.push({ promotion: rule.id, missing, message: addMoreForDealMessage(missing, rule.label) });
  }
  return nudges;
}

/**
 * Whether a product's price was `was` for the whole of the WAS_PRICE_DAYS before `startsAt`, from its price
 * history (every price it had with the moment it took effect, in any order; pence with VAT as shoppers saw
 * them): the price in force at the start of the period and every change inside it must all be `was`.
 */
export function wasPriceHeld(
  history: readonly { price: number; at: Date }[],
  was: number,
  startsAt: Date,
): boolean {
  const from = startsAt.getTime() - WAS_PRICE_DAYS * 24 * 60 * 60 * 1000;
  const sorted = [...history].sort((a, b) => a.at.getTime() - b.at.getTime());
  const before = sorted.filter((h) => h.at.getTime() <= from);
  const atStart = before[before.length - 1];
  if (!atStart || atStart.price !== was) return false;
  return sorted
    .filter((h) => h.at.getTime() > from && h.at.getTime() < startsAt.getTime())
    .every((h) => h.price === was);
}

/**
 * Until when a "Was" price may be shown (the CTSI pricing practices guidance): the product must have sold at
 * `was` for at least WAS_PRICE_DAYS immediately before the reduction at `startsAt`, and the reduction may not be
 * shown against it for longer than the higher price itself ran. Returns the end of that period (the reduction's
 * start plus how long `was` had been the price), or null when the price was not held long enough.
 */
export function wasPriceShownUntil(
  history: readonly { price: number; at: Date }[],
  was: number,
  startsAt: Date,
): Date | null {
  if (!wasPriceHeld(history, was, startsAt)) return null;
  const before = [...history]
    .filter((h) => h.at.getTime() < startsAt.getTime())
    .sort((a, b) => a.at.getTime() - b.at.getTime());
  let since = before.length - 1;
  while (since > 0 && before[since - 1].price === was) since--;
  const heldFor = startsAt.getTime() - before[since].at.getTime();
  return new Date(startsAt.getTime() + heldFor);
}

/** Whether a "Was" price is still true at `now` (see wasPriceShownUntil). */
export function wasPriceShownAt(
  history: readonly { price: number; at: Date }[],
  was: number,
  startsAt: Date,
  now: Date,
): boolean {
  const until = wasPriceShownUntil(history, was, startsAt);
  return until !== null && now.getTime() < until.getTime();
}

/**
 * A promotion's start or end as given: "2026-03-29" (a London date: its start, or for an end the start of the
 * next day, so the whole day is in), "2026-03-29T09:00" (London wall-clock time), or an ISO instant with its
 * offset ("2026-03-29T09:00:00+01:00", "...Z"). Undefined when it is none of these.
 */
export function parsePromotionTime(value: string, edge: 'start' | 'end'): Date | undefined {
  const date = parseIsoDate(value);
  if (date) {
    if (edge === 'start') return londonInstant(date.year, date.month, date.day);
    const next = parseIsoDate(addCalendarDays(date.year, date.month, date.day, 1))!;
    return londonInstant(next.year, next.month, next.day);
  }
  const local = /^(\d{4}-\d{2}-\d{2})T(\d{2}):(\d{2})$/.exec(value);
  if (local) {
    const day = parseIsoDate(local[1]);
    const [hour, minute] = [Number(local[2]), Number(local[3])];
    if (!day || hour > 23 || minute > 59) return undefined;
    return londonInstant(day.year, day.month, day.day, hour, minute);
  }
  if (!/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d{1,3})?)?(Z|[+-]\d{2}:\d{2})$/.test(value))
    return undefined;
  const instant = new Date(value);
  return Number.isNaN(instant.getTime()) ? undefined : instant;
}

/** A promotion as the API answers it (price in pounds with VAT). */
export interface PromotionAnswer {
  _id: string;
  kind: string;
  label: string;
  products: readonly string[];
  quantity: number;
  price: number;
  free: number;
}

/** The promotions the API answers, as the pricing takes them (pence), with their labels. */
export function promotionRules(
  promotions: readonly PromotionAnswer[],
): (PromotionRule & { label: string })[] {
  return promotions
    .filter((p): p is PromotionAnswer & { kind: PromotionKind } => isPromotionKind(p.kind))
    .map((p) => ({
      id: p._id,
      kind: p.kind,
      label: p.label,
      products: p.products,
      quantity: p.quantity,
      price: Math.round(p.price * 100),
      free: p.free,
    }));
}

const endDay = dateFormat({ timeZone: SHOP_TIME_ZONE, weekday: 'short', day: 'numeric', month: 'short' });
const endTime = dateFormat({
  timeZone: SHOP_TIME_ZONE,
  hour: '2-digit',
  minute: '2-digit',
  hourCycle: 'h23',
});

/**
 * "Ends Tue 7 Jul" for a promotion that runs to the end of 7 July in London (its end, the first moment it no
 * longer runs, is midnight), "Ends Mon 3 Aug, 20:00" for one that ends at another time.
 */
export function promotionEndsText(endsAt: string | Date): string {
  const end = new Date(endsAt);
  const parts = londonParts(end);
  if (parts.hour === 0 && parts.minute === 0) {
    return `${PROMOTION_TEXTS.ends} ${endDay().format(new Date(end.getTime() - 1))}`;
  }
  return `${PROMOTION_TEXTS.ends} ${endDay().format(end)}, ${endTime().format(end)}`;
}
