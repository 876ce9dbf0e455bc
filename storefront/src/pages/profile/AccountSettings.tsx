import { MESSAGES } from '@larder/shared-domain';
import { api, useAppDispatch, type AddressDto, type UserDto } from '@larder/shared-state';
import { Badge, buttonClasses, TextInput } from '@larder/shared-ui';
import { AddressForm } from '../add-address/AddressForm';
import { PhoneEditor } from './PhoneEditor';

/**
 * The Account Settings tab: names, e-mail (read-only), phone, saved addresses, the add-address form and the
 * download of the customer's data.
 */
export function AccountSettings({ user }: { user: UserDto }) {
  const dispatch = useAppDispatch();

  function onAddressAdded(address: AddressDto) {
    dispatch(
      api.util.updateQueryData('getProfile', undefined, (draft) => {
        if (!draft.user.addresses.some((a) => a._id === address._id)) draft.user.addresses.push(address);
        if (!draft.user.defaultAddress) draft.user.defaultAddress = address._id;
      }),
    );
  }

  return (
    <div className="flex flex-col gap-8">
      <section aria-labelledby="personal-details-heading">
        <h2 id="personal-details-heading" className="text-xl font-semibold text-gray-900">
          Account Settings
        </h2>
        <div className="mt-4 grid gap-4 sm:grid-cols-2">
          <TextInput label="First name" value={user.firstName} readOnly autoComplete="given-name" />
          <TextInput label="Last name" value={user.lastName} readOnly autoComplete="family-name" />
          <TextInput
            label="Email"
            type="email"
            value={user.email}
            readOnly
            hint="Your email is your sign-in and can't be changed."
            fieldClassName="sm:col-span-2"
          />
          <PhoneEditor phone={user.phone} className="sm:col-span-2" />
        </div>
      </section>

      <section aria-labelledby="addresses-heading">
        <h3 id="addresses-heading" className="text-lg font-semibold text-gray-900">
          Saved addresses
        </h3>
        {user.addresses.length === 0 ? (
          <p className="mt-3 text-gray-700">{MESSAGES.noAddresses}</p>
        ) : (
          <ul className="mt-3 grid gap-3 sm:grid-cols-2" aria-label="Saved addresses">
            {user.addresses.map((address) => (
              <li key={address._id} className="rounded-md border border-gray-200 p-3 text-sm text-gray-800">
                <div className="flex items-start justify-between gap-2">
                  <address className="not-italic">
                    {address.street}
                    <br />
                    {address.city}, {address.state}
                    <br />
                    {address.postalCode}
                    <br />
                    {address.country}
                  </address>
                  {address._id === user.defaultAddress && <Badge tone="success">Default</Badge>}
                </div>
              </li>
            ))}
          </ul>
        )}
      </section>

      <section aria-labelledby="add-address-heading">
        <h3 id="add-address-heading" className="text-lg font-semibold text-gray-900">
          Add a new address
        </h3>
        <AddressForm onAdded={onAddressAdded} className="mt-4" />
      </section>

      <section aria-labelledby="your-data-heading">
        <h3 id="your-data-heading" className="text-lg font-semibold text-gray-900">
          Your data
        </h3>
        <p className="mt-2 text-sm text-gray-700">
          A copy of everything we hold about you: your details, addresses, orders, messages to us and
          newsletter subscription, as one file.
        </p>
        {/* A plain download: the browser sends the session cookie and saves the file the API names. */}
        <a
          href="/api/user/export"
          download
          className={buttonClasses({ variant: 'secondary', className: 'mt-3' })}
        >
          Download my data
        </a>
      </section>
    </div>
  );
}
