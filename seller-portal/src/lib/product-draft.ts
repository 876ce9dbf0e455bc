import {
  ALLERGEN_IDS,
  CATEGORY_PATHS,
  MAX_INGREDIENTS_LENGTH,
  MAX_IMAGE_BYTES,
  MAX_PRODUCT_IMAGES,
  MAX_STOCK,
  MESSAGES,
  parsePoundsText,
  parseVatPercentText,
  MAX_ENERGY_KCAL,
  MAX_ENERGY_KJ,
  MAX_NET_QUANTITY,
  MAX_ORIGIN_LENGTH,
  MAX_PER_ORDER_LIMIT,
  MAX_PRODUCER_ADDRESS_LENGTH,
  MAX_PRODUCER_NAME_LENGTH,
  MAX_STORAGE_LENGTH,
  MIN_PER_ORDER_LIMIT,
  NET_QUANTITY_DECIMALS,
  PACK_UNITS,
  DIETS,
  decimalUnits,
  isWholePack,
  foodInformationProblem,
  isLabelGrams,
  NUTRIENT_GRAMS,
  NUTRIENT_NAMES,
  isHfssCategory,
  type AllergenId,
  type HfssCategory,
  type CategoryPath,
  type Diet,
  type Nutrition,
  type PackUnit,
  type Producer,
} from '@larder/shared-domain';

/** The nutrition inputs, in the order a label prints them. */
export const NUTRITION_FIELDS = [
  'energyKj',
  'energyKcal',
  ...NUTRIENT_GRAMS,
] as const satisfies readonly (keyof Nutrition)[];
export type NutritionField = (typeof NUTRITION_FIELDS)[number];
/** A nutrition box as the form names its input ("nutrition.salt"), so a problem can point at that box. */
export type NutrientDraftField = `nutrition.${NutritionField}`;
export const nutrientField = (key: NutritionField): NutrientDraftField => `nutrition.${key}`;

/** What the product form holds: text exactly as typed, and the ticked allergens. */
export interface ProductDraft {
  name: string;
  description: string;
  category: string;
  price: string;
  offerPrice: string;
  vat: string;
  /** Units in stock as typed; empty means not counted. */
  stock: string;
  /** The most one order may hold, as typed; empty means no limit. */
  maxPerOrder: string;
  ingredients: string;
  allergens: readonly AllergenId[];
  /** The explicit tick "Contains none of the 14 allergens"; with no allergen ticked either, nothing is confirmed. */
  noAllergens: boolean;
  /** The pack: quantity as typed and its unit; both empty when the seller gives no pack size. */
  netQuantity: string;
  unit: string;
  /** Per 100 g / 100 ml as typed; all empty for none. */
  nutrition: Record<NutritionField, string>;
  storage: string;
  origin: string;
  producerName: string;
  producerAddress: string;
  dietary: readonly Diet[];
  ageRestricted: boolean;
  /** Fruit, vegetables and nuts, whole percent as typed; empty when unknown. */
  fruitVegNuts: string;
  /** The Schedule 1 category (SI 2021/1368), or empty for "not in scope". */
  hfssCategory: string;
}

/** The JSON sent as `productData` with POST /api/product/add and PUT /api/product/{id}. */
export interface ProductData {
  name: string;
  description: string[];
  category: CategoryPath;
  price: number;
  offerPrice: number;
  vat: number;
  stock?: number | null;
  maxPerOrder?: number | null;
  ingredients?: string;
  /**
   * The allergens the seller confirmed ([] for "contains none"); left out (an add) or null (an edit) when the
   * seller ticked neither, so the product is "allergen information not confirmed".
   */
  allergens?: AllergenId[] | null;
  /** Left out (an add) or null (an edit) when there is no pack size. */
  netQuantity?: number | null;
  unit?: PackUnit | null;
  nutrition?: Nutrition | null;
  storage?: string | null;
  origin?: string | null;
  producer?: Producer | null;
  dietary?: Diet[];
  ageRestricted?: boolean;
  fruitVegNuts?: number | null;
  hfssCategory?: HfssCategory | null;
}

