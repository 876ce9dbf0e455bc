/**
 * Shared storefront hook: the products GET /api/product/search finds for a text (typo-tolerant, best match
 * first). The text is debounced, and a request still running for an older text is aborted when a newer one
 * goes out, so a slow stale answer can never replace a fresh one. `products` is undefined until the search
 * for the current text has answered (or when it failed, or the text is blank): callers show their own
 * local filter meanwhile.
 */
import { useEffect, useState } from 'react';
import { SEARCH_MAX_LENGTH } from '@larder/shared-domain';
import { useLazySearchProductsQuery } from '@larder/shared-state';
import type { Product } from './useProducts';

export const SEARCH_DEBOUNCE_MS = 250;

export interface ProductSearch {
  /** The server's matches for the current text, best first; undefined while not (yet) known. */
  products: Product[] | undefined;
  /** A search for the current text is waiting or running. */
  isSearching: boolean;
}

export function useProductSearch(text: string): ProductSearch {
  const q = text.trim().slice(0, SEARCH_MAX_LENGTH);
  const [debounced, setDebounced] = useState(q);
  const [trigger, result] = useLazySearchProductsQuery();

  useEffect(() => {
    const timer = setTimeout(() => setDebounced(q), SEARCH_DEBOUNCE_MS);
    return () => clearTimeout(timer);
  }, [q]);

  useEffect(() => {
    if (!debounced) return undefined;
    const request = trigger({ q: debounced }, true);
    return () => request.abort();
  }, [debounced, trigger]);

  const answered =
    q !== '' && debounced === q && result.originalArgs?.q === q && result.currentData !== undefined;
  return {
    products: answered ? result.currentData?.products : undefined,
    isSearching: q !== '' && !answered,
  };
}
