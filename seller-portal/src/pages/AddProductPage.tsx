import { useRef, useState, type FormEvent } from 'react';
import toast from 'react-hot-toast';
import { CATEGORIES, MAX_PRODUCT_IMAGES } from '@larder/shared-domain';
import { useAddProductMutation, errorMessage, successMessage } from '@larder/shared-state';
import { Button, Select, TextArea, TextInput } from '@larder/shared-ui';
import { PoundsInput } from '../components/PoundsInput';
import { ImageSlot } from '../components/ImageSlot';
import {
  checkProductDraft,
  EMPTY_DRAFT,
  MAX_IMAGE_BYTES,
  imageProblem,
  type DraftField,
  type DraftProblems,
  type ProductDraft,
} from '../lib/product-draft';
import { useDocumentTitle } from '../lib/use-document-title';

const CATEGORY_OPTIONS = CATEGORIES.map((category) => ({ value: category.path, label: category.text }));
const EMPTY_SLOTS: readonly (File | null)[] = Array.from({ length: MAX_PRODUCT_IMAGES }, () => null);
const IMAGES_HINT_ID = 'product-images-hint';
const IMAGES_ERROR_ID = 'product-images-error';

/** The Add Product screen: up to four pictures, the product's text, category and prices. */
export default function AddProductPage() {
  useDocumentTitle('Add Product');
  const [draft, setDraft] = useState<ProductDraft>(EMPTY_DRAFT);
  const [slots, setSlots] = useState<readonly (File | null)[]>(EMPTY_SLOTS);
  const [problems, setProblems] = useState<DraftProblems>({});
  const [addProduct, { isLoading }] = useAddProductMutation();
  const formRef = useRef<HTMLFormElement>(null);

  const clearProblem = (field: DraftField) =>
    setProblems((current) => {
      if (current[field] === undefined) return current;
      const { [field]: _cleared, ...rest } = current;
      return rest;
    });

  const update = (field: keyof ProductDraft) => (value: string) => {
    setDraft((current) => ({ ...current, [field]: value }));
    clearProblem(field);
  };

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

  const focusField = (field: DraftField) => {
    const selector = field === 'images' ? '#product-image-1' : `[name="${field}"]`;
    requestAnimationFrame(() => formRef.current?.querySelector<HTMLElement>(selector)?.focus());
  };

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (isLoading) return;
    const images = slots.filter((file): file is File => file !== null);
    const check = checkProductDraft(draft, images.length);
    if (!check.ok) {
      setProblems(check.problems);
      focusField(check.first);
      return;
    }
    setProblems({});
    try {
      const result = await addProduct({ productData: check.productData, images }).unwrap();
      toast.success(successMessage(result, 'Product added'));
      setDraft(EMPTY_DRAFT);
      setSlots(EMPTY_SLOTS);
    } catch (error) {
      toast.error(errorMessage(error, 'Could not add the product. Please try again.'));
    }
  };

  const errorOf = (field: DraftField) => problems[field];
  const imagesError = errorOf('images');

  return (
    <div className="max-w-2xl">
      <h1 className="text-2xl font-semibold text-gray-900">Add Product</h1>
      <p className="mt-1 text-sm text-gray-600">Fields marked * are required.</p>
      <form
        ref={formRef}
        onSubmit={submit}
        noValidate
        className="mt-6 flex flex-col gap-5"
        aria-busy={isLoading}
      >
        <fieldset>
          <legend className="text-sm font-medium text-gray-800">
            Product images
            <span className="text-danger" aria-hidden="true">
              {' '}
              *
            </span>
          </legend>
          <p id={IMAGES_HINT_ID} className="mt-1 text-xs text-gray-600">
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
                disabled={isLoading}
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
            error={errorOf('price')}
          />
          <PoundsInput
            label="Offer price (£)"
            name="offerPrice"
            value={draft.offerPrice}
            onChange={(event) => update('offerPrice')(event.target.value)}
            error={errorOf('offerPrice')}
          />
          <TextInput
            label="VAT (%)"
            name="vat"
            type="number"
            inputMode="decimal"
            min={0}
            max={100}
            step={0.01}
            required
            value={draft.vat}
            onChange={(event) => update('vat')(event.target.value)}
            error={errorOf('vat')}
          />
        </div>

        <div>
          <Button type="submit" size="lg" loading={isLoading} className="w-full sm:w-auto">
            {isLoading ? 'Adding product…' : 'Add Product'}
          </Button>
        </div>
      </form>
    </div>
  );
}
