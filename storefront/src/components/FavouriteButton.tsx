/**
 * Shared storefront component: the heart that keeps a product as a favourite (product cards, the product page).
 * A signed-in customer's tap adds or removes it; a visitor's tap opens the sign-in and the heart is kept once
 * they have signed in (the product waits in sessionStorage, so a sign-in that reloads the page keeps it too).
 */
import { useEffect } from 'react';
import { MESSAGES } from '@larder/shared-domain';
import {
  errorMessage,
  selectIsSignedIn,
  skipToken,
  toast,
  useAddFavouriteMutation,
  useAppSelector,
  useFavouritesQuery,
  useRemoveFavouriteMutation,
} from '@larder/shared-state';
import { cx } from '@larder/shared-ui';
import { useRequireSignIn } from './RequireSignIn';

const PENDING_KEY = 'larder.favouriteAfterSignIn';

function pendingFavourite(): string | null {
  try {
    return window.sessionStorage.getItem(PENDING_KEY);
  } catch {
    return null;
  }
}

function setPendingFavourite(id: string | null): void {
  try {
    if (id) window.sessionStorage.setItem(PENDING_KEY, id);
    else window.sessionStorage.removeItem(PENDING_KEY);
  } catch {
    // Storage refused (private mode): the heart is simply not kept after the sign-in.
  }
}

/** Whether the signed-in customer keeps the product as a favourite (false for a visitor). */
export function useIsFavourite(productId: string): boolean {
  const signedIn = useAppSelector(selectIsSignedIn);
  const { data } = useFavouritesQuery(signedIn ? undefined : skipToken);
  return !!data?.products.some((p) => p._id === productId);
}

interface FavouriteButtonProps {
  product: { _id: string; name: string };
  className?: string;
  /** 'sm' on product cards, 'md' on the product page. */
  size?: 'sm' | 'md';
}

export function FavouriteButton({ product, className, size = 'sm' }: FavouriteButtonProps) {
  const signedIn = useAppSelector(selectIsSignedIn);
  const favourite = useIsFavourite(product._id);
  const [add, adding] = useAddFavouriteMutation();
  const [remove, removing] = useRemoveFavouriteMutation();
  const requireSignIn = useRequireSignIn();
  const busy = adding.isLoading || removing.isLoading;
  // While the change is on its way the heart shows what it will be.
  const shown = adding.isLoading ? true : removing.isLoading ? false : favourite;

  useEffect(() => {
    if (!signedIn || pendingFavourite() !== product._id) return;
    setPendingFavourite(null);
    void add({ productId: product._id });
  }, [signedIn, product._id, add]);

  const toggle = () => {
    if (busy) return;
    if (!signedIn) {
      setPendingFavourite(product._id);
      requireSignIn(() => undefined);
      return;
    }
    const change = favourite ? remove({ productId: product._id }) : add({ productId: product._id });
    change.unwrap().catch((err: unknown) => {
      toast.error(errorMessage(err, MESSAGES.somethingWentWrong), { id: `favourite-${product._id}` });
    });
  };

  return (
    <button
      type="button"
      onClick={toggle}
      aria-pressed={shown}
      aria-label={`Favourite: ${product.name}`}
      title={shown ? 'Remove from favourites' : 'Add to favourites'}
      className={cx(
        'inline-flex items-center justify-center rounded-full border bg-white/90 transition-colors focus-visible:outline-2 focus-visible:outline-primary',
        shown ? 'border-danger/40 text-danger' : 'border-gray-300 text-gray-700 hover:text-danger',
        size === 'sm' ? 'h-9 w-9' : 'h-11 w-11',
        className,
      )}
      data-testid="favourite-button"
    >
      <HeartIcon filled={shown} className={size === 'sm' ? 'h-5 w-5' : 'h-6 w-6'} />
    </button>
  );
}

export function HeartIcon({ filled, className }: { filled: boolean; className?: string }) {
  return (
    <svg
      viewBox="0 0 24 24"
      className={className}
      fill={filled ? 'currentColor' : 'none'}
      stroke="currentColor"
      strokeWidth="1.8"
      aria-hidden="true"
    >
      <path
        d="M12 20.5s-7.4-4.5-9.2-9.1C1.7 8.6 3.6 5 7 5c2.1 0 3.6 1.2 5 3 1.4-1.8 2.9-3 5-3 3.4 0 5.3 3.6 4.2 6.4-1.8 4.6-9.2 9.1-9.2 9.1Z"
        strokeLinejoin="round"
      />
    </svg>
  );
}
