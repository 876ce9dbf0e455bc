import { useRef, useState, type FormEvent } from 'react';
import {
  CATEGORIES,
  MAX_IMAGE_BYTES,
  MAX_INGREDIENTS_LENGTH,
  MAX_PER_ORDER_LIMIT,
  MAX_PRODUCT_IMAGES,
  MAX_STOCK,
  MIN_PER_ORDER_LIMIT,
  DIETS,
  DIET_LABELS,
  PACK_UNITS,
  beforeVatHint,
  formatUnitPrice,
  parsePoundsText,
  parseVatPercentText,
  percentToBasisPoints,
  poundsToPence,
  unitPrice,
  unitPriceWithVat,
  type Diet,
  type PackUnit,
} from '@larder/shared-domain';
import { Button, ProductImage, Select, TextArea, TextInput } from '@larder/shared-ui';
import { PoundsInput } from './PoundsInput';
import { VatInput } from './VatInput';
import { ImageSlot } from './ImageSlot';
import { AllergensFieldset } from './AllergensFieldset';
import { NUTRITION_LABELS, UNIT_LABELS } from './product-form-labels';
import { FoodPromotionFields } from './FoodPromotionFields';
import {
  checkProductDraft,
  EMPTY_DRAFT,
  fieldOfRefusal,
  imageProblem,
  nutrientField,
  NUTRITION_FIELDS,
  parseNetQuantityText,
  type DraftField,
  type NutritionField,
  type DraftMode,
  type DraftProblems,
  type ProductData,
  type ProductDraft,
} from '../lib/product-draft';

const CATEGORY_OPTIONS = CATEGORIES.map((category) => ({ value: category.path, label: category.text }));
const EMPTY_SLOTS: readonly (File | null)[] = Array.from({ length: MAX_PRODUCT_IMAGES }, () => null);
const IMAGES_HINT_ID = 'product-images-hint';
const IMAGES_ERROR_ID = 'product-images-error';

type TextField = Exclude<
  keyof ProductDraft,
  'allergens' | 'noAllergens' | 'nutrition' | 'dietary' | 'ageRestricted'
>;

const UNIT_OPTIONS = PACK_UNITS.map((unit) => ({ value: unit, label: UNIT_LABELS[unit] }));

/** The server's refusal of a product: its message, and the body field it names (`errorField`). */
export interface ProductRefusal {
  message: string;
  field?: string;
}

export interface ProductFormProps {
  mode: DraftMode;
  /** The starting values (a product's current fields for an edit). */
  initial?: ProductDraft;
  /** An edit's current pictures, shown until new ones replace them. */
  currentImages?: readonly string[];
  busy: boolean;
  /**
   * Sends the product; resolves true when it was stored (an add then clears the form), or else false or the
   * server's refusal, which is shown beside the field it names (its `field`).
   */
  onSubmit: (productData: ProductData, images: File[]) => Promise<boolean | ProductRefusal>;
}

/**
 * The product form for adding and editing: pictures, text, category, prices, the optional stock count and
 * limit per order, ingredients and the 14 allergens. Every mistake is listed at once and focus goes to the first one.
 */
