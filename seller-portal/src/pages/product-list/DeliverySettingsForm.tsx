import type { FormEvent } from 'react';
import { MAX_SLOT_CAPACITY, MESSAGES, MIN_SLOT_CAPACITY } from '@larder/shared-domain';
import {
  useGetDeliverySettingsQuery,
  useUpdateDeliverySettingsMutation,
  errorMessage,
  successMessage,
  type GetDeliverySettingsApiResponse,
  toast,
} from '@larder/shared-state';
import { Button, Skeleton, TextInput } from '@larder/shared-ui';
import { focusControl, SettingsCard, useSettingsForm } from './SettingsCard';

/** A whole number within the slot-capacity range, or undefined. */
function parseCapacity(text: string): number | undefined {
  const trimmed = text.trim();
  if (!/^\d+$/.test(trimmed)) return undefined;
  const value = Number(trimmed);
  return value >= MIN_SLOT_CAPACITY && value <= MAX_SLOT_CAPACITY ? value : undefined;
}

const EMPTY = { slotCapacity: '' };

const fromSettings = (settings: GetDeliverySettingsApiResponse) => ({
  slotCapacity: String(settings.slotCapacity),
});

/** How many orders each delivery slot takes, prefilled from the server (GET/POST /api/settings/delivery). */
export function DeliverySettingsForm() {
  const { data, isLoading, isError, refetch } = useGetDeliverySettingsQuery();
  const [save, { isLoading: saving }] = useUpdateDeliverySettingsMutation();
  const { values, errors, setErrors, change, saved } = useSettingsForm(data, fromSettings, EMPTY);

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const slotCapacity = parseCapacity(values.slotCapacity);
    if (slotCapacity === undefined) {
      setErrors({ slotCapacity: MESSAGES.invalidSlotCapacity });
      focusControl(event, 'slotCapacity');
      return;
    }
    try {
      const result = await save({ updateDeliverySettingsDto: { slotCapacity } }).unwrap();
      toast.success(successMessage(result, MESSAGES.deliverySettingsUpdated));
      saved();
    } catch (failure) {
      toast.error(errorMessage(failure, MESSAGES.slotCapacitySaveFailed));
    }
  };

  return (
    <SettingsCard
      headingId="delivery-settings-heading"
      title="Delivery slots"
      description="How many orders each one-hour slot takes. Lowering it keeps the orders already booked."
      loading={isLoading}
      skeleton={
        <div className="mt-4 flex items-end gap-4" aria-hidden="true">
          <Skeleton className="h-16 flex-1" />
          <Skeleton className="h-11 w-24" />
        </div>
      }
      loadError={isError && !data ? MESSAGES.slotCapacityLoadFailed : undefined}
      onRetry={() => refetch()}
      onSubmit={submit}
      formClassName="mt-4 grid gap-4 sm:grid-cols-[1fr_auto] sm:items-start"
    >
      <TextInput
        label="Orders per slot"
        name="slotCapacity"
        type="number"
        inputMode="numeric"
        min={MIN_SLOT_CAPACITY}
        max={MAX_SLOT_CAPACITY}
        step={1}
        required
        value={values.slotCapacity}
        onChange={(event) => change('slotCapacity', event.target.value)}
        error={errors.slotCapacity}
      />
      <Button type="submit" loading={saving} className="sm:mt-6">
        Save
      </Button>
    </SettingsCard>
  );
}