/** A product as the API lists it, enough to prefill the form for an edit. */
export interface ListedProduct {
  name: string;
  description: string[];
  category: string;
  price: number;
  offerPrice: number;
  vat: number;
  stock?: number | null;
  maxPerOrder?: number | null;
  ingredients?: string | null;
  allergens?: readonly string[] | null;
  allergensConfirmed?: boolean;
  netQuantity?: number | null;
  unit?: string | null;
  nutrition?: Nutrition | null;
  storage?: string | null;
  origin?: string | null;
  producer?: Producer | null;
  dietary?: readonly string[];
  ageRestricted?: boolean;
  fruitVegNuts?: number | null;
  hfssCategory?: string | null;
}

export type DraftField =
  | Exclude<keyof ProductDraft, 'allergens' | 'noAllergens' | 'nutrition' | 'dietary' | 'ageRestricted'>
  | 'images'
  | NutrientDraftField
  | 'dietary';

/** Add sends only what was filled in; edit sends every field, so that clearing one clears it. */
export type DraftMode = 'add' | 'edit';

export type DraftProblems = Partial<Record<DraftField, string>>;

export type DraftCheck =
  | { ok: true; productData: ProductData }
  | {
      ok: false;
      /** Every field that needs attention, with what to fix. */
      problems: DraftProblems;
      /** The first of them in the form's order, where focus should go. */
      first: DraftField;
    };

/** The order in which the form shows its fields. */
export const DRAFT_FIELD_ORDER: readonly DraftField[] = [
  'images',
  'name',
  'description',
  'category',
  'price',
  'offerPrice',
  'vat',
  'netQuantity',
  'unit',
  'stock',
  'maxPerOrder',
  'ingredients',
  'dietary',
  ...NUTRITION_FIELDS.map(nutrientField),
  'fruitVegNuts',
  'hfssCategory',
  'storage',
  'origin',
  'producerName',
  'producerAddress',
];

const EMPTY_NUTRITION = Object.fromEntries(NUTRITION_FIELDS.map((k) => [k, ''])) as Record<
  NutritionField,
  string
>;

export const EMPTY_DRAFT: ProductDraft = {
  name: '',
  description: '',
  category: '',
  price: '',
  offerPrice: '',
  vat: '',
  stock: '',
  maxPerOrder: '',
  ingredients: '',
  allergens: [],
  noAllergens: false,
  netQuantity: '',
  unit: '',
  nutrition: EMPTY_NUTRITION,
  storage: '',
  origin: '',
  producerName: '',
  producerAddress: '',
  dietary: [],
  ageRestricted: false,
  fruitVegNuts: '',
  hfssCategory: '',
};

/** The form prefilled with a product's current fields (amounts with two decimals). */
export function draftFromProduct(product: ListedProduct): ProductDraft {
  return {
    name: product.name,
    description: product.description.join('\n'),
    category: product.category,
    price: product.price.toFixed(2),
    offerPrice: product.offerPrice.toFixed(2),
    vat: String(product.vat),
    stock: typeof product.stock === 'number' ? String(product.stock) : '',
    maxPerOrder: typeof product.maxPerOrder === 'number' ? String(product.maxPerOrder) : '',
    ingredients: product.ingredients ?? '',
    allergens: ALLERGEN_IDS.filter((id) => product.allergens?.includes(id)),
    noAllergens: product.allergensConfirmed === true && !product.allergens?.length,
    netQuantity:
      product.netQuantity === undefined || product.netQuantity === null ? '' : String(product.netQuantity),
    unit: product.unit ?? '',
    nutrition: product.nutrition
      ? (Object.fromEntries(
          NUTRITION_FIELDS.map((k) => {
            const value = product.nutrition?.[k];
            return [k, value === null || value === undefined ? '' : String(value)];
          }),
        ) as Record<NutritionField, string>)
      : EMPTY_NUTRITION,
    storage: product.storage ?? '',
    origin: product.origin ?? '',
    producerName: product.producer?.name ?? '',
    producerAddress: product.producer?.address ?? '',
    dietary: DIETS.filter((d) => product.dietary?.includes(d)),
    ageRestricted: product.ageRestricted ?? false,
    fruitVegNuts: typeof product.fruitVegNuts === 'number' ? String(product.fruitVegNuts) : '',
    hfssCategory: product.hfssCategory ?? '',
  };
}

