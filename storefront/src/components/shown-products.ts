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
