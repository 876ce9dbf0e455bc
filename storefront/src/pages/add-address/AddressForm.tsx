import { useRef, useState, type FormEvent } from 'react';
import {
  ADDRESS_FIELD_MAX_LENGTH,
  ADDRESS_PROBLEM_MESSAGES,
  addressFieldProblems,
  addressProblem,
  DELIVERY_CITIES,
  DELIVERY_COUNTRIES,
  deliversTo,
  MESSAGES,
  notDeliveredMessage,
  type AddressInput,
  type DeliveryAreas,
} from '@larder/shared-domain';
import {
  useAddAddressMutation,
  useGetDeliveryAreasQuery,
  type AddressDto,
  type AddressInputDto,
  errorMessage,
  toast,
} from '@larder/shared-state';
import { Button, Select, TextInput, cx } from '@larder/shared-ui';

// The only country is chosen already: there is nothing to pick.
const EMPTY: AddressInput = {
  street: '',
  city: '',
  state: '',
  postalCode: '',
  country: DELIVERY_COUNTRIES.length === 1 ? DELIVERY_COUNTRIES[0] : '',
};

/** The fields in the order the form shows them: a refusal moves focus to the first of them in error. */
const FIELD_ORDER: readonly (keyof AddressInput)[] = ['street', 'city', 'state', 'postalCode', 'country'];

const CITY_OPTIONS = DELIVERY_CITIES.map((city) => ({ value: city, label: city }));
const COUNTRY_OPTIONS = DELIVERY_COUNTRIES.map((country) => ({ value: country, label: country }));

interface AddressFormProps {
  /** Called with the stored address (with its _id) once the server has added it. */
  onAdded?: (address: AddressDto) => void;
  className?: string;
}

/** The text beside each field: what addressFieldProblems finds, and a postcode outside the city's area. */
function fieldProblems(values: AddressInput, areas: DeliveryAreas | undefined) {
  const problems = addressFieldProblems(values);
  if (!problems.postalCode && !problems.city && areas && !deliversTo(values.postalCode, values.city, areas))
    problems.postalCode = notDeliveredMessage(values.postalCode);
  return problems;
}

/**
 * The add-address form of the profile and the add-address page: street, city, state, postcode and country.
 * Incomplete or undeliverable addresses are refused here, with nothing sent.
 */
export function AddressForm({ onAdded, className }: AddressFormProps) {
  const [values, setValues] = useState<AddressInput>(EMPTY);
  // Fields are marked once the customer has tried to add the address, and then follow what they type.
  const [tried, setTried] = useState(false);
  const [addAddress, { isLoading }] = useAddAddressMutation();
  const areas = useGetDeliveryAreasQuery().data?.areas;
  const problems = tried ? fieldProblems(values, areas) : {};
  const formRef = useRef<HTMLFormElement>(null);

  /** Moves focus to the first field in error, so a keyboard or screen reader user lands on what to fix. */
  function focusFirstProblem(address: AddressInput) {
    const found = fieldProblems(address, areas);
    const first = FIELD_ORDER.find((name) => found[name]);
    if (first) formRef.current?.querySelector<HTMLElement>(`[name="${first}"]`)?.focus();
  }

  const field = (name: keyof AddressInput) => ({
    name,
    value: values[name],
    error: problems[name],
    onChange: (event: { target: { value: string } }) =>
      setValues((current) => ({ ...current, [name]: event.target.value })),
  });

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (isLoading) return;
    const address: AddressInput = {
      street: values.street.trim(),
      city: values.city,
      state: values.state.trim(),
      postalCode: values.postalCode.trim(),
      country: values.country,
    };
    setTried(true);
    const problem = addressProblem(address);
    if (problem) {
      toast.error(ADDRESS_PROBLEM_MESSAGES[problem]);
      focusFirstProblem(address);
      return;
    }
    if (areas && !deliversTo(address.postalCode, address.city, areas)) {
      toast.error(notDeliveredMessage(address.postalCode));
      focusFirstProblem(address);
      return;
    }
    try {
      // addressProblem() has checked the city and country against the shop's lists.
      const result = await addAddress({ addAddressDto: { address: address as AddressInputDto } }).unwrap();
      setValues(EMPTY);
      setTried(false);
      onAdded?.(result.newAddress);
      toast.success(MESSAGES.addressAdded);
    } catch (error) {
      toast.error(errorMessage(error));
    }
  }

  return (
    <form
      ref={formRef}
      noValidate
      onSubmit={submit}
      aria-label="Add a new address"
      className={cx('grid gap-4 sm:grid-cols-2', className)}
    >
      <TextInput
        label="Street"
        placeholder="Street"
        autoComplete="street-address"
        maxLength={ADDRESS_FIELD_MAX_LENGTH}
        required
        fieldClassName="sm:col-span-2"
        {...field('street')}
      />
      <Select label="City" placeholder="Select City" options={CITY_OPTIONS} required {...field('city')} />
      <TextInput
        label="State"
        placeholder="State"
        autoComplete="address-level1"
        maxLength={ADDRESS_FIELD_MAX_LENGTH}
        required
        {...field('state')}
      />
      <TextInput
        label="Postcode"
        placeholder="Postcode"
        autoComplete="postal-code"
        autoCapitalize="characters"
        maxLength={ADDRESS_FIELD_MAX_LENGTH}
        required
        {...field('postalCode')}
      />
      <Select
        label="Country"
        placeholder="Select Country"
        options={COUNTRY_OPTIONS}
        required
        {...field('country')}
      />
      <div className="sm:col-span-2">
        <Button type="submit" loading={isLoading} className="w-full sm:w-auto">
          Add Address
        </Button>
      </div>
    </form>
  );
}
