/**
 * The products a server-rendered page shows. While the server renders a page it gives the page a set
 * (ShownProductsProvider), and every place that shows a product notes it there (useShownProduct); the page then
 * goes to the browser with those products alone instead of the whole catalogue (server-entry.tsx, and
 * dehydrate in shared-state). In the browser there is no set and noting is nothing.
 */
import { createContext, useContext } from 'react';

const ShownProducts = createContext<Set<string> | undefined>(undefined);

export const ShownProductsProvider = ShownProducts.Provider;

/** Notes that the page shows this product (by its _id), when the server is rendering it. */
export function useShownProduct(productId: string | undefined): void {
  const shown = useContext(ShownProducts);
  if (shown && productId !== undefined) shown.add(productId);
}

const MissingProducts = createContext<Set<string> | undefined>(undefined);

/** While the server renders: the product ids a page looked for in the whole catalogue and did not find. */
export const MissingProductsProvider = MissingProducts.Provider;

/**
 * Notes that the page shows "not found" for this product id, when the server is rendering it: the browser then
 * knows the product is missing before the whole catalogue has loaded, and draws the same page.
 */
export function useMissingProduct(productId: string, missing: boolean): void {
  const set = useContext(MissingProducts);
  if (set && missing) set.add(productId);
}
