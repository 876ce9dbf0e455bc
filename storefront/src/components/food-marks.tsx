/**
 * Small marks a product carries wherever it is shown: its unit price beside the price (Price Marking Order
 * 2004), the 18+ note for age-restricted products, and the vegetarian / vegan marks.
 */
import { AGE_RESTRICTED_NOTE, DIET_LABELS, formatUnitPrice, type Diet } from '@larder/shared-domain';
import { cx } from '@larder/shared-ui';
import type { Product } from './useProducts';

/** "£3.30/kg" for the offer price; nothing for a product sold without a pack size. */
export function UnitPrice({
  product,
  className,
}: {
  product: Pick<Product, 'unitPrice'>;
  className?: string;
}) {
  if (!product.unitPrice) return null;
  return (
    <span className={cx('text-xs text-gray-600 tabular-nums', className)} data-testid="unit-price">
      {formatUnitPrice(product.unitPrice)}
    </span>
  );
}

/** "18+ — ID may be requested on delivery", only for age-restricted products. */
export function AgeRestrictedNote({
  product,
  className,
}: {
  product: Pick<Product, 'ageRestricted'>;
  className?: string;
}) {
  if (!product.ageRestricted) return null;
  return (
    <p
      className={cx(
        'inline-flex items-center rounded border border-gray-400 bg-white px-1.5 py-0.5 text-xs font-medium text-gray-900',
        className,
      )}
      data-testid="age-restricted"
    >
      {AGE_RESTRICTED_NOTE}
    </p>
  );
}

/** "Vegan" (which says vegetarian too) or "Vegetarian", as a word with a mark; nothing without a diet. */
export function DietMarks({ product, className }: { product: Pick<Product, 'dietary'>; className?: string }) {
  const diets = product.dietary as Diet[];
  const shown: Diet[] = diets.includes('vegan')
    ? ['vegan']
    : diets.includes('vegetarian')
      ? ['vegetarian']
      : [];
  if (!shown.length) return null;
  return (
    <ul className={cx('flex flex-wrap gap-1.5', className)} aria-label="Suitable for">
      {shown.map((diet) => (
        <li
          key={diet}
          className="inline-flex items-center gap-1 rounded-full border border-green-700 px-2 py-0.5 text-xs font-medium text-green-800"
        >
          <span aria-hidden="true">V</span>
          {DIET_LABELS[diet]}
        </li>
      ))}
    </ul>
  );
}
