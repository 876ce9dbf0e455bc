import { Link } from 'react-router-dom';
import { formatPence, linePriceWithVat, PROMOTION_TEXTS, type LinePricing } from '@larder/shared-domain';
import { ProductImage, QuantityStepper, Skeleton } from '@larder/shared-ui';
import { productImageSrcSet } from '../../components/product-images';
import { productPath } from '../../components/ProductCard';
import { LowStockNote, maxOrderable, PerOrderLimitNote, useShopLimit } from '../../components/stock';
import { UnitPrice } from '../../components/food-marks';
import { ShelfPrice, shelfPrice } from '../../components/ShelfPrice';
import { pricedLine, type CartLine } from './checkout';

interface CartLineItemProps {
  line: CartLine;
  /** The line as priced with the promotions (its price and share of a deal's saving); undefined while loading. */
  pricing?: LinePricing;
  /** Why the quantity was lowered (stock fell below it), shown under the line. */
  notice?: string;
  onQuantityChange: (quantity: number) => void;
  onRemove: () => void;
  onAllowSubstitutesChange: (allow: boolean) => void;
}

/** One cart line: picture, name, unit price, quantity, line total and a remove button. */
export function CartLineItem({
  line,
  pricing,
  notice,
  onQuantityChange,
  onRemove,
  onAllowSubstitutesChange,
}: CartLineItemProps) {
  const { product, quantity } = line;
  const max = maxOrderable(product, useShopLimit());
  return (
    <li className="grid grid-cols-[4.5rem_1fr] gap-x-3 gap-y-2 border-b border-gray-200 py-4 sm:grid-cols-[6rem_1fr_auto] sm:gap-x-4">
      <Link
        to={productPath(product)}
        tabIndex={-1}
        aria-hidden="true"
        className="row-span-2 flex aspect-square items-center justify-center overflow-hidden rounded-md border border-gray-200 bg-white p-1 sm:row-span-1"
      >
        <ProductImage
          src={product.image[0]}
          srcSet={productImageSrcSet(product.image[0])}
          sizes="96px"
          alt=""
          width={96}
          height={96}
          className="max-h-full"
        />
      </Link>
      <div className="min-w-0">
        <h2 className="text-base font-medium text-gray-900">
          <Link to={productPath(product)} className="hover:text-primary hover:underline">
            {product.name}
          </Link>
        </h2>
        <div className="mt-1 flex flex-wrap items-baseline gap-x-2">
          <ShelfPrice product={product} size="sm" />
          <UnitPrice product={shelfPrice(product)} />
        </div>
        <LowStockNote product={product} className="mt-1" />
        <PerOrderLimitNote product={product} className="mt-1" />
        <label className="mt-1 flex min-h-9 items-center gap-2 text-sm text-gray-700">
          <input
            type="checkbox"
            checked={line.allowSubstitutes !== false}
            onChange={(event) => onAllowSubstitutesChange(event.target.checked)}
            aria-label={`Allow substitutes for ${product.name}`}
            className="h-4 w-4 accent-primary"
          />
          Allow substitutes
        </label>
      </div>
      <div className="col-start-2 flex flex-wrap items-center justify-between gap-3 sm:col-start-3 sm:row-start-1 sm:flex-col sm:items-end sm:justify-start">
        <QuantityStepper
          value={quantity}
          max={Math.max(1, max)}
          onChange={onQuantityChange}
          itemLabel={product.name}
          size="sm"
        />
        <p className="text-right text-sm font-semibold text-gray-900">
          <span className="sr-only">Subtotal </span>
          {formatPence(pricing?.charged ?? linePriceWithVat(pricedLine(line)))}
          {pricing && pricing.saving > 0 && (
            <span className="block text-xs font-medium text-danger">
              {PROMOTION_TEXTS.youSave} {formatPence(pricing.saving)}
            </span>
          )}
        </p>
        <button
          type="button"
          onClick={onRemove}
          aria-label={`Remove ${product.name} from cart`}
          className="inline-flex min-h-9 items-center gap-1 rounded-md px-2 text-sm font-medium text-danger hover:bg-danger-soft"
        >
          <svg viewBox="0 0 20 20" className="h-4 w-4" fill="currentColor" aria-hidden="true">
            <path d="M8 2a1 1 0 0 0-.9.6L6.4 4H3a1 1 0 0 0 0 2h.2l.8 10.2A2 2 0 0 0 6 18h8a2 2 0 0 0 2-1.8L16.8 6h.2a1 1 0 1 0 0-2h-3.4l-.7-1.4A1 1 0 0 0 12 2H8Zm-.5 6a.75.75 0 0 1 .75.7l.25 5a.75.75 0 0 1-1.5.1l-.25-5A.75.75 0 0 1 7.5 8Zm5 0a.75.75 0 0 1 .75.8l-.25 5a.75.75 0 0 1-1.5-.1l.25-5a.75.75 0 0 1 .75-.7Z" />
          </svg>
          Remove
        </button>
      </div>
      {notice && (
        <p
          role="status"
          className="col-span-2 rounded-md bg-warning-soft px-3 py-2 text-sm text-warning sm:col-span-3"
        >
          {notice}
        </p>
      )}
    </li>
  );
}

/** A cart line while the cart loads: the line's own grid, its parts as tall as a line's, so nothing moves. */
export function CartLineSkeleton() {
  return (
    <li
      className="grid grid-cols-[4.5rem_1fr] gap-x-3 gap-y-2 border-b border-gray-200 py-4 sm:grid-cols-[6rem_1fr_auto] sm:gap-x-4"
      aria-hidden="true"
    >
      <Skeleton className="row-span-2 aspect-square w-full sm:row-span-1" />
      <div className="min-w-0">
        <Skeleton className="h-6 w-2/3" />
        <Skeleton className="mt-1 h-5 w-1/3" />
        <Skeleton className="mt-3 h-5 w-36" />
      </div>
      <div className="col-start-2 flex flex-wrap items-center justify-between gap-3 sm:col-start-3 sm:row-start-1 sm:flex-col sm:items-end sm:justify-start">
        <Skeleton className="h-8 w-24" />
        <Skeleton className="h-5 w-14" />
        <Skeleton className="h-9 w-20" />
      </div>
    </li>
  );
}
