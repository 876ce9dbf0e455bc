/**
 * Shared storefront hook: the products GET /api/product/search finds for a text (typo-tolerant, best match
 * first). The text is debounced while it is typed; the answer kept is always the one for the current text
 * (an older answer arriving late is stored under its own text and never shown for this one). `products` is
 * undefined until the search for the current text has answered (or when it failed, or the text is blank):
 * callers show their own local filter meanwhile. A text the page starts with (a shared or reloaded
 * `/products?q=` URL) is asked for at once, and on the server the answer is already in the store.
 */
import { useEffect, useState } from 'react';
import { SEARCH_MAX_LENGTH } from '@larder/shared-domain';
import { useSearchProductsQuery } from '@larder/shared-state';
import type { Product } from './useProducts';

export const SEARCH_DEBOUNCE_MS = 250;

/** The text a search asks the server for: trimmed and cut to the longest search the server takes. */
export function searchText(text: string): string {
  return text.trim().slice(0, SEARCH_MAX_LENGTH);
}

export interface ProductSearch {
  /** The server's matches for the current text, best first; undefined while not (yet) known. */
  products: Product[] | undefined;
  /** A search for the current text is waiting or running. */
  isSearching: boolean;
}

export function useProductSearch(text: string): ProductSearch {
  const q = searchText(text);
  const [debounced, setDebounced] = useState(q);

  useEffect(() => {
    const timer = setTimeout(() => setDebounced(q), SEARCH_DEBOUNCE_MS);
    return () => clearTimeout(timer);
  }, [q]);

  const result = useSearchProductsQuery({ q: debounced }, { skip: !debounced });
  const answered = q !== '' && debounced === q && result.currentData !== undefined;
  return {
    products: answered ? result.currentData?.products : undefined,
    isSearching: q !== '' && !answered,
  };
}