/** "Fruit, vegetables and nuts" must be a whole percent from 0 to 100. */
export const FRUIT_VEG_NUTS_INVALID = 'Fruit, vegetables and nuts must be a whole percent from 0 to 100';

/** A percent of fruit, vegetables and nuts as typed: null when empty, undefined when not a whole 0-100. */
export function parseFruitVegNutsText(text: string): number | null | undefined {
  const trimmed = text.trim();
  if (!trimmed) return null;
  if (!/^\d{1,3}$/.test(trimmed)) return undefined;
  const value = Number(trimmed);
  return value <= 100 ? value : undefined;
}

/** A net quantity as typed: above 0, at most 3 decimals, up to the maximum; undefined when it is not one. */
export function parseNetQuantityText(text: string): number | undefined {
  const trimmed = text.trim();
  if (!/^(\d+(\.\d{0,3})?|\.\d{1,3})$/.test(trimmed)) return undefined;
  const value = Number(trimmed);
  const units = decimalUnits(value, NET_QUANTITY_DECIMALS);
  return units !== undefined && units > 0 && value <= MAX_NET_QUANTITY ? value : undefined;
}

/** Why a nutrition box's text is refused, or undefined when it is fine (an empty fibre box is). */
function nutrientProblem(key: NutritionField, text: string): string | undefined {
  if (key === 'energyKj' || key === 'energyKcal') {
    const max = key === 'energyKj' ? MAX_ENERGY_KJ : MAX_ENERGY_KCAL;
    return /^\d+$/.test(text) && Number(text) <= max ? undefined : MESSAGES.invalidEnergy;
  }
  if (key === 'fibre' && !text) return undefined;
  // Digits only, so "1e-1" or " 0x1" never pass as a number; the figure itself is shared-domain's rule.
  return /^\d+(\.\d+)?$/.test(text) && isLabelGrams(Number(text))
    ? undefined
    : MESSAGES.invalidNutrientGrams(NUTRIENT_NAMES[key]);
}

/**
 * Nutrition as typed: null when every box is empty, the values, or what is wrong in each refused box (the
 * figures' checks against each other are foodInformationProblem's).
 */
export function parseNutritionDraft(
  draft: Record<NutritionField, string>,
): Nutrition | null | { problems: Partial<Record<NutrientDraftField, string>> } {
  if (NUTRITION_FIELDS.every((k) => draft[k].trim() === '')) return null;
  const problems: Partial<Record<NutrientDraftField, string>> = {};
  const values: Partial<Record<NutritionField, number | null>> = {};
  for (const key of NUTRITION_FIELDS) {
    const text = draft[key].trim();
    const problem = nutrientProblem(key, text);
    if (problem) problems[nutrientField(key)] = problem;
    else values[key] = text ? Number(text) : null;
  }
  return Object.keys(problems).length ? { problems } : (values as Nutrition);
}

/**
 * The form's box a server refusal is about: the `field` of its VALIDATION_FAILED answer (the path in productData,
 * or `images`), or undefined when it names none of the boxes.
 */
export function fieldOfRefusal(field: string | undefined): DraftField | undefined {
  if (!field) return undefined;
  if (field === 'producer' || field === 'producer.name') return 'producerName';
  if (field === 'producer.address') return 'producerAddress';
  const top = field.split('.')[0];
  if (top === 'description' || top === 'dietary') return top;
  return (DRAFT_FIELD_ORDER as readonly string[]).includes(field) ? (field as DraftField) : undefined;
}

/** The stock as typed: null for empty (not counted), the count, or undefined when it is not a valid count. */
export function parseStockText(text: string): number | null | undefined {
  const trimmed = text.trim();
  if (!trimmed) return null;
  if (!/^\d+$/.test(trimmed)) return undefined;
  const stock = Number(trimmed);
  return stock <= MAX_STOCK ? stock : undefined;
}

