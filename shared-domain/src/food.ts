/**
 * Food information a UK shop shows before purchase: pack size and unit price (Price Marking Order 2004),
 * nutrition and the front-of-pack traffic lights, diets, and the business responsible for the food
 * (Food Information Regulations, retained Regulation (EU) 1169/2011 art. 8-9).
 */
import { decimalUnits, formatPounds, penceToPounds } from './pricing';
import { SHOP_LOCATION, SHOP_NAME } from './shop';
import { ALLERGEN_IDS, type AllergenId } from './grocery';

export const PACK_UNITS = ['g', 'kg', 'ml', 'l', 'each'] as const;
export type PackUnit = (typeof PACK_UNITS)[number];

export const UNIT_PRICE_PERS = ['kg', 'litre', '100g', '100ml', '10g', 'each'] as const;
export type UnitPricePer = (typeof UNIT_PRICE_PERS)[number];

/** The largest pack a product may declare (in its own unit): 100,000 of anything is not a grocery pack. */
export const MAX_NET_QUANTITY = 100_000;
/** Net quantity decimals: 0.375 kg, 1.5 l. */
export const NET_QUANTITY_DECIMALS = 3;

export interface UnitPrice {
  /** Pounds, rounded to the penny. */
  amount: number;
  per: UnitPricePer;
}

/** Categories whose products are herbs and spices (see unitPricePer). */
const HERBS_AND_SPICES: readonly string[] = ['Whole_Spices', 'Ground_Spices'];

/** Whether a product's category sells drinks: traffic lights then use the per-100 ml thresholds. */
export function isDrinksCategory(category: string): boolean {
  return category === 'Drinks';
}

/**
 * The quantity a unit price is given for, as the Price Marking Order 2004 (SI 2004/102) has it: article 5 and
 * Schedule 1 make the kilogram the unit for goods sold by weight, the litre for goods sold by volume and the
 * single item for goods sold by number; the government's guidance to traders on the Order accepts 100 g or
 * 100 ml for goods normally sold in small quantities (herbs and spices are its example) and 10 g for very small
 * packs, so that the figure stays readable and comparable with the shelf next to it. This shop reads that as:
 * - sold by number: per item ("each");
 * - herbs and spices: per 100 g, and per 10 g for packs of 10 g or less;
 * - anything else under 100 g or 100 ml: per 100 g or per 100 ml;
 * - everything else: per kg or per litre.
 * Products in one category are therefore compared in one unit, as the guidance asks.
 */
export function unitPricePer(pack: { netQuantity: number; unit: PackUnit; category: string }): UnitPricePer {
  if (pack.unit === 'each') return 'each';
  const base = baseMilli(pack.netQuantity, pack.unit);
  const byWeight = pack.unit === 'g' || pack.unit === 'kg';
  if (byWeight && HERBS_AND_SPICES.includes(pack.category)) return base <= 10_000 ? '10g' : '100g';
  if (base < 100_000) return byWeight ? '100g' : '100ml';
  return byWeight ? 'kg' : 'litre';
}

/**
 * Whether a pack is given whole or not at all: a quantity without its unit (or the reverse) says nothing a
 * shopper could compare, so the form and the API refuse it.
 */
export function isWholePack(pack: { netQuantity?: number | null; unit?: string | null }): boolean {
  return (
    (pack.netQuantity === undefined || pack.netQuantity === null) ===
    (pack.unit === undefined || pack.unit === null)
  );
}

/** Thousandths of a gram, millilitre or item in a pack (500 g -> 500000; 1.5 kg -> 1500000). */
function baseMilli(netQuantity: number, unit: PackUnit): number {
  const milli = decimalUnits(netQuantity, NET_QUANTITY_DECIMALS);
  if (milli === undefined || milli <= 0) throw new RangeError(`Not a net quantity: ${netQuantity}`);
  return unit === 'kg' || unit === 'l' ? milli * 1000 : milli;
}

/** Thousandths of a gram, millilitre or item in each `per`. */
const PER_MILLI: Record<UnitPricePer, number> = {
  kg: 1_000_000,
  litre: 1_000_000,
  '100g': 100_000,
  '100ml': 100_000,
  '10g': 10_000,
  each: 1000,
};

