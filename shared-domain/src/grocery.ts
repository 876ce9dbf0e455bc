/** Stock counts, delivery-slot capacity, food information and search: the limits both sides check. */

/** A counted stock is a whole number in this range; null means the seller does not count it. */
export const MAX_STOCK = 100_000;

/** Delivery addresses one customer may keep. */
export const MAX_ADDRESSES_PER_CUSTOMER = 20;

/** Upper bound on the length of any one address field. */
export const ADDRESS_FIELD_MAX_LENGTH = 120;

/** At or below this many units the shop says "Only N left" and the seller sees the product as low. */
export const LOW_STOCK_THRESHOLD = 5;

/** Orders one delivery slot takes by default, and the range the seller may set. */
export const DEFAULT_SLOT_CAPACITY = 20;
export const MIN_SLOT_CAPACITY = 1;
export const MAX_SLOT_CAPACITY = 1000;

export const MAX_INGREDIENTS_LENGTH = 2000;

/** Search text, once trimmed. */
export const SEARCH_MIN_LENGTH = 1;
export const SEARCH_MAX_LENGTH = 100;

/**
 * The 14 allergens that UK food law requires a seller to declare (Food Information Regulations), with the
 * words the shop uses for each in "Contains: ..." and the words to embolden in an ingredients list.
 */
export const ALLERGENS = [
  { id: 'celery', label: 'celery', words: ['celery', 'celeriac'] },
  {
    id: 'gluten',
    label: 'cereals containing gluten',
    words: ['wheat', 'rye', 'barley', 'oats', 'oat', 'spelt', 'kamut', 'gluten'],
  },
  {
    id: 'crustaceans',
    label: 'crustaceans',
    words: ['crustaceans', 'crab', 'lobster', 'prawns', 'prawn', 'shrimp', 'langoustine'],
  },
  { id: 'eggs', label: 'eggs', words: ['eggs', 'egg'] },
  { id: 'fish', label: 'fish', words: ['fish', 'anchovy', 'anchovies', 'cod', 'salmon', 'tuna'] },
  { id: 'lupin', label: 'lupin', words: ['lupin'] },
  {
    id: 'milk',
    label: 'milk',
    words: [
      'milk',
      'butter',
      'cheese',
      'cream',
      'yoghurt',
      'yogurt',
      'whey',
      'lactose',
      'buttermilk',
      'ghee',
    ],
  },
  { id: 'molluscs', label: 'molluscs', words: ['molluscs', 'mussels', 'oysters', 'squid', 'octopus'] },
  { id: 'mustard', label: 'mustard', words: ['mustard'] },
  {
    id: 'nuts',
    label: 'nuts',
    words: [
      'nuts',
      'almonds',
      'almond',
      'hazelnuts',
      'hazelnut',
      'walnuts',
      'walnut',
      'cashews',
      'cashew',
      'pecans',
      'pistachios',
      'macadamia',
    ],
  },
  { id: 'peanuts', label: 'peanuts', words: ['peanuts', 'peanut', 'groundnut'] },
  { id: 'sesame', label: 'sesame', words: ['sesame'] },
  { id: 'soya', label: 'soya', words: ['soya', 'soy', 'soybean', 'soybeans'] },
  {
    id: 'sulphites',
    label: 'sulphites',
    words: ['sulphites', 'sulphite', 'sulphur dioxide', 'sulfites', 'metabisulphite'],
  },
] as const;

export type AllergenId = (typeof ALLERGENS)[number]['id'];
export const ALLERGEN_IDS: readonly AllergenId[] = ALLERGENS.map((a) => a.id);

export function isAllergenId(value: unknown): value is AllergenId {
  return typeof value === 'string' && (ALLERGEN_IDS as readonly string[]).includes(value);
}

/** "Contains: milk, eggs, cereals containing gluten" for the allergens given, in the order given; '' for none. */
export function allergyAdvice(allergens: readonly string[]): string {
  const labels = allergens
    .map((id) => ALLERGENS.find((a) => a.id === id)?.label)
    .filter((label): label is NonNullable<typeof label> => Boolean(label));
  return labels.length ? `Contains: ${labels.join(', ')}` : '';
}

/**
 * Splits an ingredients text into plain and emphasised parts: words naming one of the declared allergens are
 * emphasised (shown in bold, as UK labels do). Matching is whole-word and case-insensitive.
 */
export function emphasiseAllergens(
  ingredients: string,
  allergens: readonly string[],
): { text: string; allergen: boolean }[] {
  const words = ALLERGENS.filter((a) => allergens.includes(a.id))
    .flatMap((a) => [...a.words])
    .sort((a, b) => b.length - a.length)
    .map((w) => w.replace(/[.*+?^${}()|[\]\\]/g, '\\$&'));
  if (!words.length || !ingredients) return ingredients ? [{ text: ingredients, allergen: false }] : [];
  const pattern = new RegExp(`\\b(${words.join('|')})\\b`, 'gi');
  const parts: { text: string; allergen: boolean }[] = [];
  let last = 0;
  for (const match of ingredients.matchAll(pattern)) {
    const at = match.index ?? 0;
    if (at > last) parts.push({ text: ingredients.slice(last, at), allergen: false });
    parts.push({ text: match[0], allergen: true });
    last = at + match[0].length;
  }
  if (last < ingredients.length) parts.push({ text: ingredients.slice(last), allergen: false });
  return parts;
}

/** Whether a shopper can buy the product now: the seller's switch is on and stock is not counted or above 0. */
export function isPurchasable(product: { listed: boolean; stock: number | null }): boolean {
  return product.listed && (product.stock === null || product.stock > 0);
}
