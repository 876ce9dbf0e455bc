/**
 * Shared storefront hook (used by the home, listing, detail and cart pages).
 * useProducts() returns the catalogue from GET /api/product/list with its loading state;
 * `inStock` is the part shoppers may buy, `byId` looks a product up by its _id; `complete` says whether the
 * list is the whole catalogue yet (a server-rendered page arrives with only the products it shows).
 */
import { useMemo } from 'react';
import {
  selectCatalogueComplete,
  useAppSelector,
  useListProductsQuery,
  type ListProductsApiResponse,
} from '@larder/shared-state';

/** A product as GET /api/product/list shows it (prices in pounds, vat in percent). */
export type Product = ListProductsApiResponse['products'][number];

export interface ProductsState {
  /** Every listed product, newest first (in and out of stock). */
  products: Product[];
  /** The listed products that are in stock. */
  inStock: Product[];
  byId: Map<string, Product>;
  /**
   * False while the list holds only the products of the server-rendered page the visit started on (the rest is
   * loading): a product missing from it may still exist.
   */
  complete: boolean;
  /** True until the first answer arrives (show skeletons). */
  isLoading: boolean;
  isError: boolean;
  refetch: () => void;
}

const EMPTY: Product[] = [];

/**
 * The parts of the query's state that useProducts returns: a refetch in the background (the whole catalogue
 * after a server-rendered page) then re-renders the page once, when the answer arrives, not also when it is
 * asked for.
 */
const READ = {
  selectFromResult: ({
    data,
    isLoading,
    isError,
  }: {
    data?: ListProductsApiResponse;
    isLoading: boolean;
    isError: boolean;
  }) => ({
    data,
    isLoading,
    isError,
  }),
};

export function useProducts(): ProductsState {
  const { data, isLoading, isError, refetch } = useListProductsQuery(undefined, READ);
  const complete = useAppSelector(selectCatalogueComplete);
  const products = data?.products ?? EMPTY;
  return useMemo(
    () => ({
      products,
      complete,
      inStock: products.filter((product) => product.inStock),
      byId: new Map(products.map((product) => [product._id, product])),
      isLoading,
      isError,
      refetch: () => void refetch(),
    }),
    [products, complete, isLoading, isError, refetch],
  );
}
