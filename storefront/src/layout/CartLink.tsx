import { Link } from 'react-router-dom';
import { selectCartCount, selectSessionStatus, useAppSelector } from '@larder/shared-state';
import { cx } from '@larder/shared-ui';
import { CartIcon } from '../components/ProductCard';

/**
 * The cart icon with the number of units in the cart. Until the session has answered (a signed-in customer's
 * cart comes with it) the number is not known: its place is kept, empty.
 */
export function CartLink() {
  const count = useAppSelector(selectCartCount);
  const known = useAppSelector(selectSessionStatus) === 'ready' || count > 0;
  const label = !known ? 'Cart' : count === 1 ? 'Cart, 1 item' : `Cart, ${count} items`;
  return (
    <Link
      to="/cart"
      aria-label={label}
      data-testid="cart-link"
      className="relative inline-flex h-11 w-11 items-center justify-center rounded-full text-gray-700 hover:bg-gray-100 hover:text-primary"
    >
      <CartIcon className="h-6 w-6" />
      <span
        aria-hidden="true"
        data-testid="cart-count"
        className={cx(
          'absolute top-0.5 right-0 min-w-5 rounded-full bg-primary px-1 text-center text-xs leading-5 font-semibold text-white',
          !known && 'invisible',
        )}
      >
        {known ? count : ''}
      </span>
    </Link>
  );
}