/**
 * The unit price of a pack sold at `offerPence`: pence times the unit over the pack, in whole numbers and
 * rounded half up to the penny (the largest product, £10,000 x 1 kg in milligrams, stays far below 2^53).
 * Null when the seller has given no pack size: a price per kilogram of an unknown weight would be invented.
 */
export function unitPrice(
  pack: {
    offerPence: number;
    netQuantity: number | null;
    unit: PackUnit | null;
    category: string;
  },
  /** Packs bought for `offerPence` ("3 for £5": 3), in the unit one pack is priced in. */
  packs = 1,
): UnitPrice | null {
  if (pack.netQuantity === null || pack.unit === null) return null;
  const per = unitPricePer({ netQuantity: pack.netQuantity, unit: pack.unit, category: pack.category });
  const base = baseMilli(pack.netQuantity, pack.unit) * packs;
  const numerator = pack.offerPence * PER_MILLI[per];
  const pence = Math.floor((2 * numerator + base) / (2 * base));
  return { amount: penceToPounds(pence), per };
}

/** "/kg", "/100g", "/litre", "/each": the suffix after the amount. */
const PER_TEXT: Record<UnitPricePer, string> = {
  kg: 'kg',
  litre: 'litre',
  '100g': '100g',
  '100ml': '100ml',
  '10g': '10g',
  each: 'each',
};

/** "£3.30/kg", the one form the shop prints a unit price in. */
export function formatUnitPrice(price: UnitPrice): string {
  return `${formatPounds(price.amount)}/${PER_TEXT[price.per]}`;
}

/** "500 g", "1.5 kg", "12 each" -> "500g", "1.5kg", "x12" as packs print them; '' without a pack size. */
export function formatPack(netQuantity: number | null, unit: PackUnit | null): string {
  if (netQuantity === null || unit === null) return '';
  const n = String(netQuantity);
  return unit === 'each' ? `x${n}` : unit === 'l' ? `${n}L` : `${n}${unit}`;
}

/* ---------- Nutrition and traffic lights ---------- */

/** Grams per 100 g or 100 ml, with one decimal; energy in whole kJ and kcal. */
export interface Nutrition {
  energyKj: number;
  energyKcal: number;
  fat: number;
  saturates: number;
  carbohydrate: number;
  sugars: number;
  /** Null when not declared (fibre is optional on UK labels). */
  fibre: number | null;
  protein: number;
  salt: number;
}

export const NUTRIENT_GRAMS = [
  'fat',
  'saturates',
  'carbohydrate',
  'sugars',
  'fibre',
  'protein',
  'salt',
] as const;

export type NutrientGrams = (typeof NUTRIENT_GRAMS)[number];

/** Each gram figure's name on its own, as a message about it starts ("Salt: ..."). */
export const NUTRIENT_NAMES: Record<NutrientGrams, string> = {
  fat: 'Fat',
  saturates: 'Saturates',
  carbohydrate: 'Carbohydrate',
  sugars: 'Sugars',
  fibre: 'Fibre',
  protein: 'Protein',
  salt: 'Salt',
};

/** The grams a label may print per 100 g or 100 ml. */
export const MAX_NUTRIENT_GRAMS = 100;

/**
 * Whether a gram figure is written as labels print it: 0 to 100 g, with up to two decimals below 1 g (salt
 * 0.31 g, saturates 0.05 g) and at most one from 1 g up (12.5 g; 1.25 g is not a printed figure). Counted in
 * hundredths, so float noise in 0.31 cannot refuse it.
 */
export function isLabelGrams(value: unknown): value is number {
  const hundredths = decimalUnits(value, 2);
  if (hundredths === undefined || hundredths < 0 || hundredths > MAX_NUTRIENT_GRAMS * 100) return false;
  return hundredths < 100 || hundredths % 10 === 0;
}

/** The rows of the nutrition table, in the order UK labels print them. */
export const NUTRITION_ROWS: readonly { key: keyof Nutrition; label: string; indent?: boolean }[] = [
  { key: 'fat', label: 'Fat' },
  { key: 'saturates', label: 'of which saturates', indent: true },
  { key: 'carbohydrate', label: 'Carbohydrate' },
  { key: 'sugars', label: 'of which sugars', indent: true },
  { key: 'fibre', label: 'Fibre' },
  { key: 'protein', label: 'Protein' },
  { key: 'salt', label: 'Salt' },
];

