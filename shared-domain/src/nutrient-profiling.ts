/**
 * "Less healthy" food and drink under the Food (Promotion and Placement) (England) Regulations 2021
 * (SI 2021/1368) and the Welsh regulations of 2025 (SI 2025/395): a product is less healthy when it falls in
 * one of the 13 categories of Schedule 1 and scores 4 or more (food) or 1 or more (drink) under the
 * Department of Health's nutrient profiling model (Nutrient Profiling Technical Guidance, 2011).
 *
 * Scores are worked per 100 g (per 100 ml for drinks) in whole tenths of a gram, so that a figure on a
 * threshold ("more than 4.5 g") scores the lower band, exactly as the guidance's tables are read.
 */
import type { Nutrition } from './food';
import { isDrinksCategory } from './food';
import { promotionKind, type PromotionKind } from './promotion-kinds';

/** The 13 categories of Schedule 1 to SI 2021/1368, in the Schedule's order. */
export const HFSS_CATEGORIES = [
  'soft-drinks',
  'savoury-snacks',
  'breakfast-cereals',
  'confectionery',
  'ice-cream',
  'cakes',
  'sweet-biscuits',
  'morning-goods',
  'desserts-puddings',
  'sweetened-yoghurt',
  'pizza',
  'potato-products',
  'ready-meals',
] as const;
export type HfssCategory = (typeof HFSS_CATEGORIES)[number];

/** Each category as the Schedule names it (shown in the seller's product form). */
export const HFSS_CATEGORY_LABELS: Record<HfssCategory, string> = {
  'soft-drinks': '1. Soft drinks with added sugar',
  'savoury-snacks': '2. Savoury snacks',
  'breakfast-cereals': '3. Breakfast cereals',
  confectionery: '4. Confectionery',
  'ice-cream': '5. Ice cream, ice lollies, frozen yoghurt and similar',
  cakes: '6. Cakes and cupcakes',
  'sweet-biscuits': '7. Sweet biscuits and bars based on nuts, seeds or cereal',
  'morning-goods': '8. Morning goods (pastries, buns, croissants, pancakes, waffles)',
  'desserts-puddings': '9. Desserts and puddings',
  'sweetened-yoghurt': '10. Sweetened yoghurt and fromage frais',
  pizza: '11. Pizza',
  'potato-products': '12. Potato products (chips, wedges, hash browns and similar)',
  'ready-meals': '13. Ready meals, breaded or battered products',
};

/** The form's label for null: the product is in none of the Schedule's categories. */
export const HFSS_NOT_IN_SCOPE_LABEL = 'Not in scope';

export function isHfssCategory(value: unknown): value is HfssCategory {
  return typeof value === 'string' && (HFSS_CATEGORIES as readonly string[]).includes(value);
}

/** The model's score a less healthy food reaches (regulation 3 and the guidance): 4 for food, 1 for drink. */
export const LESS_HEALTHY_FOOD_SCORE = 4;
export const LESS_HEALTHY_DRINK_SCORE = 1;

/** Band thresholds: a value MORE than the n-th threshold scores n points (tables 1-2 of the guidance). */
const ENERGY_KJ = [335, 670, 1005, 1340, 1675, 2010, 2345, 2680, 3015, 3350];
/** Tenths of a gram. */
const SATURATES = [10, 20, 30, 40, 50, 60, 70, 80, 90, 100];
const SUGARS = [45, 90, 135, 180, 225, 270, 310, 360, 400, 450];
/** Milligrams of sodium. */
const SODIUM_MG = [90, 180, 270, 360, 450, 540, 630, 720, 810, 900];
/** Percent of fruit, vegetables and nuts: more than 40, 60 and 80 score 1, 2 and 5. */
const FVN: readonly [number, number][] = [
  [80, 5],
  [60, 2],
  [40, 1],
];
/** Fibre by the AOAC method, tenths of a gram. */
const FIBRE_AOAC = [9, 19, 28, 37, 47];
/** Tenths of a gram. */
const PROTEIN = [16, 32, 48, 64, 80];

