import { ALL_PRODUCTS_TITLE, MESSAGES, matchesFoodFilters } from '@larder/shared-domain';
import { useNavigate, useSearchParams } from 'react-router-dom';
import { Button, EmptyState, useDocumentTitle } from '@larder/shared-ui';
import { search as searchIcon } from '../../assets/emoji';
import { Emoji } from '../../components/Emoji';
import { FoodFiltersForm, hasFoodFilters, useFoodFilters } from '../../components/FoodFilters';
import { ProductListing } from '../../components/ProductListing';
import { useProducts } from '../../components/useProducts';
import { useProductSearch } from '../../components/useProductSearch';
import { canBuy } from '../../components/stock';
import { productListSearch } from '../../lib/products-url';

/**
 * Every in-stock product, filtered by the search text of the URL (`/products?q=`, typed in the navbar): at once
 * by name, then by what the search endpoint finds for the text (typos forgiven, best match first), still
 * in-stock only.
 */
export default function AllProductsPage() {
  useDocumentTitle(ALL_PRODUCTS_TITLE);
  const { inStock, isLoading, isError, refetch } = useProducts();
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const query = (params.get('q') ?? '').trim();
  const needle = query.toLowerCase();
  const search = useProductSearch(query);
  const filters = useFoodFilters();
  const matched = !needle
    ? inStock
    : search.products
      ? search.products.filter(canBuy)
      : inStock.filter((product) => product.name.toLowerCase().includes(needle));
  const shown = matched.filter((product) => matchesFoodFilters(product, filters));
  const clearSearch = () => navigate(`/products${productListSearch('', filters)}`, { replace: true });

  return (
    <section className="py-8 md:py-12">
      <div className="flex flex-wrap items-end justify-between gap-3">
        <div>
          <h1 className="text-2xl font-semibold text-gray-900 md:text-3xl">All Products</h1>
          <div className="mt-1 h-0.5 w-16 rounded-full bg-primary" />
        </div>
        {query && (
          <p
            className="flex items-center gap-2 text-sm text-gray-700"
            role="status"
            aria-busy={search.isSearching}
          >
            Results for <strong className="text-gray-900">&ldquo;{query}&rdquo;</strong>
            <Button variant="ghost" size="sm" onClick={clearSearch}>
              Clear search
            </Button>
          </p>
        )}
      </div>
      <div className="mt-6">
        <FoodFiltersForm />
      </div>
      <div className="mt-6 md:mt-8">
        <ProductListing
          priorityFirst
          products={shown}
          isLoading={isLoading}
          isError={isError}
          onRetry={refetch}
          empty={
            <EmptyState
              title={
                hasFoodFilters(filters) && !query ? MESSAGES.noProductsMatchFilters : MESSAGES.itemNotFound
              }
              icon={<Emoji body={searchIcon} className="h-16 w-16" />}
              message={query ? 'Try another name or browse all products.' : undefined}
              action={
                query ? (
                  <Button variant="secondary" onClick={clearSearch}>
                    Show all products
                  </Button>
                ) : undefined
              }
            />
          }
        />
      </div>
    </section>
  );
}
