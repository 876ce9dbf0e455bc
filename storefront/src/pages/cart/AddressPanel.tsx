import { useId, useRef, useState } from 'react';
import { Link } from 'react-router-dom';
import { formatAddress } from '@larder/shared-domain';
import type { AddressDto } from '@larder/shared-state';

interface AddressPanelProps {
  addresses: readonly AddressDto[];
  selected: AddressDto | null;
  onSelect: (addressId: string) => void;
  /** Runs the action for a signed-in customer, or asks a visitor to sign in. */
  requireSignIn: (action: () => void) => void;
}

/** The delivery address of the order with a Change toggle that opens the list of the customer's addresses. */
export function AddressPanel({ addresses, selected, onSelect, requireSignIn }: AddressPanelProps) {
  const [open, setOpen] = useState(false);
  const toggleRef = useRef<HTMLButtonElement>(null);
  const listId = useId();

  function close() {
    setOpen(false);
    toggleRef.current?.focus();
  }

  function choose(addressId: string) {
    onSelect(addressId);
    close();
  }

  return (
    <div>
      <div className="flex items-start justify-between gap-3">
        <h3 className="text-sm font-semibold tracking-wide text-gray-700 uppercase">Delivery Address</h3>
        <button
          ref={toggleRef}
          type="button"
          aria-expanded={open}
          aria-controls={listId}
          onClick={() => requireSignIn(() => setOpen((value) => !value))}
          className="min-h-9 rounded-md px-2 text-sm font-medium text-primary hover:bg-primary-soft hover:underline"
        >
          Change<span className="sr-only"> delivery address</span>
        </button>
      </div>
      <p className="mt-1 text-sm text-gray-800" data-testid="selected-address">
        {selected ? formatAddress(selected) : 'No address found'}
      </p>
      {open && (
        <div
          id={listId}
          onKeyDown={(event) => {
            if (event.key === 'Escape') close();
          }}
          className="mt-2 rounded-md border border-gray-300 bg-white p-2 text-sm shadow-sm"
        >
          {addresses.length > 0 && (
            <fieldset>
              <legend className="sr-only">Choose a delivery address</legend>
              <ul className="flex flex-col">
                {addresses.map((address) => (
                  <li key={address._id}>
                    <label className="flex cursor-pointer items-start gap-2 rounded-md p-2 hover:bg-gray-100">
                      <input
                        type="radio"
                        name="delivery-address"
                        value={address._id}
                        checked={selected?._id === address._id}
                        onChange={() => choose(address._id)}
                        className="mt-0.5 h-4 w-4 accent-primary"
                      />
                      <span>{formatAddress(address)}</span>
                    </label>
                  </li>
                ))}
              </ul>
            </fieldset>
          )}
          <Link
            to="/add-address"
            className="mt-1 block rounded-md p-2 text-center font-medium text-primary hover:bg-primary-soft"
          >
            Add address
          </Link>
        </div>
      )}
    </div>
  );
}
