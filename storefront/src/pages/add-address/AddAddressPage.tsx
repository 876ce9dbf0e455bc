import { useId, useRef, useState } from 'react';
import { Link, useNavigate } from 'react-router-dom';
import { formatAddress, MESSAGES } from '@larder/shared-domain';
import type { AddressDto, SessionUser } from '@larder/shared-state';
import { Button, Skeleton, SkeletonText, useDocumentTitle } from '@larder/shared-ui';
import { cartWithAddress } from '../cart/useSelectedAddress';
import { SignInGate } from '../../components/SignInGate';
import { AddressForm } from './AddressForm';
import { toast } from '@larder/shared-state';

const TITLE = 'Delivery address';

/** /add-address: pick one of the saved addresses or add a new one, then go back to the cart with it selected. */
export default function AddAddressPage() {
  useDocumentTitle(TITLE);
  return (
    <SignInGate title={TITLE} loading={<AddAddressSkeleton />}>
      {(user) => <ChooseAddress user={user} />}
    </SignInGate>
  );
}

function ChooseAddress({ user }: { user: SessionUser }) {
  const navigate = useNavigate();
  const addresses = user.addresses;
  const [selected, setSelected] = useState<string | null>(null);
  const [adding, setAdding] = useState(addresses.length === 0);
  const formHeadingRef = useRef<HTMLHeadingElement>(null);
  const listId = useId();
  const formId = useId();

  function deliverToSelected() {
    if (!selected || !addresses.some((a) => a._id === selected)) {
      toast.error(MESSAGES.selectOrAddAddress);
      return;
    }
    navigate(cartWithAddress(selected));
  }

  function onAdded(address: AddressDto) {
    navigate(cartWithAddress(address._id));
  }

  function toggleAdding() {
    const next = !adding;
    setAdding(next);
    if (next) requestAnimationFrame(() => formHeadingRef.current?.focus());
  }

  return (
    <section className="mx-auto max-w-3xl py-8 md:py-12">
      <h1 className="text-2xl font-semibold text-gray-900 md:text-3xl">{TITLE}</h1>
      <p className="mt-2 text-gray-700">Choose where we should deliver your order, or add a new address.</p>

      <div className="mt-8 rounded-lg border border-gray-200 p-4 md:p-6">
        <h2 id={listId} className="text-lg font-semibold text-gray-900">
          Saved addresses
        </h2>
        {addresses.length === 0 ? (
          <p className="mt-3 text-gray-700">{MESSAGES.noAddresses}</p>
        ) : (
          <fieldset className="mt-3" aria-labelledby={listId}>
            <ul className="flex flex-col gap-2">
              {addresses.map((address) => (
                <li key={address._id}>
                  <label className="flex cursor-pointer items-start gap-3 rounded-md border border-gray-200 p-3 hover:bg-gray-50 has-[:checked]:border-primary has-[:checked]:bg-primary-soft/40">
                    <input
                      type="radio"
                      name="saved-address"
                      value={address._id}
                      checked={selected === address._id}
                      onChange={() => {
                        setSelected(address._id);
                        setAdding(false);
                      }}
                      className="mt-1 h-4 w-4 accent-primary"
                    />
                    <span className="text-sm text-gray-900">
                      {formatAddress(address)}
                      {address._id === user.defaultAddress && (
                        <span className="ml-2 text-xs font-medium text-primary">(default)</span>
                      )}
                    </span>
                  </label>
                </li>
              ))}
            </ul>
          </fieldset>
        )}
        <div className="mt-4 flex flex-col gap-3 sm:flex-row sm:items-center">
          {!adding && addresses.length > 0 && (
            <Button onClick={deliverToSelected} className="w-full sm:w-auto">
              Use this address
            </Button>
          )}
          {addresses.length > 0 && (
            <Button
              variant="secondary"
              onClick={toggleAdding}
              aria-expanded={adding}
              aria-controls={formId}
              className="w-full sm:w-auto"
            >
              {adding ? 'Close new address form' : 'Add a new address'}
            </Button>
          )}
          <Link
            to="/cart"
            className="text-center text-sm font-medium text-primary hover:underline sm:ml-auto"
          >
            Back to cart
          </Link>
        </div>
      </div>

      {adding && (
        <div id={formId} className="mt-6 rounded-lg border border-gray-200 p-4 md:p-6">
          <h2
            ref={formHeadingRef}
            tabIndex={-1}
            className="mb-4 text-lg font-semibold text-gray-900 outline-none"
          >
            New address
          </h2>
          <AddressForm onAdded={onAdded} />
        </div>
      )}
    </section>
  );
}

function AddAddressSkeleton() {
  return (
    <div role="status" aria-busy="true" className="mx-auto max-w-3xl py-8 md:py-12">
      <span className="sr-only">Loading addresses</span>
      <Skeleton className="h-8 w-56" />
      <SkeletonText lines={1} className="mt-3 max-w-md" />
      <div className="mt-8 space-y-3 rounded-lg border border-gray-200 p-4 md:p-6">
        <Skeleton className="h-6 w-40" />
        <Skeleton className="h-14 w-full" />
        <Skeleton className="h-14 w-full" />
      </div>
    </div>
  );
}