function bandPoints(value: number, thresholds: readonly number[]): number {
  let points = 0;
  for (const t of thresholds) if (value > t) points += 1;
  return points;
}

function tenths(grams: number): number {
  return Math.round(grams * 10);
}

export interface NutrientProfile {
  /** Energy, saturates, sugars and sodium points (0-40). */
  a: number;
  fruitVegNuts: number;
  fibre: number;
  protein: number;
  score: number;
}

/**
 * The nutrient profiling model's points and score, or null when a figure it needs is missing (fibre and the
 * fruit, vegetable and nut content are optional on labels; without them the score cannot be known).
 * Score = A - C, except that protein does not count when A is 11 or more unless fruit, vegetables and nuts
 * score the full 5 points.
 */
export function nutrientProfile(
  nutrition:
    Pick<Nutrition, 'energyKj' | 'saturates' | 'sugars' | 'salt' | 'fibre' | 'protein'> | null | undefined,
  fruitVegNuts: number | null | undefined,
): NutrientProfile | null {
  if (!nutrition || nutrition.fibre === null || nutrition.fibre === undefined) return null;
  if (fruitVegNuts === null || fruitVegNuts === undefined) return null;
  // Sodium = salt / 2.5: a tenth of a gram of salt is 40 mg of sodium.
  const sodiumMg = tenths(nutrition.salt) * 40;
  const a =
    bandPoints(nutrition.energyKj, ENERGY_KJ) +
    bandPoints(tenths(nutrition.saturates), SATURATES) +
    bandPoints(tenths(nutrition.sugars), SUGARS) +
    bandPoints(sodiumMg, SODIUM_MG);
  const fvn = FVN.find(([over]) => fruitVegNuts > over)?.[1] ?? 0;
  const fibre = bandPoints(tenths(nutrition.fibre), FIBRE_AOAC);
  const protein = bandPoints(tenths(nutrition.protein), PROTEIN);
  const proteinCounts = a < 11 || fvn >= 5;
  const score = a - (fvn + fibre + (proteinCounts ? protein : 0));
  return { a, fruitVegNuts: fvn, fibre, protein, score };
}

/** The model's score alone (see nutrientProfile); null when unknown. */
export function npmScore(
  nutrition: Parameters<typeof nutrientProfile>[0],
  fruitVegNuts: number | null | undefined,
): number | null {
  return nutrientProfile(nutrition, fruitVegNuts)?.score ?? null;
}

/** Whether a product is judged as a drink: soft drinks (category 1) and anything the shop sells as drinks. */
export function isHfssDrink(hfssCategory: HfssCategory | null, shopCategory: string): boolean {
  return hfssCategory === 'soft-drinks' || isDrinksCategory(shopCategory);
}

/**
 * Less healthy under regulation 3: true when in one of Schedule 1's categories and scoring 4 or more (food) or
 * 1 or more (drink); false when out of scope or below; null when in scope but the score is unknown.
 */
export function isLessHealthy(product: {
  hfssCategory: HfssCategory | null;
  category: string;
  npmScore: number | null;
}): boolean | null {
  if (product.hfssCategory === null) return false;
  if (product.npmScore === null) return null;
  const limit = isHfssDrink(product.hfssCategory, product.category)
    ? LESS_HEALTHY_DRINK_SCORE
    : LESS_HEALTHY_FOOD_SCORE;
  return product.npmScore >= limit;
}

