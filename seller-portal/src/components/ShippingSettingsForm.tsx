import { useEffect, useState, type FormEvent } from 'react';
import toast from 'react-hot-toast';
import { MESSAGES, parsePoundsText } from '@larder/shared-domain';
import { useGetShippingSettingsQuery, useUpdateShippingSettingsMutation } from '@larder/shared-state';
import { Button, Skeleton } from '@larder/shared-ui';
import { PoundsInput } from './PoundsInput';

type ShippingField = 'shippingCharge' | 'shippingThreshold';

const toText = (pounds: number) => pounds.toFixed(2);

/** The shipping fee and the free-shipping threshold, prefilled from the server. */
export function ShippingSettingsForm() {
  const { data, isLoading, isError, refetch } = useGetShippingSettingsQuery();
  const [save, { isLoading: saving }] = useUpdateShippingSettingsMutation();
  const [values, setValues] = useState<Record<ShippingField, string>>({
    shippingCharge: '',
    shippingThreshold: '',
  });
  const [errors, setErrors] = useState<Partial<Record<ShippingField, string>>>({});
  const [dirty, setDirty] = useState(false);

  useEffect(() => {
    if (data && !dirty) {
      setValues({
        shippingCharge: toText(data.shippingCharge),
        shippingThreshold: toText(data.shippingThreshold),
      });
    }
  }, [data, dirty]);

  const change = (field: ShippingField, value: string) => {
    setValues((current) => ({ ...current, [field]: value }));
    setErrors((current) => ({ ...current, [field]: undefined }));
    setDirty(true);
  };

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const shippingCharge = parsePoundsText(values.shippingCharge);
    const shippingThreshold = parsePoundsText(values.shippingThreshold);
    if (shippingCharge === undefined || shippingThreshold === undefined) {
      setErrors({
        shippingCharge: shippingCharge === undefined ? MESSAGES.amountInvalid : undefined,
        shippingThreshold: shippingThreshold === undefined ? MESSAGES.amountInvalid : undefined,
      });
      const field = shippingCharge === undefined ? 'shippingCharge' : 'shippingThreshold';
      (event.currentTarget.elements.namedItem(field) as HTMLInputElement | null)?.focus();
      return;
    }
    try {
      await save({ updateShippingSettingsDto: { shippingCharge, shippingThreshold } }).unwrap();
      toast.success(MESSAGES.shippingSettingsUpdated);
      setDirty(false);
    } catch {
      // Unlike stock and delete errors, a failed save always reads "Failed to update shipping settings".
      toast.error(MESSAGES.shippingSettingsFailed);
    }
  };

  return (
    <section
      aria-labelledby="shipping-settings-heading"
      className="rounded-xl border border-gray-200 p-4 md:p-6"
    >
      <h2 id="shipping-settings-heading" className="text-lg font-semibold text-gray-900">
        Shipping settings
      </h2>
      <p className="mt-1 text-sm text-gray-600">
        Customers pay the shipping charge unless their goods come to the free-shipping threshold or more.
      </p>
      {isLoading ? (
        <div className="mt-4 grid gap-4 sm:grid-cols-[1fr_1fr_auto] sm:items-end" aria-hidden="true">
          <Skeleton className="h-16 w-full" />
          <Skeleton className="h-16 w-full" />
          <Skeleton className="h-11 w-24" />
        </div>
      ) : isError && !data ? (
        <div className="mt-4 flex flex-wrap items-center gap-3" role="alert">
          <p className="text-sm text-danger">The shipping settings could not be loaded.</p>
          <Button variant="secondary" size="sm" onClick={() => refetch()}>
            Try again
          </Button>
        </div>
      ) : (
        <form
          onSubmit={submit}
          noValidate
          className="mt-4 grid gap-4 sm:grid-cols-[1fr_1fr_auto] sm:items-start"
        >
          <PoundsInput
            label="Shipping charge (£)"
            name="shippingCharge"
            value={values.shippingCharge}
            onChange={(event) => change('shippingCharge', event.target.value)}
            error={errors.shippingCharge}
          />
          <PoundsInput
            label="Free shipping threshold (£)"
            name="shippingThreshold"
            value={values.shippingThreshold}
            onChange={(event) => change('shippingThreshold', event.target.value)}
            error={errors.shippingThreshold}
          />
          <Button type="submit" loading={saving} className="sm:mt-6">
            Save
          </Button>
        </form>
      )}
    </section>
  );
}
