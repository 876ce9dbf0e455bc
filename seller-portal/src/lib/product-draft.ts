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

export const DRAFT_MESSAGES = {
  nameRequired: 'Enter the product name',
  categoryInvalid: 'Choose a category',
  priceRequired: 'Enter the product price',
  priceInvalid: 'Enter the product price in pounds, e.g. 2.49',
  offerPriceRequired: 'Enter the offer price',
  offerPriceInvalid: 'Enter the offer price in pounds, e.g. 1.99',
  offerAbovePrice: 'The offer price cannot be more than the product price',
  vatRequired: 'Enter the VAT rate',
  vatInvalid: 'VAT must be a number from 0 to 100',
  imagesRequired: 'Add at least one product image',
  tooManyImages: MESSAGES.tooManyImages,
  notAnImage: 'Choose a picture file (JPEG, PNG, WebP or AVIF)',
  imageTooLarge: MESSAGES.imageTooLarge,
  stockInvalid: MESSAGES.invalidStock,
  ingredientsTooLong: `Ingredients can be at most ${MAX_INGREDIENTS_LENGTH} characters`,
} as const;

/** Why a chosen file cannot be a product picture, or undefined when it can. */
export function imageProblem(file: Pick<File, 'type' | 'size'>): string | undefined {
  if (!file.type.startsWith('image/')) return DRAFT_MESSAGES.notAnImage;
  if (file.size > MAX_IMAGE_BYTES) return DRAFT_MESSAGES.imageTooLarge;
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

  if (imageCount < 1 && mode === 'add') problems.images = DRAFT_MESSAGES.imagesRequired;
  else if (imageCount > MAX_PRODUCT_IMAGES) problems.images = DRAFT_MESSAGES.tooManyImages;

  const name = draft.name.trim();
  if (!name) problems.name = DRAFT_MESSAGES.nameRequired;

  const category = draft.category;
  if (!(CATEGORY_PATHS as readonly string[]).includes(category))
    problems.category = DRAFT_MESSAGES.categoryInvalid;

  const price = parsePoundsText(draft.price);
  if (!draft.price.trim()) problems.price = DRAFT_MESSAGES.priceRequired;
  else if (price === undefined) problems.price = DRAFT_MESSAGES.priceInvalid;

  const offerPrice = parsePoundsText(draft.offerPrice);
  if (!draft.offerPrice.trim()) problems.offerPrice = DRAFT_MESSAGES.offerPriceRequired;
  else if (offerPrice === undefined) problems.offerPrice = DRAFT_MESSAGES.offerPriceInvalid;
  else if (price !== undefined && offerPrice > price) problems.offerPrice = DRAFT_MESSAGES.offerAbovePrice;

  const vat = parseVatPercentText(draft.vat);
  if (!draft.vat.trim()) problems.vat = DRAFT_MESSAGES.vatRequired;
  else if (vat === undefined) problems.vat = DRAFT_MESSAGES.vatInvalid;

  const stock = parseStockText(draft.stock);
  if (stock === undefined) problems.stock = DRAFT_MESSAGES.stockInvalid;

  const ingredients = draft.ingredients.trim();
  if (ingredients.length > MAX_INGREDIENTS_LENGTH) problems.ingredients = DRAFT_MESSAGES.ingredientsTooLong;
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
