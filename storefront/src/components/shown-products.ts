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

/** Notes that the page shows these products (by their _id), when the server is rendering it. */
export function useShownProducts(productIds: readonly string[]): void {
  const shown = useContext(ShownProducts);
  if (shown) for (const id of productIds) shown.add(id);
}

const MissingProducts = createContext<Set<string> | undefined>(undefined);

/** While the server renders: the product ids a page looked for in the whole catalogue and did not find. */
export const MissingProductsProvider = MissingProducts.Provider;

/**
 * Notes that the page shows "not found" for this product id, when the server is rendering it: the browser then
 * knows the product is missing before the whole catalogue has loaded, and draws the same page.
 */
export function useMissingProduct(productId: string, missing: boolean): void {
  useMissingProducts(missing ? [productId] : []);
}

/** As useMissingProduct, for every product id given (those the page looked for and did not find). */
export function useMissingProducts(productIds: readonly string[]): void {
  const set = useContext(MissingProducts);
  if (set) for (const id of productIds) set.add(id);
}