/** Words in a product's name that point at a category (first match wins), before the shop category's guess. */
const NAME_HINTS: readonly [RegExp, HfssCategory][] = [
  [/\b(cola|lemonade|squash|soda|energy drink|fizzy|smoothie|milkshake)\b/i, 'soft-drinks'],
  [/\b(crisps?|popcorn|pretzels?|tortilla chips|nachos|puffs)\b/i, 'savoury-snacks'],
  [/\b(cereal|granola|muesli|porridge|cornflakes|flakes|oats)\b/i, 'breakfast-cereals'],
  [/\b(chocolate bar|sweets|toffee|fudge|chewing gum|lollipop|mints?|confectionery)\b/i, 'confectionery'],
  [/\b(ice cream|ice lolly|lollies|sorbet|frozen yoghurt|gelato)\b/i, 'ice-cream'],
  [/\b(cakes?|cupcakes?|muffins?|brownies?|flapjacks?)\b/i, 'cakes'],
  [/\b(biscuits?|cookies?|cereal bars?|digestives?|shortbread|wafers?)\b/i, 'sweet-biscuits'],
  [/\b(croissants?|pastr(y|ies)|buns?|pancakes?|waffles?|doughnuts?|scones?|pain au)\b/i, 'morning-goods'],
  [/\b(puddings?|desserts?|custard|trifle|cheesecake|mousse)\b/i, 'desserts-puddings'],
  [/\b(yoghurts?|yogurts?|fromage frais)\b/i, 'sweetened-yoghurt'],
  [/\bpizzas?\b/i, 'pizza'],
  [/\b(chips|fries|wedges|hash browns?|potato waffles?)\b/i, 'potato-products'],
  [/\b(ready meal|breaded|battered|nuggets|fish fingers|lasagne|curry)\b/i, 'ready-meals'],
];

/** A shop category's usual Schedule 1 category, when the name says nothing. */
const SHOP_CATEGORY_GUESS: Partial<Record<string, HfssCategory>> = {
  Drinks: 'soft-drinks',
  Instant: 'ready-meals',
  Bakery: 'morning-goods',
};

/**
 * The category the product form proposes from the shop category and the name (the seller decides): fresh
 * fruit, vegetables, spices and flour are proposed as not in scope unless the name says otherwise.
 */
export function proposeHfssCategory(product: { name: string; category: string }): HfssCategory | null {
  const fromName = NAME_HINTS.find(([pattern]) => pattern.test(product.name));
  if (fromName) return fromName[1];
  return SHOP_CATEGORY_GUESS[product.category] ?? null;
}

/** What the shop says of the food promotion rules (SI 2021/1368 regs 4-7) and its settings. */
export const FOOD_PROMOTION_TEXTS = {
  settingSentence:
    'Larder has 50 or more employees, so the Food (Promotion and Placement) Regulations apply: less healthy (HFSS) products are kept out of multi-buy and free offers and out of the home page and basket suggestions.',
  settingLabel: 'The food promotion rules apply to Larder (50 or more employees)',
  saved: 'Food promotion setting saved.',
  invalid: 'qualifyingBusiness must be true or false',
  notApplied:
    'Less healthy (HFSS) products in this promotion are not given its price while the food promotion rules apply:',
} as const;

/** 400: "{name} is less healthy (HFSS) and cannot be in a multi-buy or free offer." */
export function lessHealthyPromotionMessage(productName: string): string {
  return `${productName} is less healthy (HFSS) and cannot be in a multi-buy or free offer.`;
}

/**
 * The running promotions as the pricing may apply them while the food promotion rules apply (regulation 5 of
 * SI 2021/1368): a volume promotion (a multi-buy or a free offer) no longer covers the less healthy products in
 * it; a plain reduction still does. Unchanged when the rules do not apply.
 */
export function rulesUnderPromotionLaw<R extends { kind: PromotionKind; products: readonly string[] }>(
  rules: readonly R[],
  lessHealthy: ReadonlySet<string>,
  qualifyingBusiness: boolean,
): R[] {
  if (!qualifyingBusiness || !lessHealthy.size) return [...rules];
  return rules.map((rule) =>
    promotionKind(rule.kind).volume
      ? { ...rule, products: rule.products.filter((id) => !lessHealthy.has(id)) }
      : rule,
  );
}

/** Whether a product of this profile is less healthy (true only; unknown counts as not known to be). */
export function productIsLessHealthy(p: {
  nutrition: Parameters<typeof nutrientProfile>[0];
  fruitVegNuts: number | null;
  hfssCategory: HfssCategory | null;
  category: string;
}): boolean {
  return (
    isLessHealthy({
      hfssCategory: p.hfssCategory,
      category: p.category,
      npmScore: npmScore(p.nutrition, p.fruitVegNuts),
    }) === true
  );
}
