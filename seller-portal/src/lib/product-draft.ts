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
  type AllergenId,
  type CategoryPath,
} from '@larder/shared-domain';

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
  ingredients: string;
  allergens: readonly AllergenId[];
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
  ingredients?: string;
  allergens?: AllergenId[];
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
  ingredients?: string | null;
  allergens?: readonly string[] | null;
}

export type DraftField = Exclude<keyof ProductDraft, 'allergens'> | 'images';

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
  'stock',
  'ingredients',
];

export const EMPTY_DRAFT: ProductDraft = {
  name: '',
  description: '',
  category: '',
  price: '',
  offerPrice: '',
  vat: '',
  stock: '',
  ingredients: '',
  allergens: [],
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
    ingredients: product.ingredients ?? '',
    allergens: ALLERGEN_IDS.filter((id) => product.allergens?.includes(id)),
  };
}

/** The stock as typed: null for empty (not counted), the count, or undefined when it is not a valid count. */
export function parseStockText(text: string): number | null | undefined {
  const trimmed = text.trim();
  if (!trimmed) return null;
  if (!/^\d+$/.test(trimmed)) return undefined;
  const stock = Number(trimmed);
  return stock <= MAX_STOCK ? stock : undefined;
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

  const ingredients = draft.ingredients.trim();
  if (ingredients.length > MAX_INGREDIENTS_LENGTH) problems.ingredients = MESSAGES.ingredientsTooLong;
  const allergens = ALLERGEN_IDS.filter((id) => draft.allergens.includes(id));

  const first = DRAFT_FIELD_ORDER.find((field) => problems[field] !== undefined);
  if (first || price === undefined || offerPrice === undefined || vat === undefined || stock === undefined) {
    return { ok: false, problems, first: first ?? 'price' };
  }
  const productData: ProductData = {
    name,
    description: descriptionLines(draft.description),
    category: category as CategoryPath,
    price,
    offerPrice,
    vat,
  };
  if (mode === 'edit' || stock !== null) productData.stock = stock;
  if (mode === 'edit' || ingredients) productData.ingredients = ingredients;
  if (mode === 'edit' || allergens.length > 0) productData.allergens = allergens;
  return { ok: true, productData };
}