/** Reference intake wording as UK labels print it under the table. */
export const REFERENCE_INTAKE_NOTE = 'Reference intake of an average adult (8400 kJ / 2000 kcal)';

export const MAX_ENERGY_KJ = 4000;
export const MAX_ENERGY_KCAL = 1000;

export type TrafficLight = 'low' | 'medium' | 'high';
export interface TrafficLights {
  fat: TrafficLight;
  saturates: TrafficLight;
  sugars: TrafficLight;
  salt: TrafficLight;
}
export const TRAFFIC_LIGHT_NUTRIENTS = ['fat', 'saturates', 'sugars', 'salt'] as const;

/**
 * The per-100 g (food) and per-100 ml (drinks) thresholds of the Department of Health and Food Standards
 * Agency "Guide to creating a front of pack (FoP) nutrition label for pre-packed products sold through retail
 * outlets" (2016), in hundredths of a gram, the precision labels print (two decimals below 1 g): at or below
 * `low` is low, above `high` is high, between is medium, so salt 0.31 g is medium and 0.30 g low.
 * (The guide's per-portion red limits apply to portions over 100 g; a per-100 g shop label does not use them.)
 */
export const TRAFFIC_LIGHT_THRESHOLDS: Record<
  'food' | 'drink',
  Record<keyof TrafficLights, { low: number; high: number }>
> = {
  food: {
    fat: { low: 300, high: 1750 },
    saturates: { low: 150, high: 500 },
    sugars: { low: 500, high: 2250 },
    salt: { low: 30, high: 150 },
  },
  drink: {
    fat: { low: 150, high: 875 },
    saturates: { low: 75, high: 250 },
    sugars: { low: 250, high: 1125 },
    salt: { low: 30, high: 75 },
  },
};

/**
 * Grams to hundredths of a gram, the finest figure a label prints (salt 0.31 g), so 0.31 compares exactly with
 * a threshold of 30 hundredths and is never rounded down to 0.3.
 */
function hundredths(grams: number): number {
  return Math.round(grams * 100);
}

/**
 * The four front-of-pack colours for nutrition per 100 g (or per 100 ml for drinks); null without nutrition,
 * and null for alcoholic drinks (the shop's age-restricted products): drinks over 1.2% ABV are exempt from the
 * nutrition declaration, and green lights on them would read as a health claim.
 */
export function trafficLights(
  nutrition: Nutrition | null | undefined,
  category: string,
  ageRestricted = false,
): TrafficLights | null {
  if (!nutrition || ageRestricted) return null;
  const limits = TRAFFIC_LIGHT_THRESHOLDS[isDrinksCategory(category) ? 'drink' : 'food'];
  const light = (key: keyof TrafficLights): TrafficLight => {
    const value = hundredths(nutrition[key]);
    if (value <= limits[key].low) return 'low';
    return value > limits[key].high ? 'high' : 'medium';
  };
  return { fat: light('fat'), saturates: light('saturates'), sugars: light('sugars'), salt: light('salt') };
}

/** Words shown on each traffic light, so the colour is never the only signal. */
export const TRAFFIC_LIGHT_WORDS: Record<TrafficLight, string> = {
  low: 'Low',
  medium: 'Medium',
  high: 'High',
};

/* ---------- Diets, producer ---------- */

export const DIETS = ['vegetarian', 'vegan'] as const;
export type Diet = (typeof DIETS)[number];
export const DIET_LABELS: Record<Diet, string> = { vegetarian: 'Vegetarian', vegan: 'Vegan' };

/** Allergens from animals: a product containing one cannot be vegan. */
export const ANIMAL_ALLERGENS: readonly AllergenId[] = ['milk', 'eggs', 'fish', 'crustaceans', 'molluscs'];

/**
 * What is wrong across a product's food fields that no one field shows (the seller's form and the API refuse
 * the same): saturates above fat, sugars above carbohydrate, a vegan product with an animal allergen. The
 * MESSAGES key, or undefined.
 */
export function foodInformationProblem(food: {
  nutrition: Nutrition | null;
  dietary: readonly string[];
  allergens: readonly string[];
}): 'saturatesAboveFat' | 'sugarsAboveCarbohydrate' | 'veganWithAnimalAllergen' | undefined {
  const n = food.nutrition;
  if (n && n.saturates > n.fat) return 'saturatesAboveFat';
  if (n && n.sugars > n.carbohydrate) return 'sugarsAboveCarbohydrate';
  if (
    food.dietary.includes('vegan') &&
    food.allergens.some((a) => ANIMAL_ALLERGENS.includes(a as AllergenId))
  )
    return 'veganWithAnimalAllergen';
  return undefined;
}

