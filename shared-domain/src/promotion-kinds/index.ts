import { buyGetFree } from './buy-get-free';
import { PROMOTION_KINDS, type PromotionKind, type PromotionKindRules } from './kind';
import { multibuy } from './multibuy';
import { reduction } from './reduction';

export * from './kind';
export * from './texts';

/** Each kind's rules, by its name. */
const KINDS: Record<PromotionKind, PromotionKindRules> = {
  multibuy,
  buy_get_free: buyGetFree,
  reduction,
};

/** The rules of a kind of promotion. */
export function promotionKind(kind: PromotionKind): PromotionKindRules {
  return KINDS[kind];
}

/** Whether a string names a kind of promotion. */
export function isPromotionKind(value: unknown): value is PromotionKind {
  return typeof value === 'string' && (PROMOTION_KINDS as readonly string[]).includes(value);
}

/** Every kind's rules, in PROMOTION_KINDS order (the seller's menu). */
export const PROMOTION_KIND_RULES: readonly PromotionKindRules[] = PROMOTION_KINDS.map((kind) => KINDS[kind]);

/** Whether a promotion of this kind (a name from an answer) lowers the product's own shelf price. */
export function reducesShelfPrice(kind: string): boolean {
  return isPromotionKind(kind) && KINDS[kind].reducesShelfPrice;
}
