/**
 * Shared storefront stock rules for a product as the API shows it: how many a shopper may put in the cart
 * (the 99 cap, the stock and the seller's limit per order, whichever is lowest; without a limit of its own, the
 * shop's limit per product), the "Only N left" note at LOW_STOCK_THRESHOLD or below, and the "Limit N per order"
 * note (the product's own limit only).
 */
import {
  LOW_STOCK_THRESHOLD,
  MAX_QUANTITY,
  onlyLeftMessage,
  orderLimitOf,
  perOrderLimitLabel,
  perOrderLimitMessage,
} from '@larder/shared-domain';
import { Badge, cx } from '@larder/shared-ui';
import { useGetShippingSettingsQuery } from '@larder/shared-state';

interface Stocked {
  inStock: boolean;
  stock?: number | null;
  /** The seller's limit per order; null or absent for none. */
  maxPerOrder?: number | null;
}

/** The counted stock, or null when the seller does not count it. */
function countOf(product: Stocked): number | null {
  return typeof product.stock === 'number' ? product.stock : null;
}

/** Whether a shopper can buy it now: the API's inStock (listed, and stock not counted or above 0). */
export function canBuy(product: Stocked): boolean {
  return product.inStock;
}

/**
 * The shop's limit of one product in one order for products without their own (the shipping settings every page
 * loads, on the server too); undefined until they are known.
 */
export function useShopLimit(): number | undefined {
  return useGetShippingSettingsQuery().data?.maxPerProduct;
}

/**
 * The limit of this product in one order: the seller's own for it, else `shopLimit` (the shop's limit per product)
 * when given; null when there is none.
 */
export function perOrderLimit(product: Stocked, shopLimit?: number): number | null {
  return orderLimitOf(product.maxPerOrder, shopLimit);
}

/** The most the shelf allows in a cart line: 0 when it cannot be bought, else the stock capped at 99. */
export function maxInStock(product: Stocked): number {
  if (!canBuy(product)) return 0;
  const stock = countOf(product);
  return stock === null ? MAX_QUANTITY : Math.min(MAX_QUANTITY, stock);
}

/** The most a cart line of this product may hold: 0 when it cannot be bought. */
export function maxOrderable(product: Stocked, shopLimit?: number): number {
  const limit = perOrderLimit(product, shopLimit);
  const shelf = maxInStock(product);
  return limit === null ? shelf : Math.min(shelf, limit);
}

/**
 * Why a line stops at `max` (what maxOrderable answered): the seller's limit ("You can buy at most 6 of Free Range
 * Eggs x12 in one order.") when that is what stops it, else "Only N left of …" below 99; undefined at the 99 cap.
 */
export function quantityLimitMessage(
  product: Stocked & { name: string },
  max: number,
  shopLimit?: number,
): string | undefined {
  const limit = perOrderLimit(product, shopLimit);
  if (limit !== null && limit === max && limit < MAX_QUANTITY)
    return perOrderLimitMessage(product.name, limit);
  return max < MAX_QUANTITY ? onlyLeftMessage(product.name, max) : undefined;
}

/** "Only N left" when a counted, buyable stock is at or below the low-stock threshold; else undefined. */
export function lowStockText(product: Stocked): string | undefined {
  const stock = countOf(product);
  if (stock === null || stock <= 0 || stock > LOW_STOCK_THRESHOLD || !canBuy(product)) return undefined;
  return `Only ${stock} left`;
}

/** The "Only N left" badge, or nothing. */
export function LowStockNote({ product, className }: { product: Stocked; className?: string }) {
  const text = lowStockText(product);
  if (!text) return null;
  return (
    <Badge tone="warning" className={className}>
      {text}
    </Badge>
  );
}

/** "Limit N per order" for a buyable product with the seller's limit, or nothing. */
export function PerOrderLimitNote({
  product,
  id,
  className,
}: {
  product: Stocked;
  id?: string;
  className?: string;
}) {
  const limit = perOrderLimit(product);
  if (limit === null || !canBuy(product)) return null;
  return (
    <p id={id} className={cx('text-sm font-medium text-gray-700', className)}>
      {perOrderLimitLabel(limit)}
    </p>
  );
}
