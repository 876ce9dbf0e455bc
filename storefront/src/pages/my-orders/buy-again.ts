import { MAX_QUANTITY, MESSAGES } from '@larder/shared-domain';
import type { OrderItemView } from '@larder/shared-state';
import { canBuy, maxOrderable, perOrderLimit } from '../../components/stock';
import type { Product } from '../../components/useProducts';

export interface BuyAgainPlan {
  /** New cart quantities, product id to quantity. */
  quantities: Record<string, number>;
  /** What could not be added in full, in the order's order, as sentences' parts. */
  problems: string[];
}

/**
 * What "Buy again" does with an order: each item still sold and in stock is added to the cart on top of what
 * is there, capped by the stock, the seller's limit per order (else `shopLimit`, the shop's limit per product) and
 * the 99 limit; the rest is named with the reason.
 */
export function planBuyAgain(
  items: readonly Pick<OrderItemView, 'productId' | 'name' | 'quantity'>[],
  products: ReadonlyMap<string, Product>,
  inCart: Readonly<Record<string, number>>,
  shopLimit?: number,
): BuyAgainPlan {
  const quantities: Record<string, number> = {};
  const problems: string[] = [];
  for (const item of items) {
    const product = products.get(item.productId);
    if (!product) {
      problems.push(`${item.name} (no longer sold)`);
      continue;
    }
    if (!canBuy(product)) {
      problems.push(`${product.name} (out of stock)`);
      continue;
    }
    const before = quantities[product._id] ?? inCart[product._id] ?? 0;
    const max = maxOrderable(product, shopLimit);
    const wanted = before + item.quantity;
    const next = Math.min(wanted, max);
    if (next > before) quantities[product._id] = next;
    if (next < wanted) {
      const added = next - before;
      const perOrder = perOrderLimit(product, shopLimit);
      const limit =
        perOrder !== null && perOrder === max
          ? `at most ${max} per order`
          : max < MAX_QUANTITY
            ? `only ${max} left`
            : `at most ${MAX_QUANTITY} per item`;
      problems.push(
        `${product.name} (${limit}, ${added > 0 ? `${added} of ${item.quantity} added` : 'none added'})`,
      );
    }
  }
  return { quantities, problems };
}

/** The toast text for a plan: what was added and what was not. */
export function buyAgainMessage(plan: BuyAgainPlan): { ok: boolean; text: string } {
  const added = Object.keys(plan.quantities).length > 0;
  if (plan.problems.length === 0) return { ok: true, text: MESSAGES.addedToCart };
  const notAdded = `Could not add: ${plan.problems.join(', ')}.`;
  return added
    ? { ok: true, text: `${MESSAGES.addedToCart}. ${notAdded}` }
    : { ok: false, text: `Nothing was added. ${notAdded}` };
}
