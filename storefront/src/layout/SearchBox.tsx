import { useLocation, useNavigate } from 'react-router-dom';
import { selectSearchQuery, setSearchQuery, useAppDispatch, useAppSelector } from '@larder/shared-state';
import { cx } from '@larder/shared-ui';
import { SearchIcon } from './icons';

/** The navbar search: typing any text keeps it in the ui slice and jumps to /products, which filters by it. */
export function SearchBox({ id, className }: { id: string; className?: string }) {
  const query = useAppSelector(selectSearchQuery);
  const dispatch = useAppDispatch();
  const navigate = useNavigate();
  const { pathname } = useLocation();

  return (
    <form
      role="search"
      className={cx(
        'flex items-center gap-2 rounded-full border border-gray-300 bg-white px-3 focus-within:border-primary focus-within:outline-2 focus-within:outline-primary',
        className,
      )}
      onSubmit={(event) => {
        event.preventDefault();
        if (pathname !== '/products') navigate('/products');
      }}
    >
      <label htmlFor={id} className="sr-only">
        Search products
      </label>
      <input
        id={id}
        type="search"
        value={query}
        placeholder="Search products"
        autoComplete="off"
        enterKeyHint="search"
        className="min-h-10 w-full min-w-0 bg-transparent text-sm text-gray-900 outline-none placeholder:text-gray-500"
        onChange={(event) => {
          const text = event.target.value;
          dispatch(setSearchQuery(text));
          if (text.length > 0 && pathname !== '/products') navigate('/products');
        }}
      />
      <SearchIcon className="h-4 w-4 shrink-0 text-gray-500" />
    </form>
  );
}
