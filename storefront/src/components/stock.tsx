/**
 * Shared storefront stock rules for a product as the API shows it: how many a shopper may put in the cart
 * (the 99 cap or the stock, whichever is lower), and the "Only N left" note at LOW_STOCK_THRESHOLD or below.
 */
import { LOW_STOCK_THRESHOLD, MAX_QUANTITY, isPurchasable } from '@larder/shared-domain';
import { Badge } from '@larder/shared-ui';

interface Stocked {
  inStock: boolean;
  stock?: number | null;
}

/** The counted stock, or null when the seller does not count it. */
function countOf(product: Stocked): number | null {
  return typeof product.stock === 'number' ? product.stock : null;
}

/** Whether a shopper can buy it now (switch on, stock not counted or above 0). */
export function canBuy(product: Stocked): boolean {
  return isPurchasable({ inStock: product.inStock, stock: countOf(product) });
}

/** The most a cart line of this product may hold: 0 when it cannot be bought. */
export function maxOrderable(product: Stocked): number {
  if (!canBuy(product)) return 0;
  const stock = countOf(product);
  return stock === null ? MAX_QUANTITY : Math.min(MAX_QUANTITY, stock);
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
