import { formatUnitPrice, promotionEndsText, reducesShelfPrice } from '@larder/shared-domain';
import { cx } from '@larder/shared-ui';
import type { Product } from './useProducts';

/**
 * The promotion a product is in: its label ("3 for £5"), the unit price at the promotional price beside the
 * normal one (Price Marking Order 2004, as amended from 6 April 2026; a reduction's is the price's own, shown with
 * it) and when it ends. Nothing when none.
 */
export function PromotionBadge({
  product,
  className,
}: {
  product: Pick<Product, 'promotion'>;
  className?: string;
}) {
  const { promotion } = product;
  if (!promotion) return null;
  return (
    <p
      className={cx('flex flex-wrap items-center gap-x-2 gap-y-0.5 text-xs', className)}
      data-testid="promotion"
    >
      <span className="rounded-full bg-danger-soft px-2 py-0.5 font-semibold text-danger">
        {promotion.label}
      </span>
      {/* A reduction's unit price is the one shown with the price (ShelfPrice): a deal's goes beside it. */}
      {promotion.unitPrice && !reducesShelfPrice(promotion.kind) && (
        <span className="tabular-nums text-gray-700" data-testid="promotion-unit-price">
          {formatUnitPrice(promotion.unitPrice)} on offer
        </span>
      )}
      <span className="text-gray-600">{promotionEndsText(promotion.endsAt)}</span>
    </p>
  );
}
