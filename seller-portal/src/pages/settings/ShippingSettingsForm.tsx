import type { FormEvent } from 'react';
import { MESSAGES, parsePoundsText } from '@larder/shared-domain';
import {
  useGetShippingSettingsQuery,
  useUpdateShippingSettingsMutation,
  type GetShippingSettingsApiResponse,
  toast,
} from '@larder/shared-state';
import { Button, Skeleton } from '@larder/shared-ui';
import { PoundsInput } from '../../components/PoundsInput';
import { focusControl, SettingsCard, useSettingsForm } from './SettingsCard';

type ShippingField = 'shippingCharge' | 'shippingThreshold';

const EMPTY = { shippingCharge: '', shippingThreshold: '' };

const fromSettings = (settings: GetShippingSettingsApiResponse): Record<ShippingField, string> => ({
  shippingCharge: settings.shippingCharge.toFixed(2),
  shippingThreshold: settings.shippingThreshold.toFixed(2),
});

/** The shipping fee and the free-shipping threshold, prefilled from the server. */
export function ShippingSettingsForm() {
  const { data, isLoading, isError, refetch } = useGetShippingSettingsQuery();
  const [save, { isLoading: saving }] = useUpdateShippingSettingsMutation();
  const { values, errors, setErrors, change, saved } = useSettingsForm(data, fromSettings, EMPTY);

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const shippingCharge = parsePoundsText(values.shippingCharge);
    const shippingThreshold = parsePoundsText(values.shippingThreshold);
    if (shippingCharge === undefined || shippingThreshold === undefined) {
      setErrors({
        shippingCharge: shippingCharge === undefined ? MESSAGES.amountInvalid : undefined,
        shippingThreshold: shippingThreshold === undefined ? MESSAGES.amountInvalid : undefined,
      });
      focusControl(event, shippingCharge === undefined ? 'shippingCharge' : 'shippingThreshold');
      return;
    }
    try {
      await save({ updateShippingSettingsDto: { shippingCharge, shippingThreshold } }).unwrap();
      toast.success(MESSAGES.shippingSettingsUpdated);
      saved();
    } catch {
      // Unlike stock and delete errors, a failed save always reads "Failed to update shipping settings".
      toast.error(MESSAGES.shippingSettingsFailed);
    }
  };

  const amountInput = (field: ShippingField, label: string) => (
    <PoundsInput
      label={label}
      name={field}
      value={values[field]}
      onChange={(event) => change(field, event.target.value)}
      error={errors[field]}
    />
  );

  return (
    <SettingsCard
      headingId="shipping-settings-heading"
      title="Shipping settings"
      description="Customers pay the shipping charge unless their goods come to the free-shipping threshold or more."
      loading={isLoading}
      skeleton={
        <div className="mt-4 grid gap-4 sm:grid-cols-[1fr_1fr_auto] sm:items-end" aria-hidden="true">
          <Skeleton className="h-16 w-full" />
          <Skeleton className="h-16 w-full" />
          <Skeleton className="h-11 w-24" />
        </div>
      }
      loadError={isError && !data ? MESSAGES.shippingSettingsLoadFailed : undefined}
      onRetry={() => refetch()}
      onSubmit={submit}
      formClassName="mt-4 grid gap-4 sm:grid-cols-[1fr_1fr_auto] sm:items-start"
    >
      {amountInput('shippingCharge', 'Shipping charge (£)')}
      {amountInput('shippingThreshold', 'Free shipping threshold (£)')}
      <Button type="submit" loading={saving} className="sm:mt-6">
        Save
      </Button>
    </SettingsCard>
  );
}
