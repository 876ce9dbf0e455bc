import { foodFiltersQuery, parseFoodFilters, type FoodFilters } from '@larder/shared-domain';

/**
 * The query string of a product list: the search text (`q`) and the food filters, so a search is a URL
 * that can be shared, reloaded and rendered on the server. Each control changes its own part and keeps the other.
 */
export function productListSearch(q: string, filters: FoodFilters): string {
  const parts = [q ? `q=${encodeURIComponent(q)}` : '', foodFiltersQuery(filters)].filter(Boolean);
  return parts.length ? `?${parts.join('&')}` : '';
}

/** The search text and the food filters of a product list's URL parameters. */
export function readProductListSearch(params: URLSearchParams): { q: string; filters: FoodFilters } {
  return { q: params.get('q') ?? '', filters: parseFoodFilters(params) };
}