/** The limit per order as typed: null for empty (no limit), the limit, or undefined when it is not a valid one. */
export function parseMaxPerOrderText(text: string): number | null | undefined {
  const trimmed = text.trim();
  if (!trimmed) return null;
  if (!/^\d+$/.test(trimmed)) return undefined;
  const limit = Number(trimmed);
  return limit >= MIN_PER_ORDER_LIMIT && limit <= MAX_PER_ORDER_LIMIT ? limit : undefined;
}

/** Why a chosen file cannot be a product picture, or undefined when it can. */
export function imageProblem(file: Pick<File, 'type' | 'size'>): string | undefined {
  if (!file.type.startsWith('image/')) return MESSAGES.imageType;
  if (file.size > MAX_IMAGE_BYTES) return MESSAGES.imageTooLarge;
  return undefined;
}

/** The description as the API stores it: one entry per line, trimmed, empty lines dropped. */
export function descriptionLines(text: string): string[] {
  return text
    .split(/\r\n|\r|\n/)
    .map((line) => line.trim())
    .filter((line) => line.length > 0);
}

/**
 * Checks the form the way the server will, so the seller hears about every mistake before uploading.
 * An edit needs no new pictures (the current ones stay); new ones replace them.
 */
export function checkProductDraft(
  draft: ProductDraft,
  imageCount: number,
  mode: DraftMode = 'add',
): DraftCheck {
  const problems: DraftProblems = {};

  if (imageCount < 1 && mode === 'add') problems.images = MESSAGES.imagesRequired;
  else if (imageCount > MAX_PRODUCT_IMAGES) problems.images = MESSAGES.tooManyImages;

  const name = draft.name.trim();
  if (!name) problems.name = MESSAGES.enterProductName;

  const category = draft.category;
  if (!(CATEGORY_PATHS as readonly string[]).includes(category)) problems.category = MESSAGES.chooseCategory;

  const price = parsePoundsText(draft.price);
  if (!draft.price.trim()) problems.price = MESSAGES.enterPrice;
  else if (price === undefined) problems.price = MESSAGES.priceInvalid;

  const offerPrice = parsePoundsText(draft.offerPrice);
  if (!draft.offerPrice.trim()) problems.offerPrice = MESSAGES.enterOfferPrice;
  else if (offerPrice === undefined) problems.offerPrice = MESSAGES.offerPriceInvalid;
  else if (price !== undefined && offerPrice > price) problems.offerPrice = MESSAGES.offerAbovePrice;

  const vat = parseVatPercentText(draft.vat);
  if (!draft.vat.trim()) problems.vat = MESSAGES.enterVat;
  else if (vat === undefined) problems.vat = MESSAGES.vatInvalid;

  const stock = parseStockText(draft.stock);
  if (stock === undefined) problems.stock = MESSAGES.invalidStock;
  const maxPerOrder = parseMaxPerOrderText(draft.maxPerOrder);
  if (maxPerOrder === undefined) problems.maxPerOrder = MESSAGES.invalidMaxPerOrder;

  const ingredients = draft.ingredients.trim();
  if (ingredients.length > MAX_INGREDIENTS_LENGTH) problems.ingredients = MESSAGES.ingredientsTooLong;
  const allergens = ALLERGEN_IDS.filter((id) => draft.allergens.includes(id));

  // The pack size is optional, but a quantity needs its unit and a unit its quantity.
  const quantityText = draft.netQuantity.trim();
  const netQuantity = quantityText ? parseNetQuantityText(quantityText) : null;
  const unit = !draft.unit
    ? null
    : (PACK_UNITS as readonly string[]).includes(draft.unit)
      ? (draft.unit as PackUnit)
      : undefined;
  if (netQuantity === undefined) problems.netQuantity = MESSAGES.invalidNetQuantity;
  if (unit === undefined) problems.unit = MESSAGES.invalidPackUnit;
  if (!isWholePack({ netQuantity, unit })) {
    if (netQuantity === null) problems.netQuantity = MESSAGES.packSizeAndUnit;
    if (unit === null) problems.unit = MESSAGES.packSizeAndUnit;
  }

  const parsedNutrition = parseNutritionDraft(draft.nutrition);
  const nutrition = parsedNutrition && 'problems' in parsedNutrition ? undefined : parsedNutrition;
  if (parsedNutrition && 'problems' in parsedNutrition) Object.assign(problems, parsedNutrition.problems);
  const storage = draft.storage.trim();
  if (storage.length > MAX_STORAGE_LENGTH) problems.storage = MESSAGES.invalidStorage;
  const origin = draft.origin.trim();
  if (origin.length > MAX_ORIGIN_LENGTH) problems.origin = MESSAGES.invalidOrigin;
  const producerName = draft.producerName.trim();
  const producerAddress = draft.producerAddress.trim();
  if (producerName.length > MAX_PRODUCER_NAME_LENGTH || (!producerName && producerAddress)) {
    problems.producerName = MESSAGES.invalidProducer;
  }
  if (producerAddress.length > MAX_PRODUCER_ADDRESS_LENGTH || (producerName && !producerAddress)) {
    problems.producerAddress = MESSAGES.invalidProducer;
  }
  const dietary = DIETS.filter((d) => draft.dietary.includes(d));
  const fruitVegNuts = parseFruitVegNutsText(draft.fruitVegNuts);
  if (fruitVegNuts === undefined) problems.fruitVegNuts = FRUIT_VEG_NUTS_INVALID;
  const hfssCategory = draft.hfssCategory && isHfssCategory(draft.hfssCategory) ? draft.hfssCategory : null;
  // Across fields, as the server checks them: a nutrition figure above its total, or vegan with an animal allergen.
  const across = foodInformationProblem({ nutrition: nutrition ?? null, dietary, allergens });
  if (across === 'veganWithAnimalAllergen') problems.dietary = MESSAGES[across];
  else if (across === 'saturatesAboveFat') problems['nutrition.saturates'] = MESSAGES[across];
  else if (across === 'sugarsAboveCarbohydrate') problems['nutrition.sugars'] = MESSAGES[across];

  const first = DRAFT_FIELD_ORDER.find((field) => problems[field] !== undefined);
  if (
    first ||
    price === undefined ||
    offerPrice === undefined ||
    vat === undefined ||
    stock === undefined ||
    maxPerOrder === undefined ||
    netQuantity === undefined ||
    unit === undefined ||
    nutrition === undefined ||
    fruitVegNuts === undefined
  ) {
    return { ok: false, problems, first: first ?? 'price' };
  }
  const productData: ProductData = {
    name,
    description: descriptionLines(draft.description),
    category: category as CategoryPath,
    price,
    offerPrice,
    vat,
    dietary,
    ageRestricted: draft.ageRestricted,
  };
  if (mode === 'edit' || netQuantity !== null) {
    productData.netQuantity = netQuantity;
    productData.unit = unit;
  }
  // Allergens are confirmed only by ticking them, or by the explicit "contains none": never assumed from no ticks.
  if (allergens.length) productData.allergens = allergens;
  else if (draft.noAllergens) productData.allergens = [];
  else if (mode === 'edit') productData.allergens = null;
  if (mode === 'edit' || stock !== null) productData.stock = stock;
  if (mode === 'edit' || maxPerOrder !== null) productData.maxPerOrder = maxPerOrder;
  if (mode === 'edit' || ingredients) productData.ingredients = ingredients;
  if (mode === 'edit' || nutrition) productData.nutrition = nutrition;
  if (mode === 'edit' || storage) productData.storage = storage || null;
  if (mode === 'edit' || origin) productData.origin = origin || null;
  if (mode === 'edit' || fruitVegNuts !== null) productData.fruitVegNuts = fruitVegNuts;
  if (mode === 'edit' || hfssCategory) productData.hfssCategory = hfssCategory;
  if (mode === 'edit' || producerName) {
    productData.producer = producerName ? { name: producerName, address: producerAddress } : null;
  }
  return { ok: true, productData };
}
