import {
  CATEGORY_PATHS,
  MAX_PRODUCT_IMAGES,
  parsePoundsText,
  parseVatPercentText,
  type CategoryPath,
} from '@larder/shared-domain';

/** What the Add Product form holds: text exactly as typed. */
export interface ProductDraft {
  name: string;
  description: string;
  category: string;
  price: string;
  offerPrice: string;
  vat: string;
}

/** The JSON sent as `productData` with POST /api/product/add. */
export interface ProductData {
  name: string;
  description: string[];
  category: CategoryPath;
  price: number;
  offerPrice: number;
  vat: number;
}

export type DraftField = keyof ProductDraft | 'images';

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
];

export const EMPTY_DRAFT: ProductDraft = {
  name: '',
  description: '',
  category: '',
  price: '',
  offerPrice: '',
  vat: '',
};

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
  tooManyImages: `Add at most ${MAX_PRODUCT_IMAGES} images`,
  notAnImage: 'Choose a picture file (JPEG, PNG, WebP or AVIF)',
  imageTooLarge: 'Each picture must be 5 MB or smaller',
} as const;

/** The largest picture the shop accepts. */
export const MAX_IMAGE_BYTES = 5 * 1024 * 1024;

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

/** Checks the form the way the server will, so the seller hears about every mistake before uploading. */
export function checkProductDraft(draft: ProductDraft, imageCount: number): DraftCheck {
  const problems: DraftProblems = {};

  if (imageCount < 1) problems.images = DRAFT_MESSAGES.imagesRequired;
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

  const first = DRAFT_FIELD_ORDER.find((field) => problems[field] !== undefined);
  if (first || price === undefined || offerPrice === undefined || vat === undefined) {
    return { ok: false, problems, first: first ?? 'price' };
  }
  return {
    ok: true,
    productData: {
      name,
      description: descriptionLines(draft.description),
      category: category as CategoryPath,
      price,
      offerPrice,
      vat,
    },
  };
}