export const MAX_STORAGE_LENGTH = 300;
export const MAX_ORIGIN_LENGTH = 120;
export const MAX_PRODUCER_NAME_LENGTH = 120;
export const MAX_PRODUCER_ADDRESS_LENGTH = 300;

/** The food business operator named on a label. */
export interface Producer {
  name: string;
  address: string;
}

/** The shop, named as the business responsible for the food it sells under its own name. */
export const SHOP_AS_PRODUCER: Producer = { name: SHOP_NAME, address: SHOP_LOCATION };

/**
 * Who is responsible for the food: the producer entered, or else the shop itself, by the legal name and address
 * of its saved business details ("Larder, London, UK" until they are saved).
 */
export function businessResponsible(
  producer: Producer | null | undefined,
  shop?: { legalName: string; address: string } | null,
): Producer {
  return producer ?? (shop ? { name: shop.legalName, address: shop.address } : SHOP_AS_PRODUCER);
}

/** "18+ — ID may be requested on delivery": printed on age-restricted products (Challenge 25). */
export const AGE_RESTRICTED_NOTE = '18+ — ID may be requested on delivery';

/* ---------- Free-from and diet filters ---------- */

/** What a shopper filters a list by: allergens to leave out, and a diet. */
export interface FoodFilters {
  freeFrom?: readonly string[];
  diet?: Diet;
  /** Only products in a promotion running now ("On offer"). */
  onOffer?: boolean;
}

/**
 * Whether a product passes the filters. Free-from keeps only products whose allergens the seller has confirmed,
 * so a product nobody checked is never offered as free from anything; a vegan product suits vegetarians too.
 * The catalogue's search applies it to the live catalogue in memory (CatalogService.searchProducts).
 */
export function matchesFoodFilters(
  product: {
    allergens: readonly string[];
    allergensConfirmed: boolean;
    dietary: readonly string[];
    /** The promotion it is in now, as product answers carry it (the On offer filter asks for one). */
    promotion?: unknown;
  },
  filters: FoodFilters,
): boolean {
  if (filters.onOffer && !product.promotion) return false;
  const freeFrom = filters.freeFrom ?? [];
  if (freeFrom.length) {
    if (!product.allergensConfirmed) return false;
    if (product.allergens.some((a) => freeFrom.includes(a))) return false;
  }
  if (filters.diet === 'vegan' && !product.dietary.includes('vegan')) return false;
  if (filters.diet === 'vegetarian' && !product.dietary.some((d) => d === 'vegetarian' || d === 'vegan')) {
    return false;
  }
  return true;
}

/** The URL parameters the food filters are read from (see parseFoodFilters). */
export const FOOD_FILTER_PARAMS = ['freeFrom', 'diet'] as const;

/**
 * The filters in a page's query (`?freeFrom=milk,gluten&diet=vegan`, or one `freeFrom` per ticked box as a plain
 * form sends them); unknown ids and diets are ignored, so an old or edited link still shows a list.
 */
export function parseFoodFilters(query: URLSearchParams): FoodFilters {
  const ids = query
    .getAll('freeFrom')
    .flatMap((v) => v.split(','))
    .map((v) => v.trim())
    .filter((v): v is AllergenId => (ALLERGEN_IDS as readonly string[]).includes(v));
  const diet = query.get('diet');
  const onOffer = ['1', 'true'].includes(query.get('onOffer') ?? '');
  return {
    freeFrom: [...new Set(ids)],
    diet: (DIETS as readonly string[]).includes(diet ?? '') ? (diet as Diet) : undefined,
    ...(onOffer && { onOffer: true }),
  };
}

/** The query string for filters ("freeFrom=milk,gluten&diet=vegan"), '' when there are none. */
export function foodFiltersQuery(filters: FoodFilters): string {
  const parts: string[] = [];
  if (filters.freeFrom?.length) parts.push(`freeFrom=${filters.freeFrom.join(',')}`);
  if (filters.diet) parts.push(`diet=${filters.diet}`);
  if (filters.onOffer) parts.push('onOffer=1');
  return parts.join('&');
}