export function ProductForm({
  mode,
  initial = EMPTY_DRAFT,
  currentImages = [],
  busy,
  onSubmit,
}: ProductFormProps) {
  const [draft, setDraft] = useState<ProductDraft>(initial);
  const [slots, setSlots] = useState<readonly (File | null)[]>(EMPTY_SLOTS);
  const [problems, setProblems] = useState<DraftProblems>({});
  const formRef = useRef<HTMLFormElement>(null);
  const editing = mode === 'edit';

  const clearProblem = (field: DraftField) =>
    setProblems((current) => {
      if (current[field] === undefined) return current;
      const { [field]: _cleared, ...rest } = current;
      return rest;
    });

  const update = (field: TextField) => (value: string) => {
    setDraft((current) => ({ ...current, [field]: value }));
    clearProblem(field);
  };

  const updateNutrient = (key: NutritionField) => (value: string) => {
    setDraft((current) => ({ ...current, nutrition: { ...current.nutrition, [key]: value } }));
    clearProblem(nutrientField(key));
  };

  const toggleDiet = (diet: Diet, on: boolean) => {
    setDraft((current) => ({
      ...current,
      dietary: on ? [...current.dietary, diet] : current.dietary.filter((d) => d !== diet),
    }));
    clearProblem('dietary');
  };

  // The seller types prices before VAT; shoppers are shown them with VAT, by shared-domain's one rule.
  const vatPercent = parseVatPercentText(draft.vat);
  const shopperPence = (text: string): number | undefined => {
    const pounds = parsePoundsText(text);
    if (pounds === undefined || vatPercent === undefined) return undefined;
    return unitPriceWithVat(poundsToPence(pounds)!, percentToBasisPoints(vatPercent)!);
  };

  // The unit price the shop will show (of the offer price with VAT), as the seller types.
  const previewQuantity = parseNetQuantityText(draft.netQuantity);
  const previewOffer = shopperPence(draft.offerPrice);
  const previewPrice =
    previewQuantity !== undefined &&
    (PACK_UNITS as readonly string[]).includes(draft.unit) &&
    previewOffer !== undefined
      ? unitPrice({
          offerPence: previewOffer,
          netQuantity: previewQuantity,
          unit: draft.unit as PackUnit,
          category: draft.category,
        })
      : null;
  const preview = previewPrice ? formatUnitPrice(previewPrice) : undefined;

  const setSlot = (index: number, file: File | null) => {
    if (file) {
      const message = imageProblem(file);
      if (message) {
        setProblems((current) => ({ ...current, images: message }));
        return;
      }
    }
    setSlots((current) => current.map((existing, i) => (i === index ? file : existing)));
    clearProblem('images');
  };

  // The exact name: a prefix match would send "nutrition.salt" to the first nutrition box.
  const focusField = (field: DraftField) => {
    const selector = field === 'images' ? '#product-image-1' : `[name="${field}"]`;
    requestAnimationFrame(() => formRef.current?.querySelector<HTMLElement>(selector)?.focus());
  };

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (busy) return;
    const images = slots.filter((file): file is File => file !== null);
    const check = checkProductDraft(draft, images.length, mode);
    if (!check.ok) {
      setProblems(check.problems);
      focusField(check.first);
      return;
    }
    setProblems({});
    const outcome = await onSubmit(check.productData, images);
    const refused = typeof outcome === 'object' ? fieldOfRefusal(outcome.field) : undefined;
    if (typeof outcome === 'object' && refused) {
      setProblems({ [refused]: outcome.message });
      focusField(refused);
    } else if (outcome === true && !editing) {
      setDraft(EMPTY_DRAFT);
      setSlots(EMPTY_SLOTS);
    }
  };

  const errorOf = (field: DraftField) => problems[field];
  const imagesError = errorOf('images');
  const replacing = slots.some((file) => file !== null);

  return (
    <form ref={formRef} onSubmit={submit} noValidate className="mt-6 flex flex-col gap-5" aria-busy={busy}>
      {editing && currentImages.length > 0 && (
        <div>
          <h2 className="text-sm font-medium text-gray-800">Current pictures</h2>
          <ul className="mt-2 flex gap-2" aria-label="Current pictures">
            {currentImages.map((src, index) => (
              <li
                key={`${src}-${index}`}
                className={`h-16 w-16 overflow-hidden rounded-md border border-gray-200 bg-white p-1 ${replacing ? 'opacity-40' : ''}`}
              >
                <ProductImage
                  src={src}
                  alt={`Current picture ${index + 1}`}
                  width={64}
                  height={64}
                  className="h-full w-full"
                />
              </li>
            ))}
          </ul>
          {replacing && (
            <p className="mt-1 text-xs text-warning" role="status">
              The new pictures below will replace these when you save.
            </p>
          )}
        </div>
      )}
      <fieldset>
        <legend className="text-sm font-medium text-gray-800">
          {editing ? 'New pictures (optional)' : 'Product images'}
          {!editing && (
            <span className="text-danger" aria-hidden="true">
              {' '}
              *
            </span>
          )}
        </legend>
        <p id={IMAGES_HINT_ID} className="mt-1 text-xs text-gray-600">
          {editing && 'Leave empty to keep the current pictures. '}
          Up to {MAX_PRODUCT_IMAGES} pictures (JPEG, PNG, WebP or AVIF, at most{' '}
          {MAX_IMAGE_BYTES / (1024 * 1024)} MB each). The first one is the main picture.
        </p>
        <div className="mt-3 grid max-w-md grid-cols-4 gap-2 sm:gap-3">
          {slots.map((file, index) => (
            <ImageSlot
              key={index}
              index={index}
              file={file}
              onChange={(chosen) => setSlot(index, chosen)}
              invalid={Boolean(imagesError)}
              describedBy={imagesError ? `${IMAGES_HINT_ID} ${IMAGES_ERROR_ID}` : IMAGES_HINT_ID}
              disabled={busy}
            />
          ))}
        </div>
        {imagesError && (
          <p id={IMAGES_ERROR_ID} className="mt-2 text-sm text-danger">
            {imagesError}
          </p>
        )}
      </fieldset>

      <TextInput
        label="Product name"
        name="name"
        required
        maxLength={200}
        autoComplete="off"
        value={draft.name}
        onChange={(event) => update('name')(event.target.value)}
        error={errorOf('name')}
        placeholder="e.g. Braeburn apples, 6 pack"
      />

      <TextArea
        label="Product description"
        name="description"
        rows={4}
        value={draft.description}
        onChange={(event) => update('description')(event.target.value)}
        hint="One point per line; empty lines are left out."
        error={errorOf('description')}
        placeholder={'Crisp and sweet\nGrown in Kent'}
      />

      <Select
        label="Category"
        name="category"
        required
        placeholder="Select category"
        options={CATEGORY_OPTIONS}
        value={draft.category}
        onChange={(event) => update('category')(event.target.value)}
        error={errorOf('category')}
      />

      <div className="grid grid-cols-1 gap-4 sm:grid-cols-3">
        <PoundsInput
          label="Product price (£)"
          name="price"
          value={draft.price}
          onChange={(event) => update('price')(event.target.value)}
          hint={beforeVatHint(shopperPence(draft.price))}
          error={errorOf('price')}
        />
        <PoundsInput
          label="Offer price (£)"
          name="offerPrice"
          value={draft.offerPrice}
          onChange={(event) => update('offerPrice')(event.target.value)}
          hint={beforeVatHint(shopperPence(draft.offerPrice))}
          error={errorOf('offerPrice')}
        />
        <VatInput value={draft.vat} onChange={update('vat')} error={errorOf('vat')} />
      </div>

      <div className="grid grid-cols-1 gap-4 sm:grid-cols-3">
        <TextInput
          label="Pack size"
          name="netQuantity"
          type="text"
          inputMode="decimal"
          value={draft.netQuantity}
          onChange={(event) => update('netQuantity')(event.target.value)}
          hint="The net quantity on the pack, e.g. 500 or 1.5. Without it the shop shows no unit price."
          error={errorOf('netQuantity')}
        />
        <Select
          label="Unit"
          name="unit"
          placeholder="Select unit"
          options={UNIT_OPTIONS}
          value={draft.unit}
          onChange={(event) => update('unit')(event.target.value)}
          error={errorOf('unit')}
        />
        <p className="self-center text-sm text-gray-700" role="status" data-testid="unit-price-preview">
          {preview ? (
            <>Unit price in the shop: {preview}</>
          ) : (
            'The unit price shows once the pack, offer price and VAT are in.'
          )}
        </p>
      </div>

      <div className="grid grid-cols-1 gap-4 sm:grid-cols-2">
        <TextInput
          label="Units in stock"
          name="stock"
          type="number"
          inputMode="numeric"
          min={0}
          max={MAX_STOCK}
          step={1}
          value={draft.stock}
          onChange={(event) => update('stock')(event.target.value)}
          hint="Leave empty if you do not count this product's stock."
          error={errorOf('stock')}
        />
        <TextInput
          label="Maximum per order"
          name="maxPerOrder"
          type="number"
          inputMode="numeric"
          min={MIN_PER_ORDER_LIMIT}
          max={MAX_PER_ORDER_LIMIT}
          step={1}
          value={draft.maxPerOrder}
          onChange={(event) => update('maxPerOrder')(event.target.value)}
          hint="The most one customer can buy in one order. Leave empty for no limit."
          error={errorOf('maxPerOrder')}
        />
      </div>

      <TextArea
        label="Ingredients"
        name="ingredients"
        rows={3}
        maxLength={MAX_INGREDIENTS_LENGTH}
        value={draft.ingredients}
        onChange={(event) => update('ingredients')(event.target.value)}
        hint="As on the label. Allergens you tick below are shown in bold in the shop."
        error={errorOf('ingredients')}
        placeholder="e.g. Wheat flour, sugar, butter (milk), eggs"
      />

      <AllergensFieldset
        allergens={draft.allergens}
        noAllergens={draft.noAllergens}
        onChange={(next) => setDraft((current) => ({ ...current, ...next }))}
      />

      <fieldset>
        <legend className="text-sm font-medium text-gray-800">Diet and age</legend>
        <div className="mt-2 flex flex-wrap gap-x-6 gap-y-1">
          {DIETS.map((diet) => (
            <label
              key={diet}
              className="flex min-h-10 cursor-pointer items-center gap-2 text-sm text-gray-800"
            >
              <input
                type="checkbox"
                name="dietary"
                value={diet}
                checked={draft.dietary.includes(diet)}
                onChange={(event) => toggleDiet(diet, event.target.checked)}
                className="h-4 w-4 accent-primary"
              />
              {DIET_LABELS[diet]}
            </label>
          ))}
          <label className="flex min-h-10 cursor-pointer items-center gap-2 text-sm text-gray-800">
            <input
              type="checkbox"
              name="ageRestricted"
              checked={draft.ageRestricted}
              onChange={(event) =>
                setDraft((current) => ({ ...current, ageRestricted: event.target.checked }))
              }
              className="h-4 w-4 accent-primary"
            />
            18+ only (alcohol)
          </label>
        </div>
        {errorOf('dietary') && <p className="mt-1 text-sm text-danger">{errorOf('dietary')}</p>}
      </fieldset>

      <fieldset>
        <legend className="text-sm font-medium text-gray-800">
          Nutrition per 100 g (per 100 ml for drinks)
        </legend>
        <p className="mt-1 text-xs text-gray-600">
          Leave every box empty if there is no nutrition label. Grams as the label prints them: up to two
          decimals below 1 g (salt 0.31), one decimal from 1 g.
        </p>
        <div className="mt-2 grid grid-cols-2 gap-3 sm:grid-cols-3">
          {NUTRITION_FIELDS.map((key) => (
            <TextInput
              key={key}
              label={NUTRITION_LABELS[key]}
              name={`nutrition.${key}`}
              type="text"
              inputMode="decimal"
              value={draft.nutrition[key]}
              onChange={(event) => updateNutrient(key)(event.target.value)}
              error={errorOf(nutrientField(key))}
            />
          ))}
        </div>
      </fieldset>

      <FoodPromotionFields
        draft={draft}
        onChange={(field, value) => update(field)(value)}
        errorOf={errorOf}
      />

      <div className="grid grid-cols-1 gap-4 sm:grid-cols-2">
        <TextInput
          label="Storage"
          name="storage"
          value={draft.storage}
          onChange={(event) => update('storage')(event.target.value)}
          error={errorOf('storage')}
          placeholder="e.g. Keep refrigerated"
        />
        <TextInput
          label="Origin"
          name="origin"
          value={draft.origin}
          onChange={(event) => update('origin')(event.target.value)}
          error={errorOf('origin')}
          placeholder="e.g. United Kingdom"
        />
        <TextInput
          label="Producer name"
          name="producerName"
          value={draft.producerName}
          onChange={(event) => update('producerName')(event.target.value)}
          hint="Leave empty when the shop is the business responsible."
          error={errorOf('producerName')}
        />
        <TextInput
          label="Producer address"
          name="producerAddress"
          value={draft.producerAddress}
          onChange={(event) => update('producerAddress')(event.target.value)}
          error={errorOf('producerAddress')}
        />
      </div>

      <div>
        <Button type="submit" size="lg" loading={busy} className="w-full sm:w-auto">
          {editing ? (busy ? 'Saving changes…' : 'Save changes') : busy ? 'Adding product…' : 'Add Product'}
        </Button>
      </div>
    </form>
  );
}
