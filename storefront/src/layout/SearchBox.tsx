import { useLocation, useNavigate, useSearchParams } from 'react-router-dom';
import { cx } from '@larder/shared-ui';
import { productListSearch, readProductListSearch } from '../lib/products-url';
import { SearchIcon } from './icons';

/**
 * The navbar search. The text lives in the URL of the product list (`/products?q=`), so a search can be
 * shared and survives a reload: typing on another page opens the list with the text, typing on the list
 * changes its URL in place (keeping the food filters).
 */
export function SearchBox({ id, className }: { id: string; className?: string }) {
  const navigate = useNavigate();
  const { pathname } = useLocation();
  const [params] = useSearchParams();
  const onList = pathname === '/products';
  const { q, filters } = readProductListSearch(params);
  const query = onList ? q : '';

  const show = (text: string) =>
    navigate(`/products${productListSearch(text, onList ? filters : {})}`, { replace: onList });

  return (
    <form
      role="search"
      action="/products"
      method="get"
      className={cx(
        'flex items-center gap-2 rounded-full border border-gray-300 bg-white px-3 focus-within:border-primary focus-within:outline-2 focus-within:outline-primary',
        className,
      )}
      onSubmit={(event) => {
        event.preventDefault();
        if (!onList) show(query);
      }}
    >
      <label htmlFor={id} className="sr-only">
        Search products
      </label>
      <input
        id={id}
        type="search"
        name="q"
        value={query}
        placeholder="Search products"
        autoComplete="off"
        enterKeyHint="search"
        className="min-h-10 w-full min-w-0 bg-transparent text-sm text-gray-900 outline-none placeholder:text-gray-500"
        onChange={(event) => {
          const text = event.target.value;
          if (onList || text.length > 0) show(text);
        }}
      />
      <SearchIcon className="h-4 w-4 shrink-0 text-gray-500" />
    </form>
  );
}
