import type { CartItems } from '@larder/shared-domain';

/**
 * A signed-in customer's cart as this tab last changed it, until the server has acknowledged it (sessionStorage:
 * this tab, until it is closed). The change is posted after a pause, or with `keepalive` as the page is left; a
 * page asked for in that moment (a link followed right after an Add) is rendered from the server's copy without
 * it, and a post that fails (no signal) never arrives. The next page then takes the cart back from here.
 */
export const UNSENT_CART_KEY = 'larder:unsent-cart';

interface UnsentCart {
  user: string;
  items: CartItems;
}

function storage(): Storage | undefined {
  try {
    return typeof window === 'undefined' ? undefined : window.sessionStorage;
  } catch {
    return undefined; // storage refused (a sandboxed frame, some private windows)
  }
}

function read(): UnsentCart | undefined {
  try {
    const kept = JSON.parse(storage()?.getItem(UNSENT_CART_KEY) ?? 'null') as Partial<UnsentCart> | null;
    if (typeof kept?.user !== 'string' || typeof kept.items !== 'object' || kept.items === null)
      return undefined;
    return { user: kept.user, items: kept.items };
  } catch {
    return undefined;
  }
}

/** Whether two carts hold the same products in the same quantities. */
export function sameCart(a: CartItems, b: CartItems): boolean {
  const keys = Object.keys(a);
  return keys.length === Object.keys(b).length && keys.every((id) => a[id] === b[id]);
}

/** Keeps `items` as the customer's cart not yet acknowledged by the server. */
export function keepUnsentCart(user: string, items: CartItems): void {
  try {
    storage()?.setItem(UNSENT_CART_KEY, JSON.stringify({ user, items }));
  } catch {
    // Storage full or refused: the change lasts while the page is open, as before.
  }
}

/** The cart this tab changed for `user` and the server has not acknowledged, if any. */
export function unsentCartOf(user: string): CartItems | undefined {
  const kept = read();
  return kept?.user === user ? kept.items : undefined;
}

/**
 * Forgets the unsent cart: all of it (`items` left out: signed out, or an order placed), or only if it is
 * `items`, which the server has just acknowledged (a later change stays kept until its own post is answered).
 */
export function forgetUnsentCart(items?: CartItems): void {
  const kept = read();
  if (!kept || (items && !sameCart(kept.items, items))) return;
  try {
    storage()?.removeItem(UNSENT_CART_KEY);
  } catch {
    // nothing kept to remove
  }
}
