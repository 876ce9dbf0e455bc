/**
 * Shared storefront hook: cart changes with the spec's toasts.
 * add(id, product?): one more ("Added to Cart"); at the 99 cap, or at the product's stock or the seller's limit
 * per order when it is given, nothing changes and a short notice says so ("Only 3 left of Oat Cookies",
 * "You can buy at most 6 of Free Range Eggs x12 in one order.");
 * decrement(id): one fewer ("Removed from Cart"); setQuantity(id, n): "Cart Updated" when the quantity changed;
 * remove(id): drops the line ("Removed from Cart").
 * The cart slice is the source of truth; shared-state syncs it to the server while signed in.
 * Call these behind useRequireSignIn() where the spec asks for sign-in.
 */
import { useMemo } from 'react';
import { MAX_QUANTITY, MESSAGES } from '@larder/shared-domain';
import { cartActions, selectCartQuantity, useAppStore, toast } from '@larder/shared-state';
import { maxOrderable, quantityLimitMessage, useShopLimit } from './stock';

// Each cart notice replaces its own last one: adding five things in a row shows one "Added to Cart", not five.
const ADDED = { id: 'added-to-cart' };
const REMOVED = { id: 'removed-from-cart' };
const UPDATED = { id: 'cart-updated' };

/** What add() needs to know to stop at the stock or the seller's limit per order. */
export interface StockedProduct {
  name: string;
  inStock: boolean;
  stock?: number | null;
  maxPerOrder?: number | null;
}

export function useCartActions() {
  const store = useAppStore();
  const shopLimit = useShopLimit();
  return useMemo(() => {
    const quantityOf = (id: string) => selectCartQuantity(store.getState(), id);
    return {
      add(id: string, product?: StockedProduct) {
        const before = quantityOf(id);
        const limit = product ? maxOrderable(product, shopLimit) : MAX_QUANTITY;
        const why = product && before >= limit ? quantityLimitMessage(product, limit, shopLimit) : undefined;
        if (why) {
          toast(why, { id: `max-quantity-${id}`, icon: 'ℹ️' });
          return;
        }
        store.dispatch(cartActions.add(id));
        if (quantityOf(id) > before) toast.success(MESSAGES.addedToCart, ADDED);
        else toast(MESSAGES.maxQuantityReached, { id: `max-quantity-${id}`, icon: 'ℹ️' });
      },
      decrement(id: string) {
        store.dispatch(cartActions.decrement(id));
        toast.success(MESSAGES.removedFromCart, REMOVED);
      },
      setQuantity(id: string, quantity: number) {
        const before = quantityOf(id);
        store.dispatch(cartActions.setQuantity({ id, quantity }));
        if (quantityOf(id) !== before) toast.success(MESSAGES.cartUpdated, UPDATED);
      },
      remove(id: string) {
        store.dispatch(cartActions.remove(id));
        toast.success(MESSAGES.removedFromCart, REMOVED);
      },
    };
  }, [store, shopLimit]);
}
