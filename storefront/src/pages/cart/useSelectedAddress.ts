import { useCallback } from 'react';
import { useSearchParams } from 'react-router-dom';
import type { AddressDto, SessionUser } from '@larder/shared-state';

/** The query parameter of /cart naming the chosen delivery address. */
export const ADDRESS_PARAM = 'address';

/** The cart's URL with a delivery address chosen. */
export function cartWithAddress(addressId: string): string {
  return `/cart?${new URLSearchParams({ [ADDRESS_PARAM]: addressId })}`;
}

/**
 * The delivery address of the checkout: the one named in the URL when it is one of the customer's,
 * otherwise the default address.
 */
export function useSelectedAddress(user: SessionUser | null): {
  address: AddressDto | null;
  select: (addressId: string) => void;
} {
  const [params, setParams] = useSearchParams();
  const wanted = params.get(ADDRESS_PARAM);
  const addresses = user?.addresses ?? [];
  const address =
    addresses.find((a) => a._id === wanted) ?? addresses.find((a) => a._id === user?.defaultAddress) ?? null;
  const select = useCallback(
    (addressId: string) =>
      setParams(
        (current) => {
          const next = new URLSearchParams(current);
          next.set(ADDRESS_PARAM, addressId);
          return next;
        },
        { replace: true },
      ),
    [setParams],
  );
  return { address, select };
}
